/// What `check` and `compile` say about migrations: from every shipped version (every earlier version when
/// nothing is marked shipped) to the current one, the changes that fail at launch or drop data, and
/// renaming IDs that name nothing earlier. Like the pointer checks, a migration that cannot be inferred is
/// an error once the bundle records shipped versions and a warning before (real apps pair such versions
/// with mapping models openmomc does not see).
enum MigrationHistoryRule {
    /// `shipped`: the names in a readable ShippedVersions.json, nil without one.
    static func check(_ bundle: ModelBundleSource, current: CurrentVersion?, versions: [CompiledVersion],
                      shipped: Set<String>?) -> [Diagnostic] {
        guard bundle.layout == .versionedBundle, versions.count > 1, let current,
              let target = versions.first(where: { $0.versionName == current.name }) else { return [] }
        let order = bundle.versions.map(\.name)
        guard let currentIndex = order.firstIndex(of: current.name) else { return [] }
        let sources = versions.filter { version in
            guard let index = order.firstIndex(of: version.versionName), index < currentIndex else { return false }
            return shipped.map { $0.contains(version.versionName) } ?? true
        }
        let severity: Severity = shipped == nil ? .warning : .error
        let models = versions.map(\.model)
        var grouped: [(change: MigrationChange, paths: [String])] = []
        for source in sources {
            for change in MigrationAnalyzer.analyze(from: source, to: target, history: models).changes
            where change.verdict >= .dataLoss {
                if let index = grouped.firstIndex(where: { $0.change.code == change.code && $0.change.location == change.location
                    && $0.change.subject == change.subject }) {
                    // One source can report the same change twice (once per path to it): name each version once.
                    if !grouped[index].paths.contains(source.versionName) { grouped[index].paths.append(source.versionName) }
                } else {
                    grouped.append((change, [source.versionName]))
                }
            }
        }
        var diagnostics = grouped.map { change, paths -> Diagnostic in
            let others = paths.count > 1 ? " (also on the upgrade from " + paths.dropFirst().map { "'\($0)'" }.joined(separator: ", ") + ")" : ""
            return Diagnostic(change.verdict == .notInferable ? severity : .warning, change.code, change.message + others,
                              at: change.location)
        }
        diagnostics += unknownRenamingIdentifiers(models)
        return diagnostics
    }

    /// A renaming ID that matches no entity or property of any earlier version maps nothing.
    private static func unknownRenamingIdentifiers(_ models: [ManagedObjectModel]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var earlierEntities: Set<String> = [], earlierProperties: Set<String> = []
        for (index, model) in models.enumerated() {
            if index > 0 {
                for entity in model.entities {
                    if let identifier = entity.renamingIdentifier, identifier.value != entity.name, !earlierEntities.contains(identifier.value) {
                        diagnostics.append(unknown(identifier, "entity '\(entity.name)'", model.versionName))
                    }
                    for property in entity.attributes.map(\.renamingIdentifier) + entity.relationships.map(\.renamingIdentifier) {
                        if let identifier = property, !earlierProperties.contains(identifier.value),
                           !entity.propertyNames.contains(identifier.value) {
                            diagnostics.append(unknown(identifier, "a property of '\(entity.name)'", model.versionName))
                        }
                    }
                }
            }
            for entity in model.entities {
                earlierEntities.formUnion([entity.name, entity.effectiveRenamingIdentifier])
                for property in entity.properties { earlierProperties.formUnion([property.name, property.renamingIdentifier]) }
            }
        }
        return diagnostics
    }

    private static func unknown(_ identifier: RenamingIdentifier, _ owner: String, _ version: String) -> Diagnostic {
        .warning(.renamingIdentifierUnknown,
            "the renaming ID '\(identifier.value)' of \(owner) in '\(version)' names nothing in any earlier version, so it maps no data",
            at: identifier.location)
    }
}
