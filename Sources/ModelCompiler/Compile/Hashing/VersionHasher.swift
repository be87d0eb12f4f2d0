/// Core Data's version hashes (../shared spec §5): what a store's metadata records and what migration
/// compares. A wrong byte here means existing user stores no longer open, so every rule follows the
/// spec exactly; the ones no Apple-compiled vector confirms are listed in `CompatibilityChoices`.
public struct VersionHashes: Hashable, Sendable {
    /// `entityVersionHashesByName`: entity name -> 32-byte hash.
    public var entityHashes: [String: [UInt8]]
    /// Entity name -> own attribute or relationship name -> its property hash (`NSPropertyDescription.versionHash`).
    public var propertyHashes: [String: [String: [UInt8]]] = [:]
    public var versionHash: [UInt8]

    /// `versionChecksum`: base64 of `versionHash`, what Xcode prints and `VersionInfo.plist` records.
    public var versionChecksum: String { Base64.encode(versionHash) }
}

enum VersionHasher {
    static func hashes(for model: ManagedObjectModel) -> VersionHashes {
        var hasher = ModelHasher(model)
        var entityHashes: [String: [UInt8]] = [:]
        var propertyHashes: [String: [String: [UInt8]]] = [:]
        for entity in model.entities where entityHashes[entity.name] == nil {
            entityHashes[entity.name] = hasher.entityHash(entity.name)
            let declared = hasher.declaredHashes(of: entity)
            var own: [String: [UInt8]] = [:]
            for (index, attribute) in entity.attributes.enumerated() where own[attribute.name] == nil {
                own[attribute.name] = declared.attributes[index]
            }
            for (index, relationship) in entity.relationships.enumerated() where own[relationship.name] == nil {
                own[relationship.name] = declared.relationships[index]
            }
            propertyHashes[entity.name] = own
        }
        var version = SHA256()
        for name in entityHashes.keys.sorted(by: nsStringOrder) { version.update(entityHashes[name]!) }
        return VersionHashes(entityHashes: entityHashes, propertyHashes: propertyHashes, versionHash: version.finalize())
    }

    /// NSString `compare:` without options orders by UTF-16 code units for the names Core Data allows.
    static func nsStringOrder(_ lhs: String, _ rhs: String) -> Bool {
        // UTF-8 bytes sort like UTF-16 units except where a scalar from U+E000 (lead byte 0xEE and up) meets
        // one beyond U+FFFF; only such a first difference needs the slower UTF-16 comparison.
        var left = lhs, right = rhs
        let order: Bool? = left.withUTF8 { a in
            right.withUTF8 { b in
                for index in 0..<min(a.count, b.count) where a[index] != b[index] {
                    return a[index] >= 0xEE || b[index] >= 0xEE ? nil : a[index] < b[index]
                }
                return a.count < b.count
            }
        }
        return order ?? lhs.utf16.lexicographicallyPrecedes(rhs.utf16)
    }
}

private struct ModelHasher {
    let entities: [String: Entity]
    let composites: [String: Composite]
    /// Entity name -> its parent's, when the parent exists.
    let parents: [String: String]
    /// Property names declared more than once in the model: only these can hide one another, so only these need a
    /// set when an entity's visible properties are gathered (a deep hierarchy otherwise pays a set per level).
    let repeatedNames: Set<String>
    /// Entity name -> its own properties in declaration order by kind, with their hash (nil when not hashed:
    /// transient, fetched): what each subentity sees of it.
    var own: [String: [(name: String, hash: [UInt8]?)]] = [:]
    var memo: [String: [UInt8]] = [:]
    var declaredMemo: [String: (attributes: [[UInt8]], relationships: [[UInt8]])] = [:]

    init(_ model: ManagedObjectModel) {
        entities = model.entitiesByName
        var composites: [String: Composite] = [:]
        for composite in model.composites where composites[composite.name] == nil { composites[composite.name] = composite }
        self.composites = composites
        var parents: [String: String] = [:], counts: [String: Int] = [:]
        for entity in model.entities {
            if let parent = entity.parentName, entities[parent] != nil { parents[entity.name] = parent }
            for name in entity.propertyNames { counts[name, default: 0] += 1 }
        }
        self.parents = parents
        repeatedNames = Set(counts.filter { $0.value > 1 }.keys)
    }

    /// An entity's hash includes its parent's: ancestors are hashed first, from the top, without recursion, so
    /// that a hierarchy of any depth fits the stack.
    mutating func entityHash(_ name: String) -> [UInt8] {
        if let known = memo[name] { return known }
        var pending: [String] = [], seen: Set<String> = []
        var next: String? = name
        while let current = next, memo[current] == nil, entities[current] != nil, seen.insert(current).inserted {
            pending.append(current)
            next = entities[current]?.parentName
        }
        // A cycle (a validation error) hashes its top member without a parent.
        for current in pending.reversed() { memo[current] = hash(of: entities[current]!) }
        return memo[name] ?? []
    }

    private mutating func hash(of entity: Entity) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(entity.name)
        hasher.update(byte: entity.isAbstract ? 1 : 0)
        if let parent = entity.parentName, entities[parent] != nil, let parentHash = memo[parent] { hasher.update(parentHash) }
        // The entity's own properties, then each ancestor's, nearest first; the nearest declaration of a name wins.
        var visible: [(name: String, hash: [UInt8])] = [], seen: Set<String> = []
        var current: String? = entity.name, steps = 0
        while let name = current, steps <= entities.count {
            for (property, hash) in ownProperties(name) {
                if repeatedNames.contains(property), !seen.insert(property).inserted { continue }
                if let hash { visible.append((property, hash)) }
            }
            current = parents[name]
            steps += 1
            if current == entity.name { break }  // an inheritance cycle (a validation error)
        }
        // Positions are sorted, not the pairs (each move of a name and a hash costs reference counts).
        for position in visible.indices.sorted(by: { VersionHasher.nsStringOrder(visible[$0].name, visible[$1].name) }) {
            hasher.update(visible[position].hash)
        }
        if let modifier = entity.versionHashModifier, !modifier.isEmpty { hasher.update(modifier) }
        let constraints = entity.uniquenessConstraints.map { $0.members.map(\.value).joined(separator: ".") }
        for constraint in constraints.sorted(by: VersionHasher.nsStringOrder) where !constraint.isEmpty {
            hasher.update(constraint)
        }
        return hasher.finalize()
    }

    private mutating func ownProperties(_ name: String) -> [(name: String, hash: [UInt8]?)] {
        if let known = own[name] { return known }
        guard let entity = entities[name] else { return [] }
        let declared = declaredHashes(of: entity)
        var properties: [(name: String, hash: [UInt8]?)] = []
        for (index, attribute) in entity.attributes.enumerated() {
            properties.append((attribute.name, attribute.isTransient ? nil : declared.attributes[index]))
        }
        for (index, relationship) in entity.relationships.enumerated() {
            properties.append((relationship.name, relationship.isTransient ? nil : declared.relationships[index]))
        }
        for fetched in entity.fetchedProperties { properties.append((fetched.name, nil)) }
        own[name] = properties
        return properties
    }

    /// The hashes of the attributes and relationships an entity declares, by position, each computed once:
    /// an entity's hash and every subentity's include them.
    mutating func declaredHashes(of entity: Entity) -> (attributes: [[UInt8]], relationships: [[UInt8]]) {
        // Keyed by name; two entities of one name (a validation error) must still not mix up positions.
        if let known = declaredMemo[entity.name], known.attributes.count == entity.attributes.count,
           known.relationships.count == entity.relationships.count { return known }
        let hashes = (entity.attributes.map { attributeHash($0) },
                      entity.relationships.map { relationshipHash($0, declaredOn: entity) })
        declaredMemo[entity.name] = hashes
        return hashes
    }

    private func propertyHash(name: String, isOptional: Bool, isTransient: Bool, modifier: String?) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(name)
        let flags: UInt16 = (isOptional ? 1 : 0) | (isTransient ? 2 : 0)
        hasher.update(byte: UInt8(flags & 0xFF))
        hasher.update(byte: UInt8(flags >> 8))
        if let modifier, !modifier.isEmpty { hasher.update(modifier) }
        return hasher.finalize()
    }

    func attributeHash(_ attribute: Attribute) -> [UInt8] {
        if attribute.isDerived, let expression = attribute.derivationExpression {
            // Apple computes the plain attribute hash and discards it: only the expression counts.
            return SHA256.hash(Array(PredicateFormat.string(for: expression.validated).utf8))
        }
        if attribute.type == .composite, let name = attribute.compositeName {
            var hasher = SHA256()
            var visited: Set<String> = []
            for leaf in compositeLeaves(name, visited: &visited).sorted(by: { VersionHasher.nsStringOrder($0.name, $1.name) })
            where !leaf.isTransient {
                hasher.update(attributeHash(leaf))
            }
            return hasher.finalize()
        }
        var hasher = SHA256()
        hasher.update(propertyHash(name: attribute.name, isOptional: attribute.isOptional,
                                   isTransient: attribute.isTransient, modifier: attribute.versionHashModifier))
        hasher.update(littleEndian: UInt32(attribute.type?.attributeTypeCode ?? 0))
        if attribute.allowsExternalBinaryDataStorage { hasher.update(byte: 1) }
        if attribute.preservesValueInHistoryOnDeletion { hasher.update(byte: 1) }
        return hasher.finalize()
    }

    private func compositeLeaves(_ name: String, visited: inout Set<String>) -> [Attribute] {
        guard let composite = composites[name], visited.insert(name).inserted else { return [] }
        return composite.attributes.flatMap { element -> [Attribute] in
            if element.type == .composite, let inner = element.compositeName {
                return compositeLeaves(inner, visited: &visited)
            }
            return [element]
        }
    }

    /// `declarer` is the entity declaring the relationship, so that an inherited self-inverse is still one.
    func relationshipHash(_ relationship: Relationship, declaredOn declarer: Entity) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(propertyHash(name: relationship.name, isOptional: relationship.isOptional,
                                   isTransient: relationship.isTransient, modifier: relationship.versionHashModifier))
        if let destinationName = relationship.destinationEntityName, let destination = entities[destinationName] {
            hasher.update(destinationName)
            if let inverse = relationship.inverseName, hasInverse(inverse, on: destination),
               !(inverse == relationship.name && destinationName == declarer.name) {
                hasher.update(inverse)
            }
        }
        hasher.update(littleEndian: UInt32(truncatingIfNeeded: relationship.maxCount))
        hasher.update(littleEndian: UInt32(truncatingIfNeeded: relationship.minCount))
        if relationship.isOrdered {
            hasher.update(byte: 1)
            hasher.update(byte: 0)
        }
        return hasher.finalize()
    }

    /// Whether Core Data would resolve the inverse: a relationship of that name on the destination or its ancestors.
    private func hasInverse(_ name: String, on destination: Entity) -> Bool {
        destination.lineage(in: entities).contains { $0.relationships.contains { $0.name == name } }
    }
}

/// Property hashes of single attributes and relationships in a model's context, for explaining which fact of a
/// shipped property changed (trying what it could have been).
struct PropertyHashing {
    private var hasher: ModelHasher

    init(_ model: ManagedObjectModel) { hasher = ModelHasher(model) }

    func attribute(_ attribute: Attribute) -> [UInt8] { hasher.attributeHash(attribute) }

    func relationship(_ relationship: Relationship, declaredOn entity: Entity) -> [UInt8] {
        hasher.relationshipHash(relationship, declaredOn: entity)
    }
}
