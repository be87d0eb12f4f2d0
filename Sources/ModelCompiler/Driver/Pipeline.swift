#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One model bundle through every stage, built once per bundle by every verb:
///
///     Source      ModelBundleReader.read      files -> ModelBundleSource; CurrentVersion.resolve (the one rule);
///                 ModelBundleReader.elementTree  a version's bytes -> elements (libxml2), in the version's job
///     Model       ModelBuilder.build          each version's elements -> ManagedObjectModel (StreamingModelBuilder:
///                                             typed on another core while the parser reads on)
///     Validation  ModelValidator.validate     rules; a version with errors stops here
///     Compile     VersionCompiler.compile     hashes, checksum, shipped-record fingerprint (archive on demand)
///     Versions    BundleHistory.analyze       pointer checks, shipped-record verdicts, mapping-model hops
///                                             (MappingModelRun: the bundle's mapping models through their own
///                                             Source, Model and Compile stages), migration analysis
///     Emit        by the verb                 OutputWriter, CodeGenerator, ArchiveDump, AtomicFile
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
    var uncached: [String: Uncached] = [:]

    struct Uncached: Sendable {
        let input: [UInt8]
        let typing: [Diagnostic]
        let validation: [Diagnostic]
    }

    /// Every version of the bundle compiled (none failed to read, type or validate).
    var isComplete: Bool { versions.count == source.versions.count }
    var isBundle: Bool { source.layout == .versionedBundle }
    var currentVersion: CompiledVersion? { current.flatMap { version(named: $0.name) } }

    func version(named name: String) -> CompiledVersion? { versions.first { $0.versionName == name } }

    /// `cache`: compiled versions kept between runs (`compile --cache`); only the versions it lacks are archived.
    static func run(_ path: String, advice: CommandAdvice = .commandLine, detail: FindingDetail = .summary,
                    policy: SeverityPolicy = SeverityPolicy(), plan: UpgradePlan = UpgradePlan(),
                    cache: CompileCache? = nil, mappings: MappingModelSearch = MappingModelSearch())
        -> (BundlePipeline?, [Diagnostic])
    {
        var (read, diagnostics) = ModelBundleReader.read(path)
        guard var source = read.take() else { return (nil, diagnostics) }
        let current = CurrentVersion.resolve(source)
        // An element tree is needed only to type its version: each job parses its own (a binary version's is taken
        // from the source), so that it is freed once that version is compiled instead of every tree being held until
        // all are (compile's peak memory).
        let converted = ElementTrees(source.versions.map(\.root))
        for index in source.versions.indices { source.versions[index].root = nil }
        let fingerprint = source.shippedRecord != nil
        // Every version's hashes are compared (migration analysis, the pointer checks) when there are several.
        let hashed = source.versions.count > 1
        // Fewer versions than cores leave a core idle while a version is parsed: it types what has been read.
        let streamed = source.versions.count < Parallel.cores
        let sourceVersions = source.versions, bundlePath = source.path
        typealias Compiled = (version: CompiledVersion?, diagnostics: [Diagnostic], uncached: Uncached?)
        // Newest first: the version edited is most often the current one, and with a compile cache it is the one slow
        // job among quick ones (started last, it would be finished by one core while the other idles).
        let count = sourceVersions.count
        let compiledVersions = Parallel.map(count) { position -> Compiled in
            let index = count - 1 - position
            var version = sourceVersions[index]
            version.root = converted.take(index)
            // The contents file's exact bytes (binary Xcode 3 versions have none and are not cached).
            let input = version.contents ?? []
            let cached = input.isEmpty ? nil
                : cache?.lookup(bundle: bundlePath, version: version.name, file: version.contentsPath, input: input,
                                propertyHashes: fingerprint)
            // With a cache (compile, build), a version of a bundle that it lacks is archived in its own job, beside the
            // others (a lone version is archived at output, its graph built by two cores).
            let (compiled, typing, validation) = compileVersion(version, streamed: streamed, fingerprint: fingerprint,
                                                                cached: cached, archive: cache != nil && count > 1)
            // The migration analysis compares entity hashes; every property's hash only the record's fingerprints and
            // the compile cache (for a version it does not have yet) keep.
            if hashed, let compiled {
                if fingerprint || (cache != nil && cached == nil) {
                    _ = compiled.hashes
                } else {
                    _ = compiled.entityHashesAlone
                }
            }
            let uncached = cache != nil && cached == nil && !input.isEmpty
                ? Uncached(input: input, typing: typing, validation: validation) : nil
            return (compiled, typing + validation, uncached)
        }
        var versions: [CompiledVersion] = [], uncached: [String: Uncached] = [:]
        for (index, (compiled, found, missed)) in compiledVersions.reversed().enumerated() {
            diagnostics += found
            if let compiled { versions.append(compiled) }
            if let missed { uncached[sourceVersions[index].name] = missed }
        }
        let (mappingInputs, mappingFindings) = source.layout == .versionedBundle && versions.count > 1
            ? mappings.inputs(for: source.path) : ([], [])
        diagnostics += mappingFindings
        let history = BundleHistory.analyze(source, current: current, versions: versions, advice: advice, detail: detail,
                                            plan: plan, mappings: mappingInputs, module: mappings.module)
        // The user's severities first, so that an ignored code is not counted in the frozen versions' summary.
        diagnostics = FrozenVersions.present(policy.apply(diagnostics), source, current: current,
                                             shipped: history.record.shippedNames, detail: detail)
        diagnostics += policy.apply(history.diagnostics)
        // A version with errors never compiles, whatever severity its codes are given: say so rather than nothing.
        if versions.count < source.versions.count, !diagnostics.hasErrors {
            diagnostics.append(.error(.configurationInvalid, "a version of this model has errors whose codes are set to "
                + "'ignore' or 'warning'; such a version still cannot be compiled (`openmomc check` without the "
                + "settings shows them)", at: SourceLocation(file: source.path)))
        }
        let pipeline = BundlePipeline(source: source, current: current, versions: versions, history: history,
                                      diagnostics: diagnostics, cache: cache, uncached: uncached)
        return (pipeline, diagnostics)
    }

    /// One version from its file through Model, Validation and Compile; nil when it does not parse or validate.
    /// `streamed`: an XML version is typed on another core while the parser reads on (a binary one is parsed already).
    /// A version the cache has with its typed model is neither parsed nor typed: the entry was made from the same
    /// bytes. Returns the findings of reading and typing, and apart those of validation (both kept by the cache).
    static func compileVersion(_ version: ModelVersionSource, streamed: Bool, fingerprint: Bool,
                               cached: ArchivedVersion?, archive: Bool = false)
        -> (CompiledVersion?, typing: [Diagnostic], validation: [Diagnostic])
    {
        if let typed = cached?.typed {
            return compileVersion(typed.model, typed.findings, fingerprint: fingerprint, cached: cached)
        }
        let builder = streamed && version.root == nil ? StreamingModelBuilder() : nil
        let (root, failure) = ModelBundleReader.elementTree(of: version, stream: builder?.stream)
        guard let root else {
            builder?.discard()
            return (nil, failure.map { [$0] } ?? [], [])
        }
        let (model, typing) = builder?.finish(root, versionName: version.name, file: version.contentsPath)
            ?? ModelBuilder.build(root, versionName: version.name, file: version.contentsPath)
        return compileVersion(model, typing, fingerprint: fingerprint, cached: cached, archive: archive)
    }

    /// One version's element tree through Model, Validation and Compile; nil when it does not validate.
    static func compileVersion(_ root: SourceElement, name: String, file: String, fingerprint: Bool = true,
                               cached: ArchivedVersion? = nil) -> (CompiledVersion?, [Diagnostic]) {
        let (model, typing) = ModelBuilder.build(root, versionName: name, file: file)
        let (compiled, found, validation) = compileVersion(model, typing, fingerprint: fingerprint, cached: cached)
        return (compiled, found + validation)
    }

    /// A version the cache has was validated by the run that recorded it, from the same bytes: its findings are taken
    /// from the entry.
    private static func compileVersion(_ model: ManagedObjectModel?, _ typing: [Diagnostic], fingerprint: Bool,
                                       cached: ArchivedVersion?, archive: Bool = false)
        -> (CompiledVersion?, typing: [Diagnostic], validation: [Diagnostic])
    {
        guard let model else { return (nil, typing, []) }
        let found = cached?.findings ?? ModelValidator.validate(model)
        guard !found.hasErrors else { return (nil, typing, found) }
        let compiled = VersionCompiler.compile(model, fingerprint: fingerprint, cached: cached, archive: archive)
        return (compiled, typing, found)
    }

    /// Records the versions compiled this run in the cache, from the compiled files (as the output is written).
    func recordInCache(_ output: CompiledOutput) {
        guard let cache else { return }
        // The output lists each version's .mom in version order (a .momd's VersionInfo.plist comes last).
        let compiled = zip(versions, output.files).compactMap { version, file in
            uncached[version.versionName].map {
                (version.versionName, version.model.file, $0.input,
                 CompileCache.Entry(mom: file.bytes, hashes: version.hashes, findings: $0.validation,
                                    typed: .init(model: version.model, findings: $0.typing)))
            }
        }
        cache.store(bundle: source.path, versions: compiled, keeping: source.versions.map(\.name))
    }

    /// The compiled files, when the bundle compiles: every version, no errors anywhere.
    func compiledOutput() -> CompiledOutput? {
        guard isComplete, !diagnostics.hasErrors else { return nil }
        guard isBundle else {
            guard let version = versions.first else { return nil }
            let name = version.versionName + ".mom"
            // The checksum is reported too: `moms` works the hashes out beside the archive.
            let mom = VersionCompiler.moms([version], propertyHashes: cache != nil)[0]
            return CompiledOutput(name: name, isBundle: false, files: [(name, mom)])
        }
        // Only the compile cache keeps every property's hash; the output needs the entity hashes.
        let files = VersionCompiler.momd(versions, current: current, propertyHashes: cache != nil)
        return CompiledOutput(name: source.name + ".momd", isBundle: true, files: files)
    }
}

/// The versions' element trees, each taken once by the job that types it.
private final class ElementTrees: @unchecked Sendable {
    private var trees: [SourceElement?]
    private let lock = Lock()

    init(_ trees: [SourceElement?]) { self.trees = trees }

    func take(_ index: Int) -> SourceElement? {
        lock.withLock {
            defer { trees[index] = nil }
            return trees[index]
        }
    }
}

extension [Diagnostic] {
    /// An output path that is not a folder is bad usage (exit status 2), not a compile error.
    var isBadOutputPath: Bool { contains { $0.code == .outputNotAFolder } }
}

/// The pipeline of the one bundle a single-input verb (`compile`, `generate`, `build`) works on; nil, with
/// why, when the input is not exactly one usable model (exit status 2).
private func singlePipeline(_ input: String, verb: String, advice: CommandAdvice = .commandLine,
                            configuration: BuildConfiguration = BuildConfiguration(), module: String? = nil,
                            cache: CompileCache? = nil) -> (BundlePipeline?, [Diagnostic]) {
    switch ModelBundleReader.locate(input) {
    case .failure(let diagnostic): return (nil, [diagnostic])
    case .success(let paths) where paths.count == 1:
        if let cache, let inside = CompileCache.insideModel(cache.directory, model: paths[0]) {
            return (nil, [inside])
        }
        return BundlePipeline.run(paths[0], advice: advice, detail: configuration.detail, policy: configuration.policy,
                                  plan: configuration.plan, cache: cache,
                                  mappings: configuration.mappingSearch(module: module))
    case .success:
        return (nil, [.error(.notAModel, "\(verb) takes one .xcdatamodeld or .xcdatamodel", at: SourceLocation(file: input))])
    }
}

// MARK: - The verbs, end to end

/// `check`: reads, types, validates, compiles and analyses the models at `paths`. `absent` lists retired
/// `Entity.property` names that must not be in any bundle's current version.
/// `detail`: `.history` reports every finding of every version and upgrade path (`check --history`).
/// `policy`: per-code severities (`openmomc.json`'s `diagnostics`, `--severity`). `mappingModels`: mapping models
/// to read besides those beside each bundle (`--mapping-model`, `openmomc.json`'s `mappingModels`).
public func check(paths: [String], absent: [String] = [], detail: FindingDetail = .summary,
                  policy: SeverityPolicy = SeverityPolicy(), plan: UpgradePlan = UpgradePlan(),
                  mappingModels: [String] = []) -> CheckResult {
    var diagnostics = AbsentNames.malformed(absent)
    var pipelines: [BundlePipeline] = []
    var inputFailed = !diagnostics.isEmpty
    for path in paths {
        switch ModelBundleReader.locate(path) {
        case .failure(let diagnostic):
            diagnostics.append(diagnostic)
            inputFailed = true
        case .success(let bundlePaths):
            for bundlePath in bundlePaths {
                let (pipeline, found) = BundlePipeline.run(bundlePath, detail: detail, policy: policy, plan: plan,
                                                           mappings: MappingModelSearch(named: mappingModels))
                diagnostics += found
                if let pipeline { pipelines.append(pipeline) } else { inputFailed = true }
            }
        }
    }
    defer { Teardown.atExit(pipelines) }
    diagnostics += pipelines.flatMap { AbsentNames.violations(absent, in: $0.currentVersion) }
    diagnostics += AbsentNames.unknown(absent, in: pipelines.flatMap(\.versions), at: SourceLocation(file: "--absent"))
    return CheckResult(bundles: pipelines.map(CheckedBundle.init), diagnostics: diagnostics.sortedForOutput(),
                       inputFailed: inputFailed)
}

/// `compile`, momc's calling convention: `Name.xcdatamodeld` -> `OUTPUT/Name.momd/`, `Name.xcdatamodel` ->
/// `OUTPUT/Name.mom`; and mapc's: `Name.xcmappingmodel` -> `OUTPUT/Name.cdm`. Nothing is written when the model has errors; a failed write leaves any older output.
/// `outputName` replaces the output's own name (`Other.momd`), as momc's explicit output path does.
/// `cache`: compiled versions kept between runs, so that only the versions that changed are archived again.
public func compile(input: String, outputDirectory: String, outputName: String? = nil,
                    configuration: BuildConfiguration = BuildConfiguration(), cache: CompileCache? = nil) -> CompileResult {
    if MappingModelRun.isMappingModel(input) {
        return compileMappingModel(input: input, outputDirectory: outputDirectory, outputName: outputName)
    }
    let (pipeline, diagnostics) = singlePipeline(input, verb: "compile", configuration: configuration, cache: cache)
    guard let pipeline else { return CompileResult(diagnostics: diagnostics.sortedForOutput(), outputPath: nil, inputFailed: true) }
    defer { Teardown.atExit(pipeline) }
    let (written, all) = writeCompiled(pipeline, into: outputDirectory, name: outputName)
    var result = CompileResult(diagnostics: all.sortedForOutput(), outputPath: written, inputFailed: all.isBadOutputPath)
    result.versionChecksums = written == nil ? [] : pipeline.versions.map {
        VersionChecksum(version: $0.versionName, source: $0.model.file, checksum: $0.versionChecksumAlone)
    }
    return result
}

private func writeCompiled(_ pipeline: BundlePipeline, into directory: String, name: String? = nil) -> (String?, [Diagnostic]) {
    guard var output = pipeline.compiledOutput() else { return (nil, pipeline.diagnostics) }
    if let name {
        if !output.isBundle { output.files = output.files.map { (name, $0.bytes) } }
        output.name = name
    }
    // The cache's entries are written beside the output (they hold the same bytes, and a failed write of the
    // output leaves them as true as before).
    let compiled = output
    let (result, _) = Parallel.both({ OutputWriter.write(compiled, into: directory) },
                                    { pipeline.recordInCache(compiled) })
    switch result {
    case .success(let written):
        return (written, pipeline.diagnostics)
    case .failure(let diagnostic): return (nil, pipeline.diagnostics + [diagnostic])
    }
}

/// `generate`: Swift for the current version, written into `outputDirectory` when given (each file atomically).
/// Nothing is generated when the model has errors.
public func generate(input: String, outputDirectory: String? = nil, options: CodegenOptions = CodegenOptions(),
                     configuration: BuildConfiguration = BuildConfiguration()) -> GenerateResult {
    let (pipeline, diagnostics) = singlePipeline(input, verb: "generate", configuration: configuration)
    guard let pipeline else { return GenerateResult(diagnostics: diagnostics.sortedForOutput(), files: [], written: [], unchanged: [], inputFailed: true) }
    defer { Teardown.atExit(pipeline) }
    var generated = generateCode(pipeline, into: outputDirectory, options: options)
    generated.diagnostics = (diagnostics + generated.diagnostics).sortedForOutput()
    return generated
}

/// Code for the pipeline's current version; the result's diagnostics are only those code generation adds.
private func generateCode(_ pipeline: BundlePipeline, into directory: String?, options: CodegenOptions) -> GenerateResult {
    // Nothing after the code needs a version's other hashes (a bundle's were worked out for the migration analysis).
    writeCode(codeFiles(pipeline, options: options, checksum: \.versionChecksumAlone), into: directory)
}

/// The generated files of the pipeline's current version and what code generation found; no files when the model
/// or the names have errors.
/// `checksum`: how a version's checksum is had (the level of hashes the other steps of the verb ask for).
private func codeFiles(_ pipeline: BundlePipeline, options: CodegenOptions,
                       checksum: @escaping @Sendable (CompiledVersion) -> String) -> GeneratedCode {
    guard let current = pipeline.currentVersion, !pipeline.diagnostics.hasErrors else { return ([], []) }
    let context = CodegenContext(
        model: current.model, entities: current.model.entitiesByName, options: options,
        modelName: pipeline.isBundle ? pipeline.source.name : current.versionName,
        resourceExtension: pipeline.isBundle ? "momd" : "mom", currentVersionName: current.versionName,
        versionChecksums: { [versions = pipeline.versions] in versions.map { ($0.versionName, checksum($0)) } })
    let clashes = CodegenRules.check(context)
    guard !clashes.hasErrors else { return (clashes, []) }
    return (clashes, CodeGenerator.files(for: context))
}

private typealias GeneratedCode = (diagnostics: [Diagnostic], files: [GeneratedFile])

private func writeCode(_ code: GeneratedCode, into directory: String?) -> GenerateResult {
    let (clashes, files) = code
    guard let directory, !files.isEmpty else {
        return GenerateResult(diagnostics: clashes, files: files, written: [], unchanged: [], inputFailed: false)
    }
    let (written, unchanged, failure) = OutputWriter.write(files, into: directory)
    return GenerateResult(diagnostics: clashes + (failure.map { [$0] } ?? []), files: files, written: written,
                          unchanged: unchanged, inputFailed: failure?.code == .outputNotAFolder)
}

/// `build`, what the build plugin runs: compile and generate in one step, into one folder, from one pass
/// over the model.
/// `advice`: how fixes are named; the build plugin passes `.packagePlugin`, since its users run no `openmomc`.
public func build(input: String, outputDirectory: String, configuration: BuildConfiguration = BuildConfiguration(),
                  moduleName: String? = nil, advice: CommandAdvice = .commandLine, cache: CompileCache? = nil)
    -> (diagnostics: [Diagnostic], written: [String], inputFailed: Bool)
{
    let (pipeline, found) = singlePipeline(input, verb: "build", advice: advice, configuration: configuration,
                                           module: moduleName, cache: cache)
    guard let pipeline else { return (configuration.promoting(found).sortedForOutput(), [], true) }
    defer { Teardown.atExit(pipeline) }
    // The code does not need the archive: both are made side by side, and the code is written once the model is.
    let options = configuration.codegenOptions(moduleName: moduleName)
    // Both ask for the checksum: the same level of hashes, so that they are worked out once (all of them for a version
    // the cache is to keep).
    let checksum: @Sendable (CompiledVersion) -> String = { version in
        cache == nil || version.isCached ? version.versionChecksumAlone : version.versionChecksum
    }
    let ((momd, diagnostics), code) = Parallel.both({ writeCompiled(pipeline, into: outputDirectory) },
                                                    { codeFiles(pipeline, options: options, checksum: checksum) })
    guard let momd else { return (configuration.promoting(diagnostics).sortedForOutput(), [], diagnostics.isBadOutputPath) }
    let generated = writeCode(code, into: outputDirectory)
    return (configuration.promoting(diagnostics + generated.diagnostics).sortedForOutput(), [momd] + generated.written, false)
}

/// One bundle through the pipeline as `check` sees it; for tests and callers that hold one bundle path.
func checkBundle(at path: String) -> (CheckedBundle?, [Diagnostic]) {
    let (pipeline, diagnostics) = BundlePipeline.run(path)
    return (pipeline.map(CheckedBundle.init), diagnostics)
}
