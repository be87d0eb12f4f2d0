/// The migration report of a bundle: `from` -> `to` when both are given; `from` alone goes to the
/// current version; otherwise every earlier version to the target (users skip releases), then every
/// consecutive pair (up to `to` when given, else across the whole bundle).
public func diff(bundle path: String, from: String? = nil, to: String? = nil)
    -> (reports: [MigrationReport], diagnostics: [Diagnostic], inputFailed: Bool)
{
    let (checked, diagnostics) = checkBundle(at: path)
    guard let checked else { return ([], diagnostics, true) }
    let here = SourceLocation(file: path)
    let models = checked.models
    func model(_ name: String) -> ManagedObjectModel? { models.first { $0.versionName == name } }
    for name in [from, to].compactMap({ $0 }) where model(name) == nil {
        let exists = checked.source.versions.contains { $0.name == name }
        return ([], diagnostics + [.error(.currentVersionNotFound,
            exists ? "version '\(name)' has errors, so it cannot be compared" : "the bundle has no version '\(name)'", at: here)], !exists)
    }
    let targetName = to ?? checked.source.currentVersion?.versionName ?? models.last?.versionName
    guard let targetName, let target = model(targetName) else { return ([], diagnostics, false) }
    var pairs: [(ManagedObjectModel, ManagedObjectModel)] = []
    if let from, let source = model(from) {
        pairs = [(source, target)]
    } else {
        let upTo = models.prefix { $0.versionName != targetName }
        pairs = upTo.map { ($0, target) }
        let sequence = to == nil ? models : Array(upTo) + [target]
        for (earlier, later) in zip(sequence, sequence.dropFirst())
        where !pairs.contains(where: { $0.0.versionName == earlier.versionName && $0.1.versionName == later.versionName }) {
            pairs.append((earlier, later))
        }
    }
    let hashes = Dictionary(models.map { ($0.versionName, VersionHasher.hashes(for: $0)) }, uniquingKeysWith: { first, _ in first })
    let reports = pairs.map { MigrationAnalyzer.analyze(from: $0.0, to: $0.1, history: models, knownHashes: hashes) }
    return (reports, diagnostics.filter { $0.severity == .error }, false)
}

/// `--absent Entity.property`: retired names that must not be in the current compiled model.
public func absentNameViolations(_ names: [String], in bundles: [CheckedBundle]) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for bundle in bundles {
        let currentName = bundle.source.currentVersion?.versionName ?? bundle.models.last?.versionName
        guard let model = bundle.models.first(where: { $0.versionName == currentName }) else { continue }
        let entities = model.entitiesByName
        for name in names {
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            guard let entity = entities[parts[0]] else { continue }
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
    }
    return diagnostics
}
