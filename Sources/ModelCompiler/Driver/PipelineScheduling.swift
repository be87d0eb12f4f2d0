/// How the pipeline spreads a bundle's versions over the cores: each version is one job, read, typed, validated and
/// compiled there; the order of the jobs, what each keeps in memory and how much it hashes are chosen here.
extension BundlePipeline {
    typealias CompiledVersions = (
        versions: [CompiledVersion], uncached: [String: CompileCache.Miss], diagnostics: [Diagnostic]
    )

    /// Every version of `source` through Model, Validation and Compile, in the bundle's version order. Takes the
    /// versions' element trees out of `source`, each to the job that types it. `cache`: looked up before each
    /// version's job; what it lacks is returned to be recorded once the output is written.
    static func compileVersions(_ source: inout ModelBundleSource, cache: CompileCache?) -> CompiledVersions {
        // An element tree is needed only to type its version: each job parses its own (a binary version's is taken
        // from the source), so that it is freed once that version is compiled instead of every tree being held until
        // all are (compile's peak memory).
        let converted = ElementTrees(source.versions.map(\.root))
        for index in source.versions.indices { source.versions[index].root = nil }
        let warming = Warming(
            fingerprint: source.shippedRecord != nil, entityHashes: source.versions.count > 1,
            archive: cache != nil && source.versions.count > 1)
        // Fewer versions than cores leave a core idle while a version is parsed: it types what has been read.
        let streamed = source.versions.count < Parallel.cores
        let sourceVersions = source.versions, bundlePath = source.path
        typealias Compiled = (version: CompiledVersion?, diagnostics: [Diagnostic], uncached: CompileCache.Miss?)
        // Newest first: the version edited is most often the current one, and with a compile cache it is the one slow
        // job among quick ones (started last, it would be finished by one core while the other idles).
        let count = sourceVersions.count
        let compiledVersions = Parallel.map(count) { position -> Compiled in
            let index = count - 1 - position
            var version = sourceVersions[index]
            version.root = converted.take(index)
            var input: [UInt8]?
            switch cache?.lookup(version, bundle: bundlePath) {
            case .hit(let restored, let findings)?: return (warming.warm(restored, recorded: false), findings, nil)
            case .miss(let bytes)?: input = bytes
            case nil: input = nil
            }
            let (compiled, typing, validation) = compileVersion(version, streamed: streamed)
            guard let compiled else { return (nil, typing + validation, nil) }
            let miss = input.map { CompileCache.Miss(input: $0, typing: typing, validation: validation) }
            return (warming.warm(compiled, recorded: miss != nil), typing + validation, miss)
        }
        var versions: [CompiledVersion] = [], uncached: [String: CompileCache.Miss] = [:]
        var diagnostics: [Diagnostic] = []
        for (index, (compiled, found, missed)) in compiledVersions.reversed().enumerated() {
            diagnostics += found
            if let compiled { versions.append(compiled) }
            if let missed { uncached[sourceVersions[index].name] = missed }
        }
        return (versions, uncached, diagnostics)
    }

    /// What a version's job works out beyond compiling it, so that it is done on that job's core rather than later
    /// on one: each part is worked out once whoever asks, so this decides only where, never whether.
    struct Warming: Sendable {
        /// A bundle with a shipped record compares every version's fingerprint.
        let fingerprint: Bool
        /// The migration analysis and the pointer checks compare every version's entity hashes when there are several.
        let entityHashes: Bool
        /// With a compile cache, a version it lacks is archived in its own job, beside the others (a lone version is
        /// archived at output, its graph built by two cores).
        let archive: Bool

        /// `recorded`: the compile cache is to keep the version, every property's hash with it.
        func warm(_ version: CompiledVersion, recorded: Bool) -> CompiledVersion {
            if fingerprint { _ = version.fingerprint }
            if recorded { _ = version.hashes } else if entityHashes { _ = version.entityHashes }
            return archive ? VersionCompiler.archive(version) : version
        }
    }

    /// One version from its file through Model, Validation and Compile; nil when it does not parse or validate.
    /// `streamed`: an XML version is typed on another core while the parser reads on (a binary one is parsed already).
    /// Returns the findings of reading and typing, and apart those of validation (the compile cache keeps both).
    static func compileVersion(
        _ version: ModelVersionSource, streamed: Bool
    )
        -> (CompiledVersion?, typing: [Diagnostic], validation: [Diagnostic])
    {
        let builder = streamed && version.root == nil ? StreamingModelBuilder() : nil
        let (root, failure) = ModelBundleReader.elementTree(of: version, stream: builder?.stream)
        guard let root else {
            builder?.discard()
            return (nil, failure.map { [$0] } ?? [], [])
        }
        let (model, typing) =
            builder?.finish(root, versionName: version.name, file: version.contentsPath)
            ?? ModelBuilder.build(root, versionName: version.name, file: version.contentsPath)
        return compileVersion(model, typing)
    }

    /// One version's element tree through Model, Validation and Compile; nil when it does not validate.
    static func compileVersion(_ root: SourceElement, name: String, file: String) -> (CompiledVersion?, [Diagnostic]) {
        let (model, typing) = ModelBuilder.build(root, versionName: name, file: file)
        let (compiled, found, validation) = compileVersion(model, typing)
        return (compiled, found + validation)
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
