#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `fixtures(bundle:output:versions:rows:seed:)` wrote.
public struct FixturesResult: Sendable {
    /// Every finding, sorted by file and position.
    public var diagnostics: [Diagnostic]
    /// The stores written, with their `expected.json` beside them.
    public var stores: [String] = []
    /// True when the model or the output could not be used at all (exit status 2).
    public var inputFailed: Bool
}

/// `fixtures`: one Core Data SQLite store per shipped version (every version before the current one when the bundle
/// has no record; `versions` to choose), `<Version>.sqlite` in `output`, empty or with `rows` generated rows per
/// entity, and beside each `<Version>.expected.json`, what the current version should hold after Core Data upgrades it.
///
///     Source ... Compile   check(paths:)                 the bundle, its versions hashed
///     Versions             ShippedRecordFile              which versions shipped
///     Emit                 FixtureFolder.write            the fixtures staged, then swapped in with the folder
///                          FixtureStoreWriter.write       the store (schema, metadata, model cache, rows by batch)
///                          ExpectedRows(File)             the prediction, from the migration analysis's matching,
///                                                         written as the rows are
///
/// The stores do not depend on the migration findings (an app that shipped has some): only a model that cannot be
/// read, or a shipped version that was edited (its store would not be the one users have), stops them.
/// `historyTracking`, `cloudKit`: the stores also get the tables Core Data adds with persistent history tracking
/// and CloudKit mirroring (which implies history); `openmomc.json`'s `"fixtures"` can turn either on.
public func fixtures(
    bundle path: String, output: String, versions requested: [String] = [], rows: Int = 0,
    seed: UInt64 = 1, historyTracking: Bool = false, cloudKit: Bool = false,
    lookup: ConfigurationLookup = ConfigurationLookup()
) -> FixturesResult {
    fixtures(
        bundle: path, output: output, versions: requested, rows: rows, seed: seed,
        historyTracking: historyTracking, cloudKit: cloudKit, lookup: lookup,
        framework: StoreLayout.newestFramework)
}

/// The same, as Core Data build `framework` would create the stores (its index names; tests against real stores).
func fixtures(
    bundle path: String, output: String, versions requested: [String] = [], rows: Int = 0,
    seed: UInt64 = 1, historyTracking: Bool = false, cloudKit: Bool = false,
    lookup: ConfigurationLookup = ConfigurationLookup(), framework: Int
) -> FixturesResult {
    guard rows >= 0, rows <= 1_000_000 else {
        return FixturesResult(
            diagnostics: [
                .error(
                    .invalidArgument, "--rows must be from 0 to 1000000",
                    at: SourceLocation(file: path))
            ], inputFailed: true)
    }
    let settings = (try? lookup.configuration(forModel: path).get())?.fixtures
    let mirrored = cloudKit || settings?.cloudKit == true
    let system =
        (historyTracking || mirrored || settings?.historyTracking == true ? [CoreDataSystemTables.historyTracking] : [])
        + (mirrored ? [CoreDataSystemTables.cloudKit] : [])
    let checked = check(paths: [path], lookup: lookup)
    let errors = checked.diagnostics.filter { $0.severity == .error && !fixturesIgnore($0) }
    guard errors.isEmpty, !checked.inputFailed, checked.bundles.count == 1, let bundle = checked.bundles.first else {
        let problem =
            errors.isEmpty
            ? [
                Diagnostic.error(
                    .invalidArgument,
                    "fixtures are made for one model; '\(path)' "
                        + "holds \(checked.bundles.count)", at: SourceLocation(file: path))
            ] : errors
        // Errors in the model fail the run (status 1); only a path that is not one model is bad usage (status 2).
        return FixturesResult(diagnostics: problem, inputFailed: errors.isEmpty || checked.inputFailed)
    }
    let current = bundle.compiled.first { $0.versionName == bundle.current?.name } ?? bundle.compiled.last
    var chosen: [CompiledVersion] = []
    if requested.isEmpty {
        let shipped = ShippedRecordFile(bundle.source.shippedRecord).shippedNames
        let currentIndex =
            bundle.compiled.firstIndex { $0.versionName == current?.versionName } ?? bundle.compiled.count
        chosen =
            shipped.map { names in bundle.compiled.filter { names.contains($0.versionName) } }
            ?? Array(bundle.compiled[..<currentIndex])
    } else {
        for name in requested {
            guard let version = bundle.compiled.first(where: { $0.versionName == name }) else {
                let known = bundle.models.map { "'\($0.versionName)'" }.joined(separator: ", ")
                return FixturesResult(
                    diagnostics: [
                        .error(
                            .versionNotFound,
                            "the model has no version '\(name)'; its "
                                + "versions are \(known)", at: SourceLocation(file: bundle.source.path))
                    ], inputFailed: true)
            }
            if !chosen.contains(where: { $0.versionName == name }) { chosen.append(version) }
        }
    }
    guard !chosen.isEmpty, let current else {
        return FixturesResult(
            diagnostics: [
                .error(
                    .versionNotFound,
                    "no version to make a fixture of: the model has "
                        + "no shipped version and none before its current one; name one with --version",
                    at: SourceLocation(file: bundle.source.path))
            ], inputFailed: true)
    }
    switch FileSystem.kind(of: output) {
    case .missing, .directory: break
    default:
        return FixturesResult(
            diagnostics: [
                .error(
                    .outputNotAFolder, "the output must be a folder; this is a file",
                    at: SourceLocation(file: output))
            ], inputFailed: true)
    }
    let inputs = [OutputPathGuard.Input(path: bundle.source.path)]
    for version in chosen {
        for name in [".sqlite", ".expected.json"] {
            if let refusal = OutputPathGuard.refusal(
                output: output.appendingPathComponent(version.versionName + name),
                inputs: inputs)
            {
                return FixturesResult(diagnostics: [refusal], inputFailed: true)
            }
        }
    }
    var result = FixturesResult(diagnostics: [], inputFailed: false)
    var swap: FixtureFolder.Swap
    switch FixtureFolder.prepare(output, inputs: [bundle.source.path]) {
    case .success(let chosen): swap = chosen
    case .failure(let failure): return FixturesResult(diagnostics: [failure], inputFailed: false)
    }
    var reachedStores = false
    let build = { (staging: String) throws in
        reachedStores = true
        try writeFixtures(
            chosen, current: current, into: staging, rows: rows, seed: seed, system: system,
            framework: framework)
    }
    var written = FixtureFolder.write(output, versions: chosen.map(\.versionName), swap: swap, build: build)
    if case .failure(let failure) = written, swap == .whole, !reachedStores {
        // The folder could not be carried over whole (a special file in it, a file system without exchange):
        // one version at a time, said so below.
        swap = .oneByOne(reason: failure.reason)
        FixtureFolder.makeForOneByOne(output)
        written = FixtureFolder.write(output, versions: chosen.map(\.versionName), swap: swap, build: build)
    }
    if case .failure(let failure) = written {
        result.diagnostics.append(
            .error(
                .outputNotWritable, "cannot write the fixtures: \(failure.reason)",
                at: SourceLocation(file: output)))
        return result
    }
    if case .oneByOne(let reason) = swap {
        result.diagnostics.append(
            .warning(
                .fixturesReplacedOneByOne,
                "each store and its expected.json were moved in "
                    + "one after the other, not with the folder in one step (\(reason)); a run killed between the two can "
                    + "leave a new store beside an old prediction", at: SourceLocation(file: output)))
    }
    result.stores = chosen.map { output.appendingPathComponent($0.versionName + ".sqlite") }
    return result
}

/// Each version's store and prediction, into `folder`; the prediction is written as the store's rows are.
private func writeFixtures(
    _ versions: [CompiledVersion], current: CompiledVersion, into folder: String, rows: Int,
    seed: UInt64, system: [CoreDataSystemTables.Part], framework: Int
) throws {
    for version in versions {
        let plan = FixtureRows(
            version.model, layout: StoreLayout(version.model, framework: framework), count: rows,
            values: FixtureValues(seed: seed))
        let expected = ExpectedRows(plan, from: version, to: current)
        let json = try ExpectedRowsFile(
            creating: folder.appendingPathComponent(version.versionName + ".expected.json"),
            header: expected)
        try FixtureStoreWriter.write(
            version, rows: plan, into: folder, storeName: version.versionName,
            seed: seed, system: system
        ) { batch in
            try json.append(expected.rows(of: batch.records))
        }
        try json.close()
    }
}

/// Errors that say nothing about the stores of the versions that compiled: migration findings and where the
/// pointer points.
private func fixturesIgnore(_ diagnostic: Diagnostic) -> Bool {
    !diagnostic.subjects.isEmpty || diagnostic.code.rawValue.hasPrefix("migration-")
        || [.currentVersionStale, .currentVersionMissing, .multipleUnshippedVersions].contains(diagnostic.code)
}

/// The codes of what this file reports.
extension DiagnosticCode {
    /// A fixtures folder that could not be swapped whole: its pairs were moved in one after the other.
    static let fixturesReplacedOneByOne: DiagnosticCode = "fixtures-replaced-one-by-one"
}
