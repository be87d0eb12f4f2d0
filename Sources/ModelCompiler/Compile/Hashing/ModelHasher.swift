/// Works by position in `model.entities`, each name standing for the first entity of that name (what
/// `entitiesByName` keeps): looking entities up by name copied each one out of a dictionary, which with the name
/// hashing was most of what hashing cost beside SHA-256 itself.
struct ModelHasher {
    let model: ManagedObjectModel
    /// Entity name -> the position of the first entity of that name.
    let positions: [String: Int]
    let composites: [String: Composite]
    /// By position: the parent's position when the parent exists, as the entity itself names it (its lineage).
    let lineageParents: [Int?]
    /// By position: the parent whose properties an entity's hash inherits. For a name declared twice (a validation
    /// error) it is the last declaration's parent that exists, as it has always been.
    let hashedParents: [Int?]
    /// Property names declared more than once in the model: only these can hide one another, so only these need a
    /// set when an entity's visible properties are gathered (a deep hierarchy otherwise pays a set per level).
    /// Counted when first needed: a model without subentities and with ASCII names never needs them.
    private var repeatedNamesFound: Set<String>?
    /// By position: the entity's own properties in declaration order by kind, with their hash (nil when not
    /// hashed: transient, fetched): what each subentity sees of it.
    var own: [[(name: String, hash: SHA256.Digest?)]?]
    var memo: [SHA256.Digest?]
    /// By position: the property hashes an entity sees with their names, in name order, worked out once from its
    /// parent's (every subentity sorted its inherited hashes again before). Nil before, or where it cannot be (below).
    private var visibleMemo: [[VisibleHash]?]
    /// For tests: every entity's visible hashes gathered by walking its lineage, as before the memo.
    private let walksEveryLineage: Bool
    var declaredMemo: [(attributes: [SHA256.Digest], relationships: [SHA256.Digest])?]

    init(_ model: ManagedObjectModel, walksEveryLineage: Bool = false) {
        self.model = model
        self.walksEveryLineage = walksEveryLineage
        var positions: [String: Int] = [:]
        positions.reserveCapacity(model.entities.count)
        for (position, entity) in model.entities.enumerated() where positions[entity.name] == nil {
            positions[entity.name] = position
        }
        self.positions = positions
        var composites: [String: Composite] = [:]
        for composite in model.composites where composites[composite.name] == nil {
            composites[composite.name] = composite
        }
        self.composites = composites
        var lineageParents = [Int?](repeating: nil, count: model.entities.count)
        var hashedParents = lineageParents
        for position in model.entities.indices {
            if let parent = model.entities[position].parentName.flatMap({ positions[$0] }) {
                lineageParents[position] = parent
                hashedParents[positions[model.entities[position].name]!] = parent
            }
        }
        self.lineageParents = lineageParents
        self.hashedParents = hashedParents
        own = Array(repeating: nil, count: model.entities.count)
        memo = Array(repeating: nil, count: model.entities.count)
        declaredMemo = Array(repeating: nil, count: model.entities.count)
        visibleMemo = Array(repeating: nil, count: model.entities.count)
    }

    func isFirstOfItsName(_ position: Int) -> Bool { positions[model.entities[position].name] == position }

    private mutating func repeatedNames() -> Set<String> {
        if let repeatedNamesFound { return repeatedNamesFound }
        var counts: [String: Int] = [:]
        for entity in model.entities {
            for name in entity.propertyNames { counts[name, default: 0] += 1 }
        }
        let found = Set(counts.filter { $0.value > 1 }.keys)
        repeatedNamesFound = found
        return found
    }

    /// An entity's hash includes its parent's: ancestors are hashed first, from the top, without recursion, so
    /// that a hierarchy of any depth fits the stack.
    mutating func entityHash(at position: Int) -> [UInt8] {
        if let known = memo[position] { return known.bytes }
        var pending: [Int] = [], seen: Set<Int> = []
        var next: Int? = position
        while let current = next, memo[current] == nil, seen.insert(current).inserted {
            pending.append(current)
            next = lineageParents[current]
        }
        // A cycle (a validation error) hashes its top member without a parent.
        for current in pending.reversed() { memo[current] = hash(at: current) }
        return memo[position]?.bytes ?? []
    }

    private mutating func hash(at position: Int) -> SHA256.Digest {
        var hasher = SHA256()
        hasher.update(model.entities[position].name)
        hasher.update(byte: model.entities[position].isAbstract ? 1 : 0)
        if let parent = lineageParents[position], let parentHash = memo[parent] { hasher.update(parentHash) }
        for hash in hashedParents[position] == nil ? ownHashesByName(at: position) : visibleHashesByName(at: position) {
            hasher.update(hash)
        }
        if let modifier = model.entities[position].versionHashModifier, !modifier.isEmpty { hasher.update(modifier) }
        let constraints = model.entities[position].uniquenessConstraints.map {
            $0.members.map(\.value).joined(separator: ".")
        }
        for constraint in constraints.sorted(by: VersionHasher.nsStringOrder) where !constraint.isEmpty {
            hasher.update(constraint)
        }
        return hasher.finalizeDigest()
    }

    /// The hashes of the properties an entity sees, in name order: its own, then each ancestor's, nearest first; the
    /// nearest declaration of a name wins.
    private mutating func visibleHashesByName(at position: Int) -> [SHA256.Digest] {
        guard !walksEveryLineage, let entries = visibleEntries(at: position) else { return walkedHashes(at: position) }
        return entries.map(\.hash)
    }

    struct VisibleHash {
        let name: String
        let prefix: UInt64
        let hash: SHA256.Digest
    }

    /// An entity's visible hashes as its own properties, sorted, merged over its parent's (themselves merged over
    /// theirs), each entity's once. Nil where the parents loop (a validation error) or a name in the lineage is not
    /// ASCII (where equal names can differ in bytes, so that sorting would not put them side by side): the walk
    /// answers those.
    private mutating func visibleEntries(at position: Int) -> [VisibleHash]? {
        if let known = visibleMemo[position] { return known }
        var chain: [Int] = [], onChain: Set<Int> = []
        var current: Int? = position
        while let level = current, visibleMemo[level] == nil {
            guard onChain.insert(level).inserted,
                ownProperties(at: level).allSatisfy({ $0.name.utf8.allSatisfy { $0 < 0x80 } })
            else { return nil }
            chain.append(level)
            current = hashedParents[level]
        }
        var visible = current.flatMap { visibleMemo[$0] } ?? []
        for level in chain.reversed() {
            visible = merged(ownSorted(at: level), over: visible)
            visibleMemo[level] = visible
        }
        return visible
    }

    /// The entity's own properties in name order, a name declared twice (an error) at its first declaration; those
    /// without a hash (transient, fetched) stay, since they hide an inherited property of their name.
    private mutating func ownSorted(at position: Int) -> [(name: String, prefix: UInt64, hash: SHA256.Digest?)] {
        let own = ownProperties(at: position)
        let prefixes = own.map { NameOrder.prefix($0.name) }
        var sorted: [(name: String, prefix: UInt64, hash: SHA256.Digest?)] = []
        sorted.reserveCapacity(own.count)
        for index in NameOrder.sortedPositions(own.map(\.name)) {
            if let last = sorted.last, last.name == own[index].name { continue }
            sorted.append((own[index].name, prefixes[index], own[index].hash))
        }
        return sorted
    }

    /// `own` over `inherited`, both in name order: an own name hides the inherited one.
    private func merged(
        _ own: [(name: String, prefix: UInt64, hash: SHA256.Digest?)], over inherited: [VisibleHash]
    )
        -> [VisibleHash]
    {
        var result: [VisibleHash] = []
        result.reserveCapacity(own.count + inherited.count)
        var next = 0
        for entry in own {
            while next < inherited.count,
                NameOrder.precedes(inherited[next].name, inherited[next].prefix, entry.name, entry.prefix)
            {
                result.append(inherited[next])
                next += 1
            }
            if next < inherited.count, inherited[next].name == entry.name { next += 1 }
            if let hash = entry.hash { result.append(VisibleHash(name: entry.name, prefix: entry.prefix, hash: hash)) }
        }
        result.append(contentsOf: inherited[next...])
        return result
    }

    /// The general way: the lineage walked level by level, a set of the repeated names seen.
    private mutating func walkedHashes(at position: Int) -> [SHA256.Digest] {
        var visible: [(name: String, hash: SHA256.Digest)] = [], seen: Set<String> = []
        let repeatedNames = repeatedNames()
        var current: Int? = position, steps = 0
        while let level = current, steps <= positions.count {
            for (property, hash) in ownProperties(at: level) {
                if repeatedNames.contains(property), !seen.insert(property).inserted { continue }
                if let hash { visible.append((property, hash)) }
            }
            current = hashedParents[level]
            steps += 1
            if current == position { break }  // an inheritance cycle (a validation error)
        }
        // Positions are sorted, not the pairs (each move of a name and a hash costs reference counts).
        return NameOrder.sortedPositions(visible.map(\.name)).map { visible[$0].hash }
    }

    /// The same for an entity without a parent, most of them, without a set of the names seen: sorted by name (the
    /// sort is stable), a name declared twice (a validation error) has its first declaration first, and only that
    /// one counts, as above. Only for ASCII names, where equal means equal bytes and equal names sort side by side;
    /// other names take the general way.
    private mutating func ownHashesByName(at position: Int) -> [SHA256.Digest] {
        let own = ownProperties(at: position)
        guard own.allSatisfy({ $0.name.utf8.allSatisfy { $0 < 0x80 } }) else {
            return visibleHashesByName(at: position)
        }
        var hashes: [SHA256.Digest] = []
        hashes.reserveCapacity(own.count)
        var previous: String?
        for index in NameOrder.sortedPositions(own.map(\.name)) {
            if let previous, previous == own[index].name { continue }
            previous = own[index].name
            if let hash = own[index].hash { hashes.append(hash) }
        }
        return hashes
    }

    private mutating func ownProperties(at position: Int) -> [(name: String, hash: SHA256.Digest?)] {
        if let known = own[position] { return known }
        let declared = declaredHashes(at: position)
        var properties: [(name: String, hash: SHA256.Digest?)] = []
        let entity = model.entities[position]
        properties.reserveCapacity(
            entity.attributes.count + entity.relationships.count + entity.fetchedProperties.count)
        for index in entity.attributes.indices {
            properties.append(
                (
                    entity.attributes[index].name,
                    entity.attributes[index].isTransient ? nil : declared.attributes[index]
                ))
        }
        for index in entity.relationships.indices {
            properties.append(
                (
                    entity.relationships[index].name,
                    entity.relationships[index].isTransient ? nil : declared.relationships[index]
                ))
        }
        for fetched in entity.fetchedProperties { properties.append((fetched.name, nil)) }
        own[position] = properties
        return properties
    }

    /// The hashes of the attributes and relationships an entity declares, by position, each computed once:
    /// an entity's hash and every subentity's include them.
    mutating func declaredHashes(at position: Int) -> (attributes: [SHA256.Digest], relationships: [SHA256.Digest]) {
        if let known = declaredMemo[position] { return known }
        let entity = model.entities[position]
        let hashes = (
            entity.attributes.map { attributeHash($0) },
            entity.relationships.map { relationshipHash($0, declaredOn: entity) }
        )
        declaredMemo[position] = hashes
        return hashes
    }

    /// The hash every property's begins with, fed into `outer`.
    private func propertyHash(
        name: String, isOptional: Bool, isTransient: Bool, modifier: String?,
        into outer: inout SHA256
    ) {
        var hasher = SHA256()
        hasher.update(name)
        let flags: UInt16 = (isOptional ? 1 : 0) | (isTransient ? 2 : 0)
        hasher.update(byte: UInt8(flags & 0xFF))
        hasher.update(byte: UInt8(flags >> 8))
        if let modifier, !modifier.isEmpty { hasher.update(modifier) }
        hasher.finalize(into: &outer)
    }

    func attributeHash(_ attribute: Attribute) -> SHA256.Digest {
        if attribute.isDerived, let expression = attribute.derivationExpression {
            // Apple computes the plain attribute hash and discards it: only the expression counts.
            var hasher = SHA256()
            hasher.update(Array(PredicateFormat.string(for: expression.validated).utf8))
            return hasher.finalizeDigest()
        }
        if attribute.type == .composite, let name = attribute.compositeName {
            var hasher = SHA256()
            var visited: Set<String> = []
            for leaf in compositeLeaves(name, visited: &visited).sorted(by: {
                VersionHasher.nsStringOrder($0.name, $1.name)
            })
            where !leaf.isTransient {
                hasher.update(attributeHash(leaf))
            }
            return hasher.finalizeDigest()
        }
        var hasher = SHA256()
        propertyHash(
            name: attribute.name, isOptional: attribute.isOptional, isTransient: attribute.isTransient,
            modifier: attribute.versionHashModifier, into: &hasher)
        hasher.update(littleEndian: UInt32(attribute.type?.attributeTypeCode ?? 0))
        if attribute.allowsExternalBinaryDataStorage { hasher.update(byte: 1) }
        if attribute.preservesValueInHistoryOnDeletion { hasher.update(byte: 1) }
        return hasher.finalizeDigest()
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
    func relationshipHash(_ relationship: Relationship, declaredOn declarer: Entity) -> SHA256.Digest {
        var hasher = SHA256()
        propertyHash(
            name: relationship.name, isOptional: relationship.isOptional, isTransient: relationship.isTransient,
            modifier: relationship.versionHashModifier, into: &hasher)
        if let destinationName = relationship.destinationEntityName, let destination = positions[destinationName] {
            hasher.update(destinationName)
            if let inverse = relationship.inverseName, hasInverse(inverse, on: destination),
                !(inverse == relationship.name && destinationName == declarer.name)
            {
                hasher.update(inverse)
            }
        }
        hasher.update(littleEndian: UInt32(truncatingIfNeeded: relationship.maxCount))
        hasher.update(littleEndian: UInt32(truncatingIfNeeded: relationship.minCount))
        if relationship.isOrdered {
            hasher.update(byte: 1)
            hasher.update(byte: 0)
        }
        return hasher.finalizeDigest()
    }

    /// Whether Core Data would resolve the inverse: a relationship of that name on the destination or its ancestors.
    private func hasInverse(_ name: String, on destination: Int) -> Bool {
        var current: Int? = destination, steps = 0
        // Bounded, for an inheritance cycle (a validation error): a revisited entity has been searched already.
        while let position = current, steps <= positions.count {
            if model.entities[position].relationships.contains(where: { $0.name == name }) { return true }
            current = lineageParents[position]
            steps += 1
        }
        return false
    }
}
