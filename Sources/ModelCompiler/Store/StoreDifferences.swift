/// The hashed differences between a store and one version (store-format.md §7, §9.4). A change on a parent is
/// named on the parent only: subentities fold the parent's hash into theirs, so they differ too.
enum StoreDifferences {
    /// The store's model cache with its hashes and entities by name, worked out once for every version compared.
    struct Cache {
        let model: ManagedObjectModel
        let hashes: VersionHashes
        let entities: [String: Entity]

        init(_ model: ManagedObjectModel) {
            self.model = model
            hashes = VersionHasher.hashes(for: model)
            entities = model.entitiesByName
        }
    }

    static func between(_ store: CoreDataStore, cache: Cache?, and version: CompiledVersion) -> [StoreDifference] {
        let storeHashes = store.metadata.entityHashes, versionHashes = version.hashes.entityHashes
        var differences: [StoreDifference] = []
        for name in storeHashes.keys.sorted() where versionHashes[name] == nil {
            differences.append(.entityOnlyInStore(name))
        }
        for name in versionHashes.keys.sorted() where storeHashes[name] == nil {
            differences.append(.entityOnlyInVersion(name))
        }
        let changed = storeHashes.keys.filter { versionHashes[$0] != nil && versionHashes[$0] != storeHashes[$0] }
        let versionEntities = version.model.entitiesByName
        var explained: Set<String> = []
        var perEntity: [String: [StoreDifference]] = [:]
        for name in changed {
            // The cache explains an entity only when its rebuilt hash is the one the metadata records.
            guard let cache, cache.hashes.entityHashes[name] == storeHashes[name], let mine = cache.entities[name],
                let theirs = versionEntities[name]
            else { continue }
            // Transient properties have no column and no part in the entity's hash: never a store difference.
            let own = stored(cache.hashes.propertyHashes[name] ?? [:], of: mine)
            let other = stored(version.hashes.propertyHashes[name] ?? [:], of: theirs)
            var found: [StoreDifference] = []
            for property in own.keys.sorted() {
                if let hash = other[property] {
                    if hash != own[property] { found.append(.propertyDiffers(entity: name, property: property)) }
                } else {
                    found.append(.propertyOnlyInStore(entity: name, property: property))
                }
            }
            for property in other.keys.sorted() where own[property] == nil {
                found.append(.propertyOnlyInVersion(entity: name, property: property))
            }
            if mine.isAbstract != theirs.isAbstract || mine.parentName != theirs.parentName
                || mine.versionHashModifier != theirs.versionHashModifier
                || mine.uniquenessConstraints.map({ $0.members.map(\.value) })
                    != theirs.uniquenessConstraints.map({ $0.members.map(\.value) })
            {
                found.append(.entityFactsDiffer(name))
            }
            perEntity[name] = found
            if !found.isEmpty { explained.insert(name) }
        }
        for name in changed.sorted() {
            if let found = perEntity[name], !found.isEmpty {
                differences += found
                continue
            }
            // Unexplained here: fine when an ancestor's own difference explains it, else said at entity level.
            var ancestor = versionEntities[name]?.parentName, seen: Set<String> = [name], inherited = false
            while let parent = ancestor, seen.insert(parent).inserted {
                if explained.contains(parent) || storeHashes[parent] == nil { inherited = true; break }
                ancestor = versionEntities[parent]?.parentName
            }
            if !inherited { differences.append(.entityHashDiffers(name)) }
        }
        return differences
    }

    private static func stored(_ hashes: [String: [UInt8]], of entity: Entity) -> [String: [UInt8]] {
        let transient = Set(entity.attributes.filter(\.isTransient).map(\.name))
            .union(entity.relationships.filter(\.isTransient).map(\.name))
        return hashes.filter { !transient.contains($0.key) }
    }
}

extension StoreDifference {
    var entity: String {
        switch self {
        case .entityOnlyInStore(let name), .entityOnlyInVersion(let name), .entityFactsDiffer(let name),
            .entityHashDiffers(let name):
            name
        case .propertyOnlyInStore(let entity, _), .propertyOnlyInVersion(let entity, _),
            .propertyDiffers(let entity, _):
            entity
        }
    }
}
