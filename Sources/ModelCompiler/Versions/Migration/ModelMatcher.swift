/// Core Data's inferred mapping: a source and a destination element are the same element when they share
/// a renaming identifier (the `elementID`, else the name). Identifiers are canonical names, so a chain of
/// renames maps only if every version keeps the first name as its identifier (spec: migration-rules.md).
struct ModelMatcher {
    let source: ManagedObjectModel
    let destination: ManagedObjectModel
    let sourceEntities: [String: Entity]
    let destinationEntities: [String: Entity]
    /// Destination entity name -> source entity name.
    let entityMapping: [String: String]
    /// Source entity name -> the first destination entity (in the destination's order) mapped to it.
    let destinationNames: [String: String]

    /// The destination's stored visible properties per entity, when computed once for many pairs into one version.
    let destinationProperties: StoredProperties?

    /// `destinationIndex`: the same destination's entities and stored properties, shared by every pair into it
    /// (the migration history analyses every earlier version into the current one).
    /// `sourceEntities`: the source's `entitiesByName`, when the caller has it.
    init(
        from source: ManagedObjectModel, to destination: ManagedObjectModel, sourceEntities: [String: Entity]? = nil,
        destinationIndex: StoredProperties? = nil
    ) {
        self.source = source
        self.destination = destination
        self.sourceEntities = sourceEntities ?? source.entitiesByName
        destinationEntities = destinationIndex?.entities ?? destination.entitiesByName
        destinationProperties = destinationIndex
        // Names and identifiers read in place, by index: a `for` over the entities copied each one, every pair.
        let sources = source.entities, destinations = destination.entities
        var byIdentifier: [String: String] = [:]
        byIdentifier.reserveCapacity(sources.count)
        // Backwards, so that the first entity of an identifier is written last: one lookup each.
        for index in sources.indices.reversed() {
            byIdentifier[sources[index].effectiveRenamingIdentifier] = sources[index].name
        }
        var mapping: [String: String] = [:], reverse: [String: String] = [:]
        mapping.reserveCapacity(destinations.count)
        reverse.reserveCapacity(destinations.count)
        for index in destinations.indices where mapping[destinations[index].name] == nil {
            if let match = byIdentifier[destinations[index].effectiveRenamingIdentifier] {
                mapping[destinations[index].name] = match
            }
        }
        for index in destinations.indices {
            if let source = mapping[destinations[index].name], reverse[source] == nil {
                reverse[source] = destinations[index].name
            }
        }
        entityMapping = mapping
        destinationNames = reverse
    }

    /// Own and inherited properties, nearest declaration winning: a store row holds them all.
    static func visibleProperties(of entity: Entity, in entities: [String: Entity]) -> [Property] {
        let visible = VisibleProperties(of: entity, in: entities)
        return visible.references.map(visible.property)
    }

    /// The visible property of that name, the only one copied.
    static func visibleProperty(named name: String, of entity: Entity, in entities: [String: Entity]) -> Property? {
        let visible = VisibleProperties(of: entity, in: entities)
        return visible.references.first { $0.name == name }.map(visible.property)
    }

    /// The renaming identifiers of the same, without copying any property.
    static func visibleIdentifiers(of entity: Entity, in entities: [String: Entity]) -> [String] {
        let visible = VisibleProperties(of: entity, in: entities)
        return visible.references.map(visible.renamingIdentifier)
    }

    /// Two entities' stored properties, and which of them map: by position, so that no property (a large value) is
    /// copied to be matched. The source's are read in place (each pair has its own source); the destination's are the
    /// copies shared by every pair into it.
    struct PropertyMatch {
        let sourceVisible: VisibleProperties
        /// The source's stored properties, as positions in `sourceVisible`.
        let sourceStored: [VisibleProperties.Reference]
        let destination: [Property]
        /// The entity that declares each of `destination`: the destination entity itself or an ancestor.
        let destinationDeclarers: [String]
        /// (source position, destination position) of each pair that maps, in destination order.
        var matched: [(Int, Int)] = []
        var removed: [Int] = []
        var added: [Int] = []

        /// A source property, copied: only the few that are removed are asked for whole.
        func source(_ position: Int) -> Property { sourceVisible.property(sourceStored[position]) }

        /// The entity that declares a source property: the source entity itself or an ancestor.
        func sourceDeclarer(_ position: Int) -> String { sourceVisible.declarer(of: sourceStored[position]).name }
    }

    /// Pairs of (source, destination) properties that map, plus the unmatched ones on each side. Each source property
    /// is looked up among the destination's identifiers (shared by every pair into that version): the first source
    /// property of an identifier maps to the first destination property of it, as Core Data pairs them.
    func properties(from sourceEntity: Entity, to destinationEntity: Entity) -> PropertyMatch {
        let visible = VisibleProperties(of: sourceEntity, in: sourceEntities)
        // Room reserved up front for every list: growing them was a tenth of matching.
        var stored: [VisibleProperties.Reference] = []
        stored.reserveCapacity(visible.references.count)
        for reference in visible.references where visible.isStored(reference) { stored.append(reference) }
        let destination =
            destinationProperties?.byEntity[destinationEntity.name]
            ?? StoredProperties.Stored(of: destinationEntity, in: destinationEntities)
        let destinationProperties = destination.properties, firstByIdentifier = destination.firstByIdentifier
        var match = PropertyMatch(
            sourceVisible: visible, sourceStored: stored, destination: destinationProperties,
            destinationDeclarers: destination.declarers)
        // Destination position -> the source position mapped to it.
        var sources = [Int?](repeating: nil, count: destinationProperties.count)
        var used = [Bool](repeating: false, count: stored.count), matchedCount = 0
        for index in stored.indices {
            if let target = firstByIdentifier[visible.renamingIdentifier(stored[index])], sources[target] == nil {
                sources[target] = index
                used[index] = true
                matchedCount += 1
            }
        }
        match.matched.reserveCapacity(matchedCount)
        match.added.reserveCapacity(destinationProperties.count - matchedCount)
        for index in destinationProperties.indices {
            if let source = sources[index] { match.matched.append((source, index)) } else { match.added.append(index) }
        }
        match.removed = stored.indices.filter { !used[$0] }
        return match
    }

    /// The root of an entity's hierarchy: the last of `Entity.lineageNames`, walked without listing them.
    static func root(of entity: Entity, in entities: [String: Entity]) -> String {
        root(of: entity.name, parent: entity.parentName, in: entities)
    }

    static func root(of name: String, parent: String?, in entities: [String: Entity]) -> String {
        guard var next = parent else { return name }
        var root = name, seen: Set<String> = [name]
        while let index = entities.index(forKey: next), seen.insert(next).inserted {
            root = next
            guard let after = entities[index].value.parentName else { break }
            next = after
        }
        return root
    }
}

/// One version's entities by name and each entity's stored visible properties, computed once and shared by every
/// migration pair into that version.
struct StoredProperties: Sendable {
    /// An entity's stored visible properties (copies: the destination's are read by every pair), chosen before any
    /// is copied.
    struct Stored: Sendable {
        let properties: [Property]
        /// The entity that declares each: the entity itself or an ancestor.
        let declarers: [String]
        /// Renaming identifier -> the position of the first property that has it.
        let firstByIdentifier: [String: Int]

        init(of entity: Entity, in entities: [String: Entity]) {
            let visible = VisibleProperties(of: entity, in: entities)
            let stored = visible.references.filter(visible.isStored)
            properties = stored.map(visible.property)
            declarers = stored.map { visible.declarer(of: $0).name }
            var first: [String: Int] = [:]
            first.reserveCapacity(properties.count)
            // Backwards, so that the first one is written last: one lookup each.
            for index in properties.indices.reversed() { first[properties[index].renamingIdentifier] = index }
            firstByIdentifier = first
        }
    }

    let entities: [String: Entity]
    let byEntity: [String: Stored]
    /// Each hierarchy of two entities or more: its root and its members' names, in the model's order; by root.
    let hierarchies: [(root: String, members: [String])]

    init(_ model: ManagedObjectModel) {
        entities = model.entitiesByName
        var byEntity: [String: Stored] = [:]
        for entity in model.entities where byEntity[entity.name] == nil {
            byEntity[entity.name] = Stored(of: entity, in: entities)
        }
        self.byEntity = byEntity
        hierarchies = Self.hierarchies(of: model, in: entities)
    }

    static func hierarchies(
        of model: ManagedObjectModel, in entities: [String: Entity]
    )
        -> [(root: String, members: [String])]
    {
        var members: [String: [String]] = [:]
        for index in model.entities.indices {
            let entity = model.entities[index]
            members[ModelMatcher.root(of: entity, in: entities), default: []].append(entity.name)
        }
        return members.filter { Set($0.value).count > 1 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
