/// What the compile cache (`compile --cache`, the build plugin) saves the pipeline: a version whose exact bytes it
/// has is neither parsed, typed nor validated again, and its archive is taken as it is.
extension BundlePipeline {
    /// A version the cache did not have, kept until the output is written.
    struct Uncached: Sendable {
        let input: [UInt8]
        let typing: [Diagnostic]
        let validation: [Diagnostic]
    }

    /// The version's exact input (the contents file's bytes; empty for a binary Xcode 3 version, which is not
    /// cached) and the cache's entry for it.
    static func lookup(
        _ version: ModelVersionSource, bundle: String, cache: CompileCache?, fingerprint: Bool
    )
        -> (input: [UInt8], cached: ArchivedVersion?)
    {
        let input = version.contents ?? []
        let cached =
            input.isEmpty
            ? nil
            : cache?.lookup(
                bundle: bundle, version: version.name, file: version.contentsPath, input: input,
                propertyHashes: fingerprint)
        return (input, cached)
    }

    /// Records the versions compiled this run in the cache, from the compiled files (as the output is written).
    func recordInCache(_ output: CompiledOutput) {
        guard let cache else { return }
        // The output lists each version's .mom in version order (a .momd's VersionInfo.plist comes last).
        let compiled = zip(versions, output.files).compactMap { version, file in
            uncached[version.versionName].map {
                (
                    version.versionName, version.model.file, $0.input,
                    CompileCache.Entry(
                        mom: file.bytes, hashes: version.hashes, findings: $0.validation,
                        typed: .init(model: version.model, findings: $0.typing))
                )
            }
        }
        cache.store(bundle: source.path, versions: compiled, keeping: source.versions.map(\.name))
    }
}
