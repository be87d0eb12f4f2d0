/// Mapping models through the stages: Source (`MappingDocumentReader`), Model (`MappingModelBuilder`), Compile
/// (`MappingCompiler`, `MappingArchiver`), Emit (`OutputWriter`).

/// One mapping model read, typed and compiled; the `.cdm` bytes when it compiles.
struct MappingModelRun: Sendable {
    var model: MappingModel?
    var compiled: CompiledMapping?
    var cdm: [UInt8]?
    var diagnostics: [Diagnostic]
    /// The input could not be used at all (missing, not a mapping model).
    var inputFailed: Bool

    static func isMappingModel(_ path: String) -> Bool { path.withoutTrailingSlash.hasSuffix(".xcmappingmodel") }

    /// The `.cdm`'s name: the input's base name, as mapc's callers name it (`$(InputFileBase).cdm`).
    static func outputName(of path: String) -> String {
        let base = path.withoutTrailingSlash.lastPathComponent
        return (base.hasSuffix(".xcmappingmodel") ? String(base.dropLast(".xcmappingmodel".count)) : base) + ".cdm"
    }

    /// Left unread past its XML (nothing to say) when `wanted` refuses the model path it records.
    private(set) var skipped = false

    /// `wanted`: whether a mapping model recording this source model path is wanted at all; one that is not is
    /// never typed or compiled (its snapshots are most of the work).
    init(path: String, wanted: (String?) -> Bool = { _ in true }) {
        self.init(Read(path: path, wanted: wanted))
    }

    /// A mapping model's document as the Source stage reads it, before it is typed.
    struct Read: Sendable {
        let path: String
        let document: MappingDocument?
        let diagnostics: [Diagnostic]
        /// Refused by `wanted`: its findings are dropped, nothing more is done.
        let skipped: Bool

        init(path: String, wanted: (String?) -> Bool = { _ in true }) {
            self.path = path
            let (document, reading) = MappingDocumentReader.read(path: path.withoutTrailingSlash)
            skipped = document.map { !wanted($0.mappingModel.text("sourcemodelpath")) } ?? false
            (self.document, diagnostics) = skipped ? (nil, []) : (document, reading)
        }
    }

    /// The read document through Model and Compile.
    init(_ read: Read) {
        let trimmed = read.path.withoutTrailingSlash
        diagnostics = read.diagnostics
        skipped = read.skipped
        inputFailed = read.document == nil && !read.skipped
        guard let document = read.document else { return }
        let name = String(Self.outputName(of: trimmed).dropLast(".cdm".count))
        let (model, typing) = MappingModelBuilder.build(document, name: name)
        diagnostics += typing
        self.model = model
        // Its snapshots are models like any other: the same structural checks as a version's.
        if let model {
            for snapshot in [model.source, model.destination] {
                diagnostics += ModelValidator.structuralErrors(snapshot).map { finding in
                    var inSnapshot = finding
                    inSnapshot.message =
                        "in the mapping model's snapshot of '\(snapshot.versionName)': " + finding.message
                    return inSnapshot
                }
            }
        }
        guard let model, !diagnostics.hasErrors else { return }
        let (compiled, found) = MappingCompiler.compile(model)
        diagnostics += found
        self.compiled = compiled
        guard let compiled else { return }
        do {
            cdm = try MappingArchiver.cdmData(for: compiled)
        } catch {
            diagnostics.append(.error(.mappingExpressionInvalid, error.description, at: error.location))
        }
    }
}

/// `compile` of a `.xcmappingmodel`: `OUTPUT/Name.cdm`, or `OUTPUT/outputName`, written atomically; nothing is
/// written when the mapping model has errors.
func compileMappingModel(input: String, outputDirectory: String, outputName: String? = nil) -> CompileResult {
    let run = MappingModelRun(path: input)
    guard let cdm = run.cdm else {
        return CompileResult(
            diagnostics: run.diagnostics.sortedForOutput(), outputPath: nil, inputFailed: run.inputFailed)
    }
    let name = outputName ?? MappingModelRun.outputName(of: input)
    let output = CompiledOutput(name: name, isBundle: false, files: [(name, cdm)])
    switch OutputWriter.write(output, into: outputDirectory, inputs: [.init(path: input)]) {
    case .success(let written):
        return CompileResult(diagnostics: run.diagnostics.sortedForOutput(), outputPath: written, inputFailed: false)
    case .failure(let failure):
        return CompileResult(
            diagnostics: (run.diagnostics + [failure]).sortedForOutput(), outputPath: nil,
            inputFailed: [failure].isBadOutputPath)
    }
}

extension MappingModelRun {
    /// `dump X.cdm`: every archived value of a compiled mapping model; `dump X.xcmappingmodel`: what it compiles to.
    static func dump(_ path: String) -> (lines: [DumpLine], diagnostics: [Diagnostic], inputFailed: Bool) {
        if isMappingModel(path) {
            let run = MappingModelRun(path: path)
            guard let cdm = run.cdm else { return ([], run.diagnostics.sortedForOutput(), run.inputFailed) }
            return (DumpLines.archive(cdm, prefix: ""), run.diagnostics.sortedForOutput(), false)
        }
        let here = SourceLocation(file: path)
        let read = CompiledModelFiles.archive(path)
        guard case .success(let archive) = read else {
            return ([], [.error(.unreadableFile, "cannot read the compiled mapping model", at: here)], true)
        }
        guard let archive, archive.className(of: archive.rootUID) == "NSMappingModel" else {
            return (
                [], [.error(.unreadableFile, "not a compiled mapping model (an NSMappingModel archive)", at: here)],
                true
            )
        }
        var lines = DumpLines.archive(archive, prefix: "")
        if let damage = archive.damage {
            lines.append(DumpLine(path: "damaged", value: damage))
            return (
                lines,
                [
                    .error(
                        .unreadableFile,
                        "the compiled mapping model is damaged: \(damage); nothing read "
                            + "from it can be trusted", at: here)
                ], true
            )
        }
        return (lines, [], false)
    }

    /// `hashes X.xcmappingmodel`: the entity hashes of its two snapshots, as mapc computes them.
    static func hashes(_ path: String) -> (reports: [VersionHashReport], diagnostics: [Diagnostic], inputFailed: Bool) {
        let run = MappingModelRun(path: path)
        guard let model = run.model, let compiled = run.compiled else {
            return ([], run.diagnostics.sortedForOutput(), run.inputFailed)
        }
        let reports = [
            ("source", model.source, compiled.sourceHashes),
            ("destination", model.destination, compiled.destinationHashes),
        ].map { side, snapshot, hashes in
            VersionHashReport(
                bundle: path.withoutTrailingSlash, version: "\(snapshot.versionName) (\(side) snapshot)",
                isCurrent: false,
                checksum: CompiledVersion(model: snapshot).versionChecksum,
                entityHashes: hashes)
        }
        return (reports, run.diagnostics.sortedForOutput(), false)
    }
}

/// Which mapping models the guard reads for a bundle: those beside it (`MappingModelDiscovery`) and those named
/// (`--mapping-model`, `"mappingModels"`); `module`: the app's module, when a caller knows it (the build plugin).
struct MappingModelSearch: Sendable {
    var named: [String] = []
    /// False when the build plugin names every mapping model of its target for every model: one that maps another
    /// model is then that model's, not a mistake.
    var namedByUser = true
    var searchBeside = true
    var module: String?
    /// Where the app's sources are, to look for migration policy classes in (the build plugin: its package); nil:
    /// the package or project root around the model (`ProjectFolders.projectRoot`).
    var sources: [String]? = nil

    /// The classes the app's sources declare, read only when a mapping model names a policy class.
    func declaredClasses(for bundle: String, _ inputs: [MappingModelRule.Input]) -> DeclaredClasses? {
        guard inputs.contains(where: { $0.model.entityMappings.contains { $0.migrationPolicyClassName != nil } }) else {
            return nil
        }
        return DeclaredClasses.scan(sources ?? ProjectFolders.projectRoot(forModel: bundle).map { [$0] } ?? [])
    }

    /// Source: each mapping model of the bundle found and read, with the bundle (typed and compiled by `inputs`).
    func read(for bundle: String) -> [MappingModelRun.Read] {
        let found =
            searchBeside
            ? MappingModelDiscovery.mappingModels(beside: bundle, named: named)
            : MappingModelDiscovery.Found(paths: named, otherBundles: [])
        return Parallel.map(found.paths.count) {
            MappingModelRun.Read(path: found.paths[$0], wanted: found.belongs(recordedSourcePath:))
        }
    }

    /// Each mapping model read through Model and Compile, and the findings of those that could not be.
    func inputs(_ read: [MappingModelRun.Read]) -> ([MappingModelRule.Input], [Diagnostic]) {
        let runs = Parallel.map(read.count) { MappingModelRun(read[$0]) }
        var inputs: [MappingModelRule.Input] = [], diagnostics: [Diagnostic] = []
        for (read, run) in zip(read, runs) where !run.skipped {
            diagnostics += run.diagnostics
            if let model = run.model, let compiled = run.compiled {
                inputs.append(.init(path: read.path, model: model, compiled: compiled))
            }
        }
        return (inputs, diagnostics)
    }
}
