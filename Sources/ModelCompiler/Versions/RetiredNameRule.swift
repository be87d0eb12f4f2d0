/// `check --absent Entity.property`: retired names that must not be in the current version any more.
enum AbsentNames {
    /// Names that cannot be `Entity` or `Entity.property` (an empty one, `.`, a path): bad usage, not a pass.
    static func malformed(_ names: [String]) -> [Diagnostic] {
        names.filter { name in
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            return !(1...2).contains(parts.count) || !parts.allSatisfy(Identifier.isValid)
        }.map { name in
            .error(
                .invalidArgument, "--absent '\(name)' is not a name of the form Entity or Entity.property",
                at: SourceLocation(file: "--absent"))
        }
    }

    /// A name that no version of any checked model ever had would pass forever without checking anything: a typo.
    static func unknown(_ names: [String], in versions: [CompiledVersion], at location: SourceLocation) -> [Diagnostic]
    {
        guard !versions.isEmpty, malformed(names).isEmpty else { return [] }
        return names.filter { name in !versions.contains { had(name, $0.model) } }.map { name in
            .warning(
                .retiredNameUnknown,
                "--absent '\(name)' names nothing that any version of the models checked ever had; probably a typo",
                at: location)
        }
    }

    static func violations(_ names: [String], in current: CompiledVersion?) -> [Diagnostic] {
        guard !names.isEmpty, let model = current?.model else { return [] }
        var diagnostics: [Diagnostic] = []
        let entities = model.entitiesByName
        for name in names {
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            guard let first = parts.first, let entity = entities[first] else { continue }
            guard parts.count == 2 else {
                diagnostics.append(
                    .error(
                        .retiredNamePresent,
                        "entity '\(name)' is retired but still in the current version '\(model.versionName)'",
                        at: entity.location))
                continue
            }
            if let property = ModelMatcher.visibleProperties(of: entity, in: entities).first(where: {
                $0.name == parts[1]
            }) {
                diagnostics.append(
                    .error(
                        .retiredNamePresent,
                        "'\(name)' is retired but still in the current version '\(model.versionName)': anything that walks the "
                            + "entity (mirroring, export, encoding) still sees it; delete it from the model",
                        at: property.location))
            }
        }
        return diagnostics
    }

    private static func had(_ name: String, _ model: ManagedObjectModel) -> Bool {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard let first = parts.first, let entity = model.entities.first(where: { $0.name == first }) else {
            return false
        }
        return parts.count == 1
            || ModelMatcher.visibleProperties(of: entity, in: model.entitiesByName).contains { $0.name == parts[1] }
    }
}
