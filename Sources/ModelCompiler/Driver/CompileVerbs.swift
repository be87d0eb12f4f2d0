#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The verbs that run one bundle's pipeline end to end and write what it made: `check`, `compile`, `generate` and
/// `build` (the other verbs are in files of their own).
extension BundlePipeline {
    /// The compiled files, when the bundle compiles: every version, no errors anywhere.
    func compiledOutput() -> CompiledOutput? {
        guard isComplete, !diagnostics.hasErrors else { return nil }
        guard isBundle else {
            guard let version = versions.first else { return nil }
            let name = version.versionName + ".mom"
            // The checksum is reported too: `moms` works the hashes out beside the archive.
            let mom = VersionCompiler.moms([version])[0]
            return CompiledOutput(name: name, isBundle: false, files: [(name, mom)])
        }
        let files = VersionCompiler.momd(versions, current: current)
        return CompiledOutput(name: source.name + ".momd", isBundle: true, files: files)
    }
}

extension [Diagnostic] {
    /// An output path that is not a folder is bad usage (exit status 2), not a compile error.
    var isBadOutputPath: Bool { contains { $0.code == .outputNotAFolder || $0.code == .outputRefused } }
}

/// The pipeline of the one bundle a single-input verb (`compile`, `generate`, `build`) works on; nil, with
/// why, when the input is not exactly one usable model (exit status 2).
private func singlePipeline(
    _ input: String, verb: String, mappingModelsOfTarget: Bool = false,
    configuration: BuildConfiguration = BuildConfiguration(), module: String? = nil,
    sources: [String]? = nil, cache: CompileCache? = nil
) -> (BundlePipeline?, [Diagnostic]) {
    switch ModelBundleReader.locate(input) {
    case .failure(let diagnostic): return (nil, [diagnostic])
    case .success(let paths) where paths.count == 1:
        if let cache, let inside = CompileCache.insideModel(cache.directory, model: paths[0]) {
            return (nil, [inside])
        }
        var mappings = configuration.mappingSearch(module: module, sources: sources)
        mappings.namedByUser = !mappingModelsOfTarget
        return BundlePipeline.run(
            paths[0], detail: configuration.detail, policy: configuration.policy,
            plan: configuration.plan, cache: cache, mappings: mappings)
    case .success:
        return (
            nil,
            [
                .error(
                    .notAModel, "\(verb) takes one .xcdatamodeld or .xcdatamodel",
                    at: SourceLocation(file: input))
            ]
        )
    }
}

/// `check`: reads, types, validates, compiles and analyses the models at `paths`. `absent` lists retired
/// `Entity.property` names that must not be in any bundle's current version.
/// `detail`: `.history` reports every finding of every version and upgrade path (`check --history`).
/// `policy`: per-code severities (`openmomc.json`'s `diagnostics`, `--severity`). `mappingModels`: mapping models
/// to read besides those beside each bundle (`--mapping-model`, `openmomc.json`'s `mappingModels`).
/// `lookup`: each bundle's own settings (`--config`, else its nearest `openmomc.json`, with the command line's on
/// top), which then replace `policy`, `plan` and `mappingModels`; its `history` asks for `.history`.
public func check(
    paths: [String], absent: [String] = [], detail: FindingDetail = .summary,
    policy: SeverityPolicy = SeverityPolicy(), plan: UpgradePlan = UpgradePlan(),
    mappingModels: [String] = [], lookup: ConfigurationLookup? = nil
) -> CheckResult {
    var diagnostics = AbsentNames.malformed(absent)
    var pipelines: [BundlePipeline] = []
    var inputFailed = !diagnostics.isEmpty
    // Each model once, however often and however it is named (a hook may pass every file of a bundle).
    var seenPaths: Set<String> = [], seenBundles: Set<String> = []
    var named: [String] = [], lastPlan = plan
    for path in paths where seenPaths.insert(path).inserted {
        switch ModelBundleReader.locate(path) {
        case .failure(let diagnostic):
            diagnostics.append(diagnostic)
            inputFailed = true
        case .success(let bundlePaths):
            for bundlePath in bundlePaths where seenBundles.insert(FileSystem.canonicalPath(bundlePath)).inserted {
                var configuration = BuildConfiguration(history: detail == .history)
                configuration.mappingModels = mappingModels
                var (bundlePolicy, bundlePlan) = (policy, plan)
                if let lookup {
                    switch lookup.configuration(forModel: bundlePath) {
                    case .success(let found):
                        (configuration, bundlePolicy, bundlePlan) = (found, found.policy, found.plan)
                        if detail == .history { configuration.history = true }
                    case .failure(let problem):
                        diagnostics.append(problem)
                        inputFailed = true
                        continue
                    }
                }
                let (pipeline, found) = BundlePipeline.run(
                    bundlePath, detail: configuration.detail, policy: bundlePolicy,
                    plan: bundlePlan,
                    mappings: MappingModelSearch(named: configuration.mappingModels ?? []))
                diagnostics += found
                named += (configuration.mappingModels ?? []).filter { !named.contains($0) }
                lastPlan = bundlePlan
                if let pipeline { pipelines.append(pipeline) } else { inputFailed = true }
            }
        }
    }
    defer { Teardown.atExit(pipelines) }
    // Bundles that mapping models link are one history: checked as one, their mapping models' findings from a
    // single bundle replaced by the history's.
    let linked = LinkedHistories.check(pipelines, named: named, detail: detail, plan: lastPlan)
    if !linked.mappingModels.isEmpty {
        diagnostics.removeAll { finding in
            finding.code.rawValue.hasPrefix("mapping-")
                && linked.mappingModels.contains {
                    finding.location.file.hasPrefix($0 + "/") || finding.location.file == $0
                }
        }
    }
    diagnostics += linked.diagnostics.filter { finding in !diagnostics.contains(finding) }
    diagnostics += pipelines.flatMap { AbsentNames.violations(absent, in: $0.currentVersion) }
    diagnostics += AbsentNames.unknown(absent, in: pipelines.flatMap(\.versions), at: SourceLocation(file: "--absent"))
    return CheckResult(
        bundles: pipelines.map(CheckedBundle.init), diagnostics: diagnostics.sortedForOutput(),
        inputFailed: inputFailed)
}

/// `compile`, momc's calling convention: `Name.xcdatamodeld` -> `OUTPUT/Name.momd/`, `Name.xcdatamodel` ->
/// `OUTPUT/Name.mom`; and mapc's: `Name.xcmappingmodel` -> `OUTPUT/Name.cdm`. Nothing is written when the model has
/// errors; a failed write leaves any older output.
/// `outputName` replaces the output's own name (`Other.momd`), as momc's explicit output path does.
/// `cache`: compiled versions kept between runs, so that only the versions that changed are archived again.
public func compile(
    input: String, outputDirectory: String, outputName: String? = nil,
    configuration: BuildConfiguration = BuildConfiguration(),
    cache: CompileCache? = nil
) -> CompileResult {
    if MappingModelRun.isMappingModel(input) {
        return compileMappingModel(input: input, outputDirectory: outputDirectory, outputName: outputName)
    }
    let (pipeline, diagnostics) = singlePipeline(input, verb: "compile", configuration: configuration, cache: cache)
    guard let pipeline else {
        return CompileResult(diagnostics: diagnostics.sortedForOutput(), outputPath: nil, inputFailed: true)
    }
    defer { Teardown.atExit(pipeline) }
    let (written, all) = writeCompiled(pipeline, into: outputDirectory, name: outputName)
    var result = CompileResult(
        diagnostics: all.sortedForOutput(), outputPath: written,
        inputFailed: all.isBadOutputPath)
    result.versionChecksums =
        written == nil
        ? []
        : pipeline.versions.map {
            VersionChecksum(version: $0.versionName, source: $0.model.file, checksum: $0.versionChecksum)
        }
    return result
}

private func writeCompiled(
    _ pipeline: BundlePipeline, into directory: String,
    name: String? = nil
) -> (String?, [Diagnostic]) {
    guard var output = pipeline.compiledOutput() else { return (nil, pipeline.diagnostics) }
    if let name {
        if !output.isBundle { output.files = output.files.map { (name, $0.bytes) } }
        output.name = name
    }
    // The cache's entries are written beside the output (they hold the same bytes, and a failed write of the
    // output leaves them as true as before).
    let compiled = output
    let inputs = [OutputPathGuard.Input(path: pipeline.source.path)]
    let (result, _) = Parallel.both(
        { OutputWriter.write(compiled, into: directory, inputs: inputs) },
        { pipeline.recordInCache(compiled) })
    switch result {
    case .success(let written):
        return (written, pipeline.diagnostics)
    case .failure(let diagnostic): return (nil, pipeline.diagnostics + [diagnostic])
    }
}

/// `generate`: Swift for the current version, written into `outputDirectory` when given (each file atomically).
/// Nothing is generated when the model has errors.
public func generate(
    input: String, outputDirectory: String? = nil, options: CodegenOptions = CodegenOptions(),
    configuration: BuildConfiguration = BuildConfiguration()
) -> GenerateResult {
    let (pipeline, diagnostics) = singlePipeline(input, verb: "generate", configuration: configuration)
    guard let pipeline else {
        return GenerateResult(
            diagnostics: diagnostics.sortedForOutput(), files: [], written: [], unchanged: [],
            inputFailed: true)
    }
    defer { Teardown.atExit(pipeline) }
    var generated = generateCode(pipeline, into: outputDirectory, options: options)
    generated.diagnostics = (diagnostics + generated.diagnostics).sortedForOutput()
    return generated
}

/// Code for the pipeline's current version; the result's diagnostics are only those code generation adds.
private func generateCode(
    _ pipeline: BundlePipeline, into directory: String?,
    options: CodegenOptions
) -> GenerateResult {
    writeCode(codeFiles(pipeline, options: options), into: directory, input: pipeline.source.path)
}

/// The generated files of the pipeline's current version and what code generation found; no files when the model
/// or the names have errors.
private func codeFiles(_ pipeline: BundlePipeline, options: CodegenOptions) -> GeneratedCode {
    guard let current = pipeline.currentVersion, !pipeline.diagnostics.hasErrors else { return ([], []) }
    if let swiftData = options.swiftData {
        var swiftData = swiftData
        if swiftData.project.isEmpty { swiftData.project = pipeline.source.name }
        guard swiftData.versioned else { return ([], SwiftDataGenerator.files(for: current.model, options: swiftData)) }
        return ([], versionedSchemas(pipeline, current: current, options: swiftData))
    }
    let context = CodegenContext(
        model: current.model, entities: current.model.entitiesByName, options: options,
        modelName: pipeline.isBundle ? pipeline.source.name : current.versionName,
        resourceExtension: pipeline.isBundle ? "momd" : "mom", currentVersionName: current.versionName,
        versionChecksums: { [versions = pipeline.versions] in versions.map { ($0.versionName, $0.versionChecksum) } })
    let clashes = CodegenRules.check(context)
    guard !clashes.hasErrors else { return (clashes, []) }
    return (clashes, CodeGenerator.files(for: context))
}

private typealias GeneratedCode = (diagnostics: [Diagnostic], files: [GeneratedFile])

private func writeCode(_ code: GeneratedCode, into directory: String?, input: String) -> GenerateResult {
    let (clashes, files) = code
    guard let directory, !files.isEmpty else {
        return GenerateResult(diagnostics: clashes, files: files, written: [], unchanged: [], inputFailed: false)
    }
    let (written, unchanged, failure) = OutputWriter.write(files, into: directory, inputs: [.init(path: input)])
    return GenerateResult(
        diagnostics: clashes + (failure.map { [$0] } ?? []), files: files, written: written,
        unchanged: unchanged, inputFailed: failure.map { [$0].isBadOutputPath } ?? false)
}

/// `build`, what the build plugin runs: compile and generate in one step, into one folder, from one pass
/// over the model.
/// `mappingModelsOfTarget`: the configuration's mapping models are every one of the target's, named for each of its
/// models (what the build plugin passes): one that maps another model is then that model's, not a mistake.
/// `sources`: where the app's sources are, for its migration policy classes (the plugin: its package).
/// A finding's fix is spelled when it is rendered (``SuggestedCommand``).
public func build(
    input: String, outputDirectory: String, configuration: BuildConfiguration = BuildConfiguration(),
    moduleName: String? = nil, mappingModelsOfTarget: Bool = false, cache: CompileCache? = nil,
    sources: [String]? = nil
) -> BuildResult {
    let (pipeline, found) = singlePipeline(
        input, verb: "build", mappingModelsOfTarget: mappingModelsOfTarget, configuration: configuration,
        module: moduleName, sources: sources, cache: cache)
    guard let pipeline else {
        return BuildResult(
            diagnostics: configuration.promoting(found).sortedForOutput(), written: [], inputFailed: true)
    }
    defer { Teardown.atExit(pipeline) }
    // The code does not need the archive: both are made side by side, and the code is written once the model is.
    let options = configuration.codegenOptions(moduleName: moduleName)
    let ((momd, diagnostics), made) = Parallel.both(
        { writeCompiled(pipeline, into: outputDirectory) },
        { codeFiles(pipeline, options: options) })
    // The build plugin declares one Swift file per model: SwiftData code is written into it as one file.
    var code = made
    if let swiftData = options.swiftData, !code.files.isEmpty {
        let name =
            (pipeline.isBundle ? pipeline.source.name : pipeline.versions.first?.versionName ?? "Model")
            + "+CoreDataModel.swift"
        code.files = [SwiftDataGenerator.combined(code.files, name: name, options: swiftData)]
    }
    guard let momd else {
        return BuildResult(
            diagnostics: configuration.promoting(diagnostics).sortedForOutput(), written: [],
            inputFailed: diagnostics.isBadOutputPath)
    }
    let generated = writeCode(code, into: outputDirectory, input: pipeline.source.path)
    return BuildResult(
        diagnostics: configuration.promoting(diagnostics + generated.diagnostics).sortedForOutput(),
        written: [momd] + generated.written, inputFailed: false)
}

/// One bundle through the pipeline as `check` sees it; for tests and callers that hold one bundle path.
func checkBundle(at path: String) -> (CheckedBundle?, [Diagnostic]) {
    let (pipeline, diagnostics) = BundlePipeline.run(path)
    return (pipeline.map(CheckedBundle.init), diagnostics)
}
