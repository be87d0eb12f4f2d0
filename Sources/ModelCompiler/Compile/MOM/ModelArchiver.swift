import Foundation

/// Builds the NSManagedObjectModel object graph of one model version, as Apple's momc archives it
/// (spec §4). Entities are created first so that every reference (superentity, destination, inverse,
/// fetch request entity) points at the one object.
enum ModelArchiver {
    /// The `.mom` file bytes of a version. `helper`: another thread may fill entities ahead of the writer.
    static func momData(for model: ManagedObjectModel, helper: FillAhead? = nil) -> [UInt8] {
        var builder = GraphBuilder(model)
        let root = builder.build()
        if let helper, let filler = builder.filler { helper.offer(filler) }
        let archive = KeyedArchiveWriter.archive(root: root)
        helper?.close()
        // The writer melts what it writes; anything it did not reach (nodes point at each other) goes here, before
        // the bytes are laid out.
        root.dismantle()
        return archive.binaryPropertyList()
    }

    static func graph(for model: ManagedObjectModel) -> ArchiveNode {
        var builder = GraphBuilder(model)
        return builder.build()
    }
}

/// Fills the nodes of one entity (its own and its properties') the first time one of them is read: the archive
/// writer then writes them before it moves on, so a large model's graph is never held whole. Another thread may
/// fill entities ahead of the writer (`fillAhead`); an entity is filled once, by whichever thread claims it first,
/// and only the writer's thread ever reads a node or touches its pending fill.
final class EntityFiller: @unchecked Sendable {
    private let builder: GraphBuilder
    private let lock = NSCondition()
    /// The first entity of each name: validation reports the others, and only the first is archived.
    private var unfilled: [String: Entity] = [:]
    /// Entities the other thread is filling now: the writer waits for them.
    private var filling: Set<String> = []
    /// The entities in the order the other thread takes them (the writer goes roughly in name order from the first).
    private let names: [String]

    init(_ builder: GraphBuilder) {
        self.builder = builder
        var names: [String] = []
        for entity in builder.model.entities where unfilled[entity.name] == nil {
            unfilled[entity.name] = entity
            names.append(entity.name)
        }
        self.names = GraphBuilder.sortedPositions(names).reversed().map { names[$0] }
    }

    /// The writer's thread, on reaching one of the entity's nodes: returns once the entity is filled.
    func fill(_ name: String) {
        lock.lock()
        while filling.contains(name) { lock.wait() }
        let entity = unfilled.removeValue(forKey: name)
        lock.unlock()
        guard let entity else { return }
        builder.entityNodes[name]?.cancelFill()
        for node in builder.relationshipNodes[name]?.values ?? [:].values { node.cancelFill() }
        builder.fillEntity(entity)
    }

    /// Another thread: fills the entities the writer has not claimed, from the last by name, until none is left.
    /// It sets only fields of the nodes it fills; the writer reads them after `fill` has seen them done.
    /// Returns how many it filled.
    @discardableResult
    func fillAhead() -> Int {
        var filled = 0
        for name in names {
            lock.lock()
            let entity = unfilled.removeValue(forKey: name)
            if entity != nil { filling.insert(name) }
            lock.unlock()
            guard let entity else { continue }
            builder.fillEntity(entity)
            filled += 1
            lock.lock()
            filling.remove(name)
            lock.broadcast()
            lock.unlock()
        }
        return filled
    }
}

/// Hands a version's entity filler from the job writing its archive to a job with time to spare (the one that
/// hashes the version finishes long before the archive is written).
final class FillAhead: @unchecked Sendable {
    private let lock = NSLock()
    private var filler: EntityFiller?
    private var closed = false

    func offer(_ filler: EntityFiller) {
        lock.withLock { if !closed { self.filler = filler } }
    }

    /// Fills ahead of the writer when the archive has begun and is not finished, and returns how many entities it
    /// filled; nil when there was nothing to help with (not begun, finished, or another helper took it).
    @discardableResult
    func help() -> Int? {
        let filler = lock.withLock { () -> EntityFiller? in
            defer { self.filler = nil }
            return self.filler
        }
        return filler?.fillAhead()
    }

    var isClosed: Bool { lock.withLock { closed } }

    /// The archive is written: a helper arriving later has nothing to do.
    func close() {
        lock.withLock {
            closed = true
            filler = nil
        }
    }
}

struct GraphBuilder {
    let model: ManagedObjectModel
    let root = ArchiveNode(ClassChain.model)
    let expressions = ExpressionArchiver()
    var entityNodes: [String: ArchiveNode] = [:]
    var entities: [String: Entity]
    /// Relationship nodes by entity and name, so inverses can point at each other.
    var relationshipNodes: [String: [String: ArchiveNode]] = [:]
    /// Direct subentities by parent name, found once (searching per entity was quadratic).
    let children: [String: [String]]
    /// What fills the entities' nodes, once `build` has made it.
    private(set) var filler: EntityFiller?
    /// Entity name -> its parent's, when the parent exists, as the first entity of that name declares it (the one
    /// `entities` holds, as `Entity.lineage` goes): an inverse is looked up along it.
    let parents: [String: String]

    init(_ model: ManagedObjectModel) {
        self.model = model
        entities = model.entitiesByName
        var children: [String: [String]] = [:], parents: [String: String] = [:], seen: Set<String> = []
        for entity in model.entities {
            let isFirstOfItsName = seen.insert(entity.name).inserted
            guard let parent = entity.parentName else { continue }
            children[parent, default: []].append(entity.name)
            if isFirstOfItsName, entities.index(forKey: parent) != nil { parents[entity.name] = parent }
        }
        self.children = children
        self.parents = parents
    }

    /// By name in NSString order, equal names in their given order. Positions are sorted, not the pairs: moving a
    /// name and a node costs four reference counts, and the property sorts alone were 2% of a compile.
    static func sorted<T>(_ pairs: [(String, T)]) -> [(String, T)] {
        guard pairs.count > 1 else { return pairs }
        return sortedPositions(pairs.map(\.0)).map { pairs[$0] }
    }

    static func sortedPositions(_ names: [String]) -> [Int] {
        names.indices.sorted { VersionHasher.nsStringOrder(names[$0], names[$1]) }
    }

    mutating func build() -> ArchiveNode {
        for entity in model.entities where entityNodes[entity.name] == nil {
            entityNodes[entity.name] = ArchiveNode(ClassChain.entity)
            relationshipNodes[entity.name] = Dictionary(entity.relationships.map { ($0.name, ArchiveNode(ClassChain.relationship)) },
                                                        uniquingKeysWith: { first, _ in first })
        }
        root.set("NSEntities", .object(.node(.dictionary(Self.sorted(entityNodes.map { ($0.key, $0.value) })
            .map { (.string($0.0), .node($0.1)) }, mutable: true))))
        // Each entity's nodes are filled when the archive writer first reaches one of them, and written at once.
        let filler = EntityFiller(self)
        root.own(filler)
        self.filler = filler
        for (name, node) in entityNodes {
            node.fill { [weak filler] in filler?.fill(name) }
            for relationship in relationshipNodes[name]?.values ?? [:].values {
                relationship.fill { [weak filler] in filler?.fill(name) }
            }
        }
        if model.fetchRequests.isEmpty {
            root.set("NSFetchRequestTemplates", .object(.null))
        } else {
            var templates: [(String, ArchiveNode)] = []
            for request in model.fetchRequests where !templates.contains(where: { $0.0 == request.name }) {
                templates.append((request.name, fetchRequestNode(request)))
            }
            root.set("NSFetchRequestTemplates", .object(.node(.dictionary(Self.sorted(templates)
                .map { (.string($0.0), .node($0.1)) }, mutable: true))))
        }
        root.set("NSVersionIdentifiers", .object(.node(.set([.string(model.metadata.versionIdentifier ?? "")]))))
        if !model.configurations.isEmpty {
            var configurations: [(String, ArchiveNode)] = []
            for configuration in model.configurations where !configurations.contains(where: { $0.0 == configuration.name }) {
                let members = configuration.members.compactMap { entityNodes[$0.entityName] }
                configurations.append((configuration.name, .set(members.map { .node($0) })))
            }
            root.set("NSConfigurations", .object(.node(.dictionary(Self.sorted(configurations)
                .map { (.string($0.0), .node($0.1)) }, mutable: true))))
        }
        return root
    }

    func fillEntity(_ entity: Entity) {
        let node = entityNodes[entity.name]!
        var fields = ArchiveFields(capacity: 16)
        fields.set("NSEntityName", .object(.string(entity.name)))
        let className = entity.className.flatMap { $0.isEmpty || $0 == "NSManagedObject" ? nil : $0 }
        fields.set("NSClassNameForEntity", .object(className.map { .string($0) } ?? .null))
        if entity.isAbstract { fields.set("NSIsAbstract", .bool(true)) }
        fields.set("NSManagedObjectModel", .object(.node(root)))
        fields.set("NSSuperentity", .object(entity.parentName.flatMap { entityNodes[$0] }.map { .node($0) } ?? .null))
        let children = (self.children[entity.name] ?? []).compactMap { name in entityNodes[name].map { (name, $0) } }
        let subentities = Self.sorted(children).map { (ArchiveValue.string($0.0), ArchiveValue.node($0.1)) }
        fields.set("NSSubentities", .object(.node(.dictionary(subentities, mutable: true))))
        let properties = propertiesByName(of: entity, owner: node)
        fields.set("NSProperties", .object(.node(.dictionary(properties, mutable: true))))
        fields.set("NSUserInfo", .object(.node(userInfoNode(entity.userInfo))))
        let modifier = entity.versionHashModifier.flatMap { $0.isEmpty ? nil : ArchiveValue.string($0) }
        fields.set("NSVersionHashModifier", .object(modifier ?? .null))
        fields.set("NSRenamingIdentifier", .object(.string(entity.effectiveRenamingIdentifier)))
        if !entity.uniquenessConstraints.isEmpty {
            fields.set("NSUniqueTuples", .object(.node(.array(entity.uniquenessConstraints.map { constraint in
                .node(.array(constraint.members.map { .string($0.value) }, mutable: true))
            }, mutable: true))))
        }
        node.add(fields)
        fillIndexes(of: entity, into: node)
    }

    /// The entity's properties by name, the first of each name (validation rejects a model with two): equal names
    /// sort side by side, the first declared first, so no set of names is needed.
    private func propertiesByName(of entity: Entity, owner node: ArchiveNode) -> [(ArchiveValue, ArchiveValue)] {
        let names = entity.propertyNames
        let order = Self.sortedPositions(names)
        var kept = [Bool](repeating: false, count: names.count)
        for (rank, position) in order.enumerated() where rank == 0 || names[order[rank - 1]] != names[position] {
            kept[position] = true
        }
        // Made in declaration order, as before; placed in name order.
        var nodes = [ArchiveNode?](repeating: nil, count: names.count)
        let indexed = singlyIndexedAttributes(of: entity)
        let relationshipsStart = entity.attributes.count, fetchedStart = relationshipsStart + entity.relationships.count
        for (offset, attribute) in entity.attributes.enumerated() where kept[offset] {
            nodes[offset] = attributeNode(attribute, owner: node, indexed: indexed.contains(attribute.name))
        }
        for (offset, relationship) in entity.relationships.enumerated() where kept[relationshipsStart + offset] {
            nodes[relationshipsStart + offset] = relationshipNode(relationship, of: entity, owner: node)
        }
        for (offset, fetched) in entity.fetchedProperties.enumerated() where kept[fetchedStart + offset] {
            nodes[fetchedStart + offset] = fetchedPropertyNode(fetched, owner: node)
        }
        return order.compactMap { position in nodes[position].map { (.string(names[position]), .node($0)) } }
    }

    /// Attributes that `NSIsIndexed` marks: named by a one-element fetch index, or `indexed="YES"`.
    private func singlyIndexedAttributes(of entity: Entity) -> Set<String> {
        var names = Set(entity.attributes.filter(\.isIndexed).map(\.name))
        for index in entity.fetchIndexes where index.elements.count == 1 {
            if let property = index.elements[0].property { names.insert(property) }
        }
        return names
    }

    private func fillIndexes(of entity: Entity, into node: ArchiveNode) {
        let oldStyle = entity.attributes.filter(\.isIndexed)
        guard !entity.fetchIndexes.isEmpty || !oldStyle.isEmpty || !entity.compoundIndexes.isEmpty else { return }
        var descriptions: [ArchiveValue] = []
        for index in entity.fetchIndexes {
            descriptions.append(.node(fetchIndexNode(name: index.name, elements: index.elements.map {
                ($0.property ?? $0.expression ?? "", $0.kind == .rTree ? 1 : 0, $0.isAscending)
            }, entity: node)))
        }
        // Old `indexed="YES"`: one description per attribute, named after it, with no entity (VERIFIED).
        for attribute in oldStyle {
            descriptions.append(.node(fetchIndexNode(name: attribute.name, elements: [(attribute.name, 0, true)], entity: nil)))
        }
        node.set("NSFetchIndexDescriptions", .object(.node(.array(descriptions, mutable: true))))
        var compound: [ArchiveValue] = entity.fetchIndexes.filter { $0.elements.count > 1 }.map { index in
            .node(.array(index.elements.map { .string($0.property ?? $0.expression ?? "") }, mutable: true))
        }
        compound += entity.compoundIndexes.map { .node(.array($0.members.map { .string($0.value) }, mutable: true)) }
        node.set("NSCompoundIndexes", .object(.node(.array(compound, mutable: true))))
    }

    private func fetchIndexNode(name: String, elements: [(String, Int64, Bool)], entity: ArchiveNode?) -> ArchiveNode {
        let index = ArchiveNode(ClassChain.fetchIndex)
        index.set("NSIndexName", .object(.string(name)))
        let elementNodes: [ArchiveValue] = elements.map { property, type, ascending in
            let element = ArchiveNode(ClassChain.fetchIndexElement)
            element.set("NSPropertyName", .object(.string(property)))
            element.set("NSFetchIndexElementType", .int(type))
            element.set("NSAscending", .bool(ascending))
            element.set("NSFetchIndexDescription", .object(.node(index)))
            return .node(element)
        }
        index.set("NSIndexElements", .object(.node(.array(elementNodes, mutable: false))))
        index.set("NSEntity", .object(entity.map { .node($0) } ?? .null))
        index.set("NSPartialIndexPredicate", .object(.null))
        return index
    }

    func userInfoNode(_ userInfo: UserInfo) -> ArchiveNode {
        .dictionary(Self.sorted(userInfo.dictionary.map { ($0.key, $0.value) }).map { (.string($0.0), .string($0.1)) },
                    mutable: false)
    }
}
