/// One model bundle after reading, typing and validation. Its versions' element trees are released once
/// typed (`root` is nil): everything later works on `models`.
public struct CheckedBundle: Sendable {
    public var source: ModelBundleSource
    /// The versions that could be typed, in the bundle's version order.
    public var models: [ManagedObjectModel]
}

public struct CheckResult: Sendable {
    public var bundles: [CheckedBundle]
    /// Every diagnostic, sorted by file and position.
    public var diagnostics: [Diagnostic]
    /// True when an input could not be used at all (missing path, not a model): exit status 2.
    public var inputFailed: Bool

    public var versionCount: Int { bundles.reduce(0) { $0 + $1.source.versions.count } }
}

/// Reads, types and validates the models at `paths`: the `check` entry point. `absent` lists retired
/// `Entity.property` names that must not be in any bundle's current version.
public func check(paths: [String], absent: [String] = []) -> CheckResult {
    var diagnostics: [Diagnostic] = []
    var bundles: [CheckedBundle] = []
    var inputFailed = false
    for path in paths {
        switch ModelBundleReader.locate(path) {
        case .failure(let diagnostic):
            diagnostics.append(diagnostic)
            inputFailed = true
        case .success(let bundlePaths):
            for bundlePath in bundlePaths {
                let (bundle, found) = checkBundle(at: bundlePath)
                diagnostics += found
                if let bundle { bundles.append(bundle) } else { inputFailed = true }
            }
        }
    }
    diagnostics += absentNameViolations(absent, in: bundles)
    return CheckResult(bundles: bundles, diagnostics: diagnostics.sortedForOutput(), inputFailed: inputFailed)
}

/// Reads, types and validates one `.xcdatamodeld` or `.xcdatamodel`.
public func checkBundle(at path: String) -> (CheckedBundle?, [Diagnostic]) {
    var (read, readDiagnostics) = ModelBundleReader.read(path)
    guard var source = read.take() else { return (nil, readDiagnostics) }
    var diagnostics = readDiagnostics + CurrentVersionRule.check(source)
    var models: [ManagedObjectModel] = []
    for index in source.versions.indices {
        let version = source.versions[index]
        guard let root = version.root else { continue }
        // Once typed, the element tree is not needed again; releasing it keeps compile's peak memory down.
        source.versions[index].root = nil
        let (model, buildDiagnostics) = ModelBuilder.build(root, versionName: version.name, file: version.contentsPath)
        diagnostics += buildDiagnostics
        guard let model else { continue }
        let found = ModelValidator.validate(model)
        diagnostics += found
        if !found.hasErrors { models.append(model) }
    }
    diagnostics += ShippedVersionRule.check(source, models: models)
    diagnostics += MigrationHistoryRule.check(source, models: models)
    return (CheckedBundle(source: source, models: models), diagnostics)
}
