/// `check --absent Entity.property`: retired names that must not be in the current version any more.
enum AbsentNames {
    static func violations(_ names: [String], in current: CompiledVersion?) -> [Diagnostic] {
        guard !names.isEmpty, let model = current?.model else { return [] }
        var diagnostics: [Diagnostic] = []
        let entities = model.entitiesByName
        for name in names {
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            guard let first = parts.first, let entity = entities[first] else { continue }
            guard parts.count == 2 else {
                diagnostics.append(.error(.retiredNamePresent,
                    "entity '\(name)' is retired but still in the current version '\(model.versionName)'", at: entity.location))
                continue
            }
            if let property = ModelMatcher.visibleProperties(of: entity, in: entities).first(where: { $0.name == parts[1] }) {
                diagnostics.append(.error(.retiredNamePresent,
                    "'\(name)' is retired but still in the current version '\(model.versionName)': anything that walks the "
                    + "entity (mirroring, export, encoding) still sees it; delete it from the model", at: property.location))
            }
        }
        return diagnostics
    }
}
