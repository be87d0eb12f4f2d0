/// What compiling a version gives that is worth keeping between runs: its `.mom` bytes, version hashes, what
/// validating it found (warnings and notes: a version with errors is never compiled) and its typed model. The cache
/// hands back one made from exactly the same input by the same openmomc.
extension CompileCache {
    struct Entry: Sendable {
        var mom: [UInt8]
        /// Every hash when written; read back, the entity level only (`propertyHashes` empty): the rest stays in
        /// `storedPropertyHashes` until a stage asks.
        var hashes: VersionHashes
        var findings: [Diagnostic] = []
        /// The typed model and what typing it found: with them the version is neither parsed nor typed again.
        var typed: Typed?
        /// Read back: every property's hash as the entry's bytes, read when first asked.
        var storedPropertyHashes: [UInt8] = []

        struct Typed: Sendable {
            var model: ManagedObjectModel
            var findings: [Diagnostic]
        }

        /// An entry read back as the hashes a restored version starts from: every property's is read when asked.
        var known: KnownHashes {
            let stored = storedPropertyHashes
            return KnownHashes(
                entityHashes: hashes.entityHashes, versionHash: hashes.versionHash,
                propertyHashes: { CompileCache.propertyHashes(stored) })
        }
    }

    /// A version the cache does not have, kept until its output is written and recorded.
    struct Miss: Sendable {
        let input: [UInt8]
        let typing: [Diagnostic]
        let validation: [Diagnostic]
    }

    /// What the cache has for one version, looked up before the version's job.
    enum Lookup: Sendable {
        /// The version as compiled before from exactly the same bytes, with what typing and validating it found:
        /// it is neither parsed, typed nor validated again, and its archive is taken as it is.
        case hit(CompiledVersion, findings: [Diagnostic])
        /// The version's exact input (the contents file's bytes), to record once it is compiled.
        case miss(input: [UInt8])
    }

    /// Nil for a version that is never cached: a binary Xcode 3 version (its typed model has no byte form).
    func lookup(_ version: ModelVersionSource, bundle: String) -> Lookup? {
        guard let input = version.contents, !input.isEmpty else { return nil }
        guard
            let entry = entry(bundle: bundle, version: version.name, file: version.contentsPath, input: input),
            let typed = entry.typed
        else { return .miss(input: input) }
        let restored = CompiledVersion(restoring: typed.model, mom: entry.mom, hashes: entry.known)
        return .hit(restored, findings: typed.findings + entry.findings)
    }

    /// Records the versions compiled this run, each with the `.mom` bytes written for it, and removes the model's
    /// entries for versions it no longer has (`keeping`: the names it has).
    func record(bundle: String, _ compiled: [(version: CompiledVersion, mom: [UInt8], miss: Miss)], keeping: [String]) {
        let versions = compiled.map { version, mom, miss in
            (
                version.versionName, version.model.file, miss.input,
                Entry(
                    mom: mom, hashes: version.hashes, findings: miss.validation,
                    typed: .init(model: version.model, findings: miss.typing))
            )
        }
        store(bundle: bundle, versions: versions, keeping: keeping)
    }
}
