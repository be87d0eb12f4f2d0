/// Core Data's version hashes (../shared spec §5): what a store's metadata records and what migration
/// compares. A wrong byte here means existing user stores no longer open, so every rule follows the
/// spec exactly; the ones no Apple-compiled vector confirms are listed in `CompatibilityChoices`.
struct VersionHashes: Hashable, Sendable {
    /// `entityVersionHashesByName`: entity name -> 32-byte hash.
    var entityHashes: [String: [UInt8]]
    /// Entity name -> own attribute or relationship name -> its property hash (`NSPropertyDescription.versionHash`).
    var propertyHashes: [String: [String: [UInt8]]] = [:]
    var versionHash: [UInt8]

    /// `versionChecksum`: base64 of `versionHash`, what Xcode prints and `VersionInfo.plist` records.
    var versionChecksum: String { Base64.encode(versionHash) }
}

enum VersionHasher {
    static func hashes(for model: ManagedObjectModel) -> VersionHashes {
        let level = entityLevel(for: model)
        return VersionHashes(
            entityHashes: level.entityHashes, propertyHashes: propertyHashes(of: level, in: model),
            versionHash: level.versionHash)
    }

    /// The first level of a version's hashes: each entity's and `versionHash`, with every declared property's hash
    /// kept by position (an entity's hash is made from them) so that the second level takes no hashing.
    struct EntityLevel: Sendable {
        var entityHashes: [String: [UInt8]]
        var versionHash: [UInt8]
        /// The first entity of each name's position, with its declared properties' hashes.
        fileprivate var declared: [(position: Int, attributes: [SHA256.Digest], relationships: [SHA256.Digest])]
    }

    static func entityLevel(for model: ManagedObjectModel) -> EntityLevel {
        var hasher = ModelHasher(model)
        var entityHashes: [String: [UInt8]] = [:]
        entityHashes.reserveCapacity(model.entities.count)
        // The first entity of each name, as everywhere: validation reports the others.
        var declared: [(position: Int, attributes: [SHA256.Digest], relationships: [SHA256.Digest])] = []
        for position in model.entities.indices where hasher.isFirstOfItsName(position) {
            entityHashes[model.entities[position].name] = hasher.entityHash(at: position)
            // Worked out for the entity's hash already: taken from the hasher's memo.
            let own = hasher.declaredHashes(at: position)
            declared.append((position, own.attributes, own.relationships))
        }
        return EntityLevel(entityHashes: entityHashes, versionHash: versionHash(of: entityHashes), declared: declared)
    }

    /// The second level: entity name -> own property name -> hash, the tables `NSPropertyDescription.versionHash`
    /// answers from (a seventh of hashing's time, and as much again to free: made only when a stage asks).
    static func propertyHashes(of level: EntityLevel, in model: ManagedObjectModel) -> [String: [String: [UInt8]]] {
        var tables: [String: [String: [UInt8]]] = [:]
        tables.reserveCapacity(level.entityHashes.count)
        for declared in level.declared {
            let entity = model.entities[declared.position]
            var own: [String: [UInt8]] = [:]
            own.reserveCapacity(entity.attributes.count + entity.relationships.count)
            for index in entity.attributes.indices where own[entity.attributes[index].name] == nil {
                own[entity.attributes[index].name] = declared.attributes[index].bytes
            }
            for index in entity.relationships.indices where own[entity.relationships[index].name] == nil {
                own[entity.relationships[index].name] = declared.relationships[index].bytes
            }
            tables[entity.name] = own
        }
        return tables
    }

    /// For tests: the same hashes with every subentity's visible hashes gathered by walking its lineage.
    static func hashesWalkingEveryLineage(for model: ManagedObjectModel) -> [String: [UInt8]] {
        var hasher = ModelHasher(model, walksEveryLineage: true)
        var entityHashes: [String: [UInt8]] = [:]
        for position in model.entities.indices where hasher.isFirstOfItsName(position) {
            entityHashes[model.entities[position].name] = hasher.entityHash(at: position)
        }
        return entityHashes
    }

    private static func versionHash(of entityHashes: [String: [UInt8]]) -> [UInt8] {
        var version = SHA256()
        for name in entityHashes.keys.sorted(by: nsStringOrder) { version.update(entityHashes[name]!) }
        return version.finalize()
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

/// Property hashes of single attributes and relationships in a model's context, for explaining which fact of a
/// shipped property changed (trying what it could have been).
struct PropertyHashing {
    private var hasher: ModelHasher

    init(_ model: ManagedObjectModel) { hasher = ModelHasher(model) }

    func attribute(_ attribute: Attribute) -> [UInt8] { hasher.attributeHash(attribute).bytes }

    func relationship(_ relationship: Relationship, declaredOn entity: Entity) -> [UInt8] {
        hasher.relationshipHash(relationship, declaredOn: entity).bytes
    }
}
