/// How the pipeline spreads a bundle's versions over the cores: each version is one job, read, typed, validated and
/// compiled there; the order of the jobs, what each keeps in memory and how much it hashes are chosen here.
extension BundlePipeline {
    typealias CompiledVersions = (versions: [CompiledVersion], uncached: [String: Uncached], diagnostics: [Diagnostic])

    /// Every version of `source` through Model, Validation and Compile, in the bundle's version order. Takes the
    /// versions' element trees out of `source`, each to the job that types it.
    static func compileVersions(_ source: inout ModelBundleSource, cache: CompileCache?) -> CompiledVersions {
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
            let (input, cached) = lookup(version, bundle: bundlePath, cache: cache, fingerprint: fingerprint)
            // With a cache (compile, build), a version of a bundle that it lacks is archived in its own job, beside the
            // others (a lone version is archived at output, its graph built by two cores).
            let (compiled, typing, validation) = compileVersion(
                version, streamed: streamed, fingerprint: fingerprint,
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
            let uncached =
                cache != nil && cached == nil && !input.isEmpty
                ? Uncached(input: input, typing: typing, validation: validation) : nil
            return (compiled, typing + validation, uncached)
        }
        var versions: [CompiledVersion] = [], uncached: [String: Uncached] = [:], diagnostics: [Diagnostic] = []
        for (index, (compiled, found, missed)) in compiledVersions.reversed().enumerated() {
            diagnostics += found
            if let compiled { versions.append(compiled) }
            if let missed { uncached[sourceVersions[index].name] = missed }
        }
        return (versions, uncached, diagnostics)
    }

    /// One version from its file through Model, Validation and Compile; nil when it does not parse or validate.
    /// `streamed`: an XML version is typed on another core while the parser reads on (a binary one is parsed already).
    /// A version the cache has with its typed model is neither parsed nor typed: the entry was made from the same
    /// bytes. Returns the findings of reading and typing, and apart those of validation (both kept by the cache).
    static func compileVersion(
        _ version: ModelVersionSource, streamed: Bool, fingerprint: Bool,
        cached: ArchivedVersion?, archive: Bool = false
    )
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
        let (model, typing) =
            builder?.finish(root, versionName: version.name, file: version.contentsPath)
            ?? ModelBuilder.build(root, versionName: version.name, file: version.contentsPath)
        return compileVersion(model, typing, fingerprint: fingerprint, cached: cached, archive: archive)
    }

    /// One version's element tree through Model, Validation and Compile; nil when it does not validate.
    static func compileVersion(
        _ root: SourceElement, name: String, file: String, fingerprint: Bool = true,
        cached: ArchivedVersion? = nil
    ) -> (CompiledVersion?, [Diagnostic]) {
        let (model, typing) = ModelBuilder.build(root, versionName: name, file: file)
        let (compiled, found, validation) = compileVersion(model, typing, fingerprint: fingerprint, cached: cached)
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
