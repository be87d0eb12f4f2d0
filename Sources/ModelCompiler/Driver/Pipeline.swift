#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One model bundle through every stage, built once per bundle by every verb:
///
///     Source      ModelBundleReader.read      files -> ModelBundleSource; CurrentVersion.resolve (the one rule);
///                 MappingModelSearch.read     the bundle's mapping models found and read (MappingDocumentReader)
///                 ModelBundleReader.elementTree  a version's bytes -> elements (libxml2), in the version's job
///     Model       ModelBuilder.build          each version's elements -> ManagedObjectModel
///     Validation  ModelValidator.validate     rules; a version with errors stops here
///     Compile     VersionCompiler.compile     hashes, checksum, shipped-record fingerprint (archive on demand)
///     Versions    HistoryOrder.arrange        the versions in the order they were made (names, else contents)
///                 BundleHistory.analyze       pointer checks, shipped-record verdicts, mapping-model hops
///                                             (MappingModelRun: the mapping models read with the bundle through
///                                             their own Model and Compile stages), migration analysis
///     Emit        by the verb                 OutputWriter, CodeGenerator, ArchiveDump, AtomicFile
///
/// This file shows that order and nothing else. How the versions are spread over the cores is in
/// `PipelineScheduling.swift` (the compile cache is looked up before each version's job, recorded once the output is
/// written: `Cache/`), and the verbs that run the pipeline end to end in `CompileVerbs.swift`.
struct BundlePipeline: Sendable {
    let source: ModelBundleSource
    let current: CurrentVersion?
    /// The versions that passed validation, compiled, in the bundle's version order.
    let versions: [CompiledVersion]
    let history: BundleHistory
    /// Every stage's findings, unsorted.
    let diagnostics: [Diagnostic]
    let cache: CompileCache?
    /// Each version the cache did not have: its exact input and what typing and validating it found, to record once
    /// the output is written.
    var uncached: [String: CompileCache.Miss] = [:]

    /// Every version of the bundle compiled (none failed to read, type or validate).
    var isComplete: Bool { versions.count == source.versions.count }
    var isBundle: Bool { source.layout == .versionedBundle }
    var currentVersion: CompiledVersion? { current.flatMap { version(named: $0.name) } }

    func version(named name: String) -> CompiledVersion? { versions.first { $0.versionName == name } }

    /// `cache`: compiled versions kept between runs (`compile --cache`); only the versions it lacks are archived.
    static func run(
        _ path: String, detail: FindingDetail = .summary,
        policy: SeverityPolicy = SeverityPolicy(), plan: UpgradePlan = UpgradePlan(),
        cache: CompileCache? = nil, mappings: MappingModelSearch = MappingModelSearch()
    )
        -> (BundlePipeline?, [Diagnostic])
    {
        // Source: the bundle's files and the current version.
        var (read, diagnostics) = ModelBundleReader.read(path)
        guard var source = read.take() else { return (nil, diagnostics) }
        let current = CurrentVersion.resolve(source)
        // Source: the bundle's mapping models, found beside it and named, read with it.
        let mappingDocuments = source.layout == .versionedBundle ? mappings.read(for: source.path) : []
        // Source (each version's elements), Model, Validation, Compile: every version, in its own job.
        let (compiled, uncached, found) = compileVersions(&source, cache: cache)
        diagnostics += found
        // Versions: the history's order, by content where names do not give it.
        let arranged = HistoryOrder.arrange(source, current: current, versions: compiled)
        (source, diagnostics) = (arranged.source, diagnostics + (arranged.note.map { [$0] } ?? []))
        let versions = arranged.versions
        // Versions: the bundle's history, its mapping models and the migration analysis.
        // A bundle of one version has mapping models too when its history goes on in the bundles beside it.
        let (mappingInputs, mappingFindings) = versions.isEmpty ? ([], []) : mappings.inputs(mappingDocuments)
        diagnostics += mappingFindings
        let history = BundleHistory.analyze(
            source, current: current, versions: versions, detail: detail, plan: plan, mappings: mappingInputs,
            module: mappings.module,
            declared: mappings.declaredClasses(for: source.path, mappingInputs),
            neighbours: mappings.neighbours(
                of: source.path, inputs: mappingInputs,
                versions: versions),
            named: mappings.namedForBundle)
        // The findings as the user asked for them: their severities, frozen versions summed up.
        diagnostics = presented(
            diagnostics, history: history, source: source, current: current,
            compiledCount: versions.count, detail: detail, policy: policy)
        let pipeline = BundlePipeline(
            source: source, current: current, versions: versions, history: history,
            diagnostics: diagnostics, cache: cache, uncached: uncached)
        return (pipeline, diagnostics)
    }

    /// One version's typed model through Validation and Compile.
    static func compileVersion(
        _ model: ManagedObjectModel?, _ typing: [Diagnostic]
    )
        -> (CompiledVersion?, typing: [Diagnostic], validation: [Diagnostic])
    {
        guard let model else { return (nil, typing, []) }
        let found = ModelValidator.validate(model)
        guard !found.hasErrors else { return (nil, typing, found) }
        return (VersionCompiler.compile(model), typing, found)
    }

    /// Records the versions compiled this run in the compile cache, with the `.mom` bytes written for them.
    func recordInCache(_ output: CompiledOutput) {
        guard let cache else { return }
        // The output lists each version's .mom in version order (a .momd's VersionInfo.plist comes last).
        let compiled = zip(versions, output.files).compactMap { version, file in
            uncached[version.versionName].map { (version, file.bytes, $0) }
        }
        cache.record(bundle: source.path, compiled, keeping: source.versions.map(\.name))
    }

    /// The user's severities first, so that an ignored code is not counted in the frozen versions' summary.
    private static func presented(
        _ diagnostics: [Diagnostic], history: BundleHistory, source: ModelBundleSource,
        current: CurrentVersion?, compiledCount: Int, detail: FindingDetail,
        policy: SeverityPolicy
    ) -> [Diagnostic] {
        var presented = FrozenVersions.present(
            policy.apply(diagnostics), source, current: current,
            shipped: history.record.shippedNames, detail: detail)
        presented += policy.apply(history.diagnostics)
        // A version with errors never compiles, whatever severity its codes are given: say so rather than nothing.
        if compiledCount < source.versions.count, !presented.hasErrors {
            presented.append(
                .error(
                    .configurationInvalid,
                    "a version of this model has errors whose codes are set to "
                        + "'ignore' or 'warning'; such a version still cannot be compiled (`openmomc check` without the "
                        + "settings shows them)", at: SourceLocation(file: source.path)))
        }
        return presented
    }
}
