/// `Z_MODELCACHE.Z_CONTENT`: raw DEFLATE of a keyed archive of the writer's `NSManagedObjectModel`, in the `.mom`
/// classes and keys (store-format.md §5).
enum StoreModelCache {
    /// The cached model, or what is wrong with it (completing "the store's model cache ...").
    static func model(deflated: [UInt8], file: String) -> Result<ManagedObjectModel, StoreProblem> {
        let bytes: [UInt8]
        switch RawInflate.inflate(deflated) {
        case .success(let inflated): bytes = inflated
        case .failure(.corrupt(let reason)): return .failure("does not inflate: \(reason)")
        case .failure(.tooLarge(let limit)): return .failure("inflates to more than \(limit >> 20) MB")
        }
        guard let archive = try? KeyedArchive(bytes: bytes),
            var model = ModelUnarchiver.model(from: archive, versionName: "store", file: file)
        else {
            return .failure("is not an archived managed object model")
        }
        if let damage = archive.damage { return .failure("is damaged: \(damage)") }
        stripInheritedCopies(&model)
        return .success(model)
    }

    /// The cache gives each subentity its own copies of the properties it inherits; without them a difference on a
    /// parent is named once, on the parent, as in a source model. Visible properties, and so hashes, are unchanged.
    private static func stripInheritedCopies(_ model: inout ManagedObjectModel) {
        let byName = Dictionary(model.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for index in model.entities.indices {
            var inherited: Set<String> = [], seen: Set<String> = [model.entities[index].name]
            var parent = model.entities[index].parentName
            while let name = parent, seen.insert(name).inserted, let entity = byName[name] {
                inherited.formUnion(entity.attributes.map(\.name))
                inherited.formUnion(entity.relationships.map(\.name))
                inherited.formUnion(entity.fetchedProperties.map(\.name))
                parent = entity.parentName
            }
            guard !inherited.isEmpty else { continue }
            model.entities[index].attributes.removeAll { inherited.contains($0.name) }
            model.entities[index].relationships.removeAll { inherited.contains($0.name) }
            model.entities[index].fetchedProperties.removeAll { inherited.contains($0.name) }
        }
    }
}
