/// `store`: which version of the models wrote a Core Data SQLite store, how it differs when none did, and whether
/// the current version will open it. The store is read from a private copy and never changed.
///
///     Store     StoreReader.read          copy -> metadata, Z_PRIMARYKEY, row counts, model cache
///     (models)  BundlePipeline.run        each bundle through Source ... Compile, as every verb
///     Store     StoreMatcher.match        exact hash matches, merged combinations, the nearest version
///     Versions  StoreVerdicts.verdict     opens as is / after a migration, inferred or with a mapping model / fails,
///                                         with Core Data's error
/// `lookup`: each model's settings (its plan and mapping models), found as every verb finds them.
public func store(
    path: String, models: [String] = [], searchRoot: String = ".",
    lookup: ConfigurationLookup = ConfigurationLookup()
) -> StoreResult {
    var diagnostics: [Diagnostic] = []
    var paths = models
    if paths.isEmpty {
        switch ModelBundleReader.locate(searchRoot) {
        case .success(let found) where found.count == 1: paths = found
        case .success(let found):
            let shown = found.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
            let names = found.count > 5 ? shown + " and \(found.count - 5) more" : shown
            return .failed(
                .error(
                    .storeModelNotFound, "several models under this folder (\(names)); choose with --model",
                    at: SourceLocation(file: searchRoot)))
        case .failure:
            return .failed(
                .error(
                    .storeModelNotFound,
                    "no .xcdatamodeld or .xcdatamodel under this folder; give the "
                        + "app's model with --model", at: SourceLocation(file: searchRoot)))
        }
    }
    var bundles: [CandidateBundle] = [], verdictBundles: [VerdictBundle] = []
    for model in paths {
        let trimmed = model.withoutTrailingSlash
        if trimmed.hasSuffix(".momd") || trimmed.hasSuffix(".mom") {
            // The app's compiled model, as a support engineer may have it from the app bundle.
            switch CompiledModelInspection.versions(trimmed) {
            case .success(let compiled):
                bundles.append(CandidateBundle(name: compiled.name, versions: compiled.versions))
                verdictBundles.append(
                    VerdictBundle(name: compiled.name, versions: compiled.versions, current: compiled.current))
                continue
            case .failure(let problem):
                return StoreResult(diagnostics: diagnostics + [problem], inputFailed: true)
            }
        }
        let configuration: BuildConfiguration
        switch lookup.configuration(forModel: model) {
        case .success(let found): configuration = found
        case .failure(let problem): return StoreResult(diagnostics: diagnostics + [problem], inputFailed: true)
        }
        let (run, found) = BundlePipeline.run(model, plan: configuration.plan, mappings: configuration.mappingSearch())
        // The store is the question here: only errors of the models matter (a version with errors is not matched),
        // not the migration findings the model's own check reports.
        diagnostics += found.filter { $0.severity == .error && $0.subjects.isEmpty }
        guard let pipeline = run else { return StoreResult(diagnostics: diagnostics, inputFailed: true) }
        let name = pipeline.source.name
        bundles.append(CandidateBundle(name: name, versions: pipeline.versions))
        verdictBundles.append(
            VerdictBundle(
                name: name, versions: pipeline.versions, current: pipeline.currentVersion,
                hops: pipeline.history.hops,
                staleMappingModels: pipeline.history.staleMappingModels))
    }
    let (read, found) = StoreReader.read(path)
    diagnostics += found
    guard let store = read else { return StoreResult(diagnostics: diagnostics, inputFailed: true) }
    let match = StoreMatcher.match(store, against: bundles)
    var result = StoreResult(diagnostics: diagnostics, inputFailed: false)
    result.store = store
    result.match = match
    result.verdict = StoreVerdicts.verdict(match, bundles: verdictBundles)
    if let writer = match.writtenBy.first, match.writtenBy.count == 1, writer.count == 1,
        let version = bundles.first(where: { $0.name == writer[0].bundle })?.versions
            .first(where: { $0.versionName == writer[0].version }),
        let note = JoinTableCheck.note(store, writer: version)
    {
        result.diagnostics.append(note)
    }
    // What the inferred upgrade drops, counted in the store's rows (a mapping model's upgrade is the app's own).
    var from: String?
    switch result.verdict {
    case .opensAfterMigration(let source, _)?: from = source
    case .fails(_, _, let report?)?: from = report.from
    default: break
    }
    if let from, verdictBundles.count == 1, let bundle = verdictBundles.first, let current = bundle.current,
        let source = bundle.versions.first(where: { $0.versionName == from })
    {
        result.drops = StoreDrops.count(store, from: source.model, to: current.model)
    }
    result.currentVersions = verdictBundles.compactMap { bundle in
        bundle.current.map { VersionReference(bundle: bundle.name, version: $0.versionName) }
    }
    return result
}

/// What `store(path:models:searchRoot:)` found out about a store.
public struct StoreResult: Sendable {
    var store: CoreDataStore?
    var match: StoreMatch?
    var verdict: StoreVerdict?
    /// Each bundle's current version, the one the verdict is for.
    var currentVersions: [VersionReference] = []
    /// What the upgrade the verdict describes drops, counted in the store's rows.
    var drops: [StoreDrop] = []
    /// Every finding about the store and the models.
    public var diagnostics: [Diagnostic]
    /// The store or a model could not be used at all: exit status 2.
    public var inputFailed: Bool

    /// The facts as `store` prints them, as text or JSON.
    public var report: StoreReport? {
        guard let store, let match else { return nil }
        var report = StoreReport(store: store, match: match, verdict: verdict, current: currentVersions)
        report.drops = drops
        return report
    }

    init(diagnostics: [Diagnostic], inputFailed: Bool) {
        self.diagnostics = diagnostics
        self.inputFailed = inputFailed
    }

    static func failed(_ diagnostic: Diagnostic) -> StoreResult {
        StoreResult(diagnostics: [diagnostic], inputFailed: true)
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let storeModelNotFound: DiagnosticCode = "store-model-not-found"
}
