#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One model version after the Compile stage: everything later stages need, computed once per version.
struct CompiledVersion: Sendable {
    let model: ManagedObjectModel
    private let computed: ComputedHashes
    /// The version's entry for `ShippedVersions.json`, in the current record format; computed with the version
    /// when the bundle has a record (only then is it compared), else nil (`currentFingerprint` computes it).
    let fingerprint: VersionFingerprint?
    /// The `.mom` bytes an earlier run made from exactly this version's input, when they were kept.
    let cachedMOM: [UInt8]?
    /// The `.mom` bytes made with the version, when asked (see `VersionCompiler.compile`); else made at output.
    let archived: [UInt8]?
    /// Taken from the compile cache: its hashes are known to the level they were read back at.
    var isCached: Bool { cachedMOM != nil }

    init(model: ManagedObjectModel, fingerprint: Bool, cached: ArchivedVersion? = nil, archive: Bool = false) {
        self.model = model
        computed = ComputedHashes(model, cached: cached)
        cachedMOM = cached?.mom
        if archive && cached == nil {
            StageTrace.record(.archived, model.versionName)
            archived = ModelArchiver.momData(for: model)
        } else {
            archived = nil
        }
        self.fingerprint = fingerprint ? Fingerprinter().fingerprint(model, hashes: computed.value) : nil
    }

    /// Entity and property version hashes and the `versionChecksum`: worked out the first time a stage asks (the
    /// migration analysis, the record, the archive), once; `check` of a lone version without a record never asks,
    /// and hashing was a third of its time.
    var hashes: VersionHashes { computed.value }
    var versionName: String { model.versionName }
    var versionChecksum: String { hashes.versionChecksum }
    /// The same, without working out the property hashes when no stage has yet: for a caller that needs nothing else
    /// of this version (`generate`, a compile's output), never one that asks for `hashes` later (the entity hashes
    /// would be worked out twice).
    var versionChecksumAlone: String { Base64.encode(computed.entityLevel.versionHash) }
    /// The entity hashes (what `VersionInfo.plist` records), on the same terms.
    var entityHashesAlone: [String: [UInt8]] { computed.entityLevel.entityHashes }

    /// The fingerprint in the current format: the one computed with the version, or (for `mark-shipped` on a bundle
    /// without a record yet) computed now.
    var currentFingerprint: VersionFingerprint { fingerprint ?? Fingerprinter().fingerprint(model, hashes: hashes) }
}

/// What compiling a version gives that is worth keeping between runs: its `.mom` bytes, version hashes, what
/// validating it found (warnings and notes: a version with errors is never compiled) and its typed model. The
/// Driver's compile cache hands back one made from exactly the same input by the same openmomc.
struct ArchivedVersion: Sendable {
    var mom: [UInt8]
    var hashes: VersionHashes
    var findings: [Diagnostic] = []
    /// The typed model and what typing it found: with them the version is neither parsed nor typed again. Nil for an
    /// Xcode 3 binary version (never cached).
    var typed: Typed?
    /// False when only the entity hashes and `versionHash` were read back (nothing in the run needs the rest).
    var hasPropertyHashes = true

    struct Typed: Sendable {
        var model: ManagedObjectModel
        var findings: [Diagnostic]
    }
}

/// The hashes of one model, computed at most once, whichever thread asks first.
private final class ComputedHashes: @unchecked Sendable {
    private let model: ManagedObjectModel
    private let lock = Lock()
    private var hashes: VersionHashes?

    /// `cached`: what the compile cache read back, every hash or the entity level only.
    init(_ model: ManagedObjectModel, cached: ArchivedVersion?) {
        self.model = model
        guard let cached else { return }
        if cached.hasPropertyHashes {
            hashes = cached.hashes
        } else {
            entityHashes = (cached.hashes.entityHashes, cached.hashes.versionHash)
        }
    }

    /// The entity hashes and `versionHash` without the tables of every property's hash, when only they were asked.
    private var entityHashes: (entityHashes: [String: [UInt8]], versionHash: [UInt8])?

    var value: VersionHashes {
        lock.lock()
        defer { lock.unlock() }
        if let hashes { return hashes }
        StageTrace.record(.hashed, model.versionName)
        let computed = VersionHasher.hashes(for: model)
        hashes = computed
        return computed
    }

    var entityLevel: (entityHashes: [String: [UInt8]], versionHash: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        if let hashes { return (hashes.entityHashes, hashes.versionHash) }
        if let entityHashes { return entityHashes }
        StageTrace.record(.hashed, model.versionName)
        let computed = VersionHasher.entityHashes(for: model)
        entityHashes = computed
        return computed
    }
}

/// The Compile stage: pure functions of a validated model. No I/O.
enum VersionCompiler {
    /// `fingerprint`: whether the shipped-record fingerprint is needed (a bundle with a record); about a seventh of
    /// `check`'s time on a long history, so bundles without a record skip it.
    /// `cached`: what a compile cache holds for exactly this version's input; its hashes and bytes are taken as
    /// they are.
    /// `archive`: the `.mom` is made now, in the version's own job, instead of when the output is written (with a
    /// compile cache, where the one version edited would otherwise be archived alone after the migration analysis).
    static func compile(
        _ model: ManagedObjectModel, fingerprint: Bool = true,
        cached: ArchivedVersion? = nil, archive: Bool = false
    ) -> CompiledVersion {
        StageTrace.record(.compiled, model.versionName)
        return CompiledVersion(model: model, fingerprint: fingerprint, cached: cached, archive: archive)
    }

    /// The `.mom` bytes, laid out only for the verbs that write or list compiled output (`check` never needs them).
    /// `helper`: another job may build half of the archive's graph (it is told either way).
    static func mom(_ version: CompiledVersion, helper: SharedWork<ArchiveGraph>? = nil) -> [UInt8] {
        if let made = version.cachedMOM ?? version.archived {
            helper?.withdraw()
            return made
        }
        StageTrace.record(.archived, version.versionName)
        return ModelArchiver.momData(for: version.model, helper: helper)
    }

    /// Each version's `.mom` bytes, its hashes worked out beside them (an archive does not need them), the slow
    /// archives first. The largest versions too: with the archive's graph compact (and its room reserved from the
    /// model's size), compile of 10,000 entities peaks under 10x the XML with the hashes beside it.
    /// When there are fewer versions than cores, the job that hashes a version first builds half of its archive's
    /// graph: the hashes take less time than the archive, and the core would idle while it is written.
    /// `propertyHashes`: whether a later step needs every property's hash too (the compile cache keeps them);
    /// otherwise only the entity hashes are worked out, when no stage has asked for more yet.
    static func moms(_ versions: [CompiledVersion], propertyHashes: Bool = true) -> [[UInt8]] {
        let helpers = versions.map { _ in versions.count < Parallel.cores ? SharedWork<ArchiveGraph>() : nil }
        let jobs = Parallel.map(versions.count * 2) { job -> [UInt8] in
            if job < versions.count { return mom(versions[job], helper: helpers[job]) }
            helpers[job - versions.count]?.help()
            let version = versions[job - versions.count]
            // A version from the compile cache has its hashes already, to the level it was read back at.
            if propertyHashes && !version.isCached { _ = version.hashes } else { _ = version.entityHashesAlone }
            return []
        }
        return Array(jobs.prefix(versions.count))
    }

    /// The files of a compiled `.xcdatamodeld`: one `.mom` per version, then `VersionInfo.plist`, which names the
    /// current version only when `.xccurrentversion` declares one (as momc does).
    static func momd(
        _ versions: [CompiledVersion], current: CurrentVersion?,
        propertyHashes: Bool = true
    ) -> [(name: String, bytes: [UInt8])] {
        let archives = moms(versions, propertyHashes: propertyHashes)
        var files: [(String, [UInt8])] = []
        var hashes: [String: [String: [UInt8]]] = [:], checksums: [String: String] = [:]
        for (version, archive) in zip(versions, archives) {
            files.append((version.versionName + ".mom", archive))
            hashes[version.versionName] = version.entityHashesAlone
            checksums[version.versionName] = version.versionChecksumAlone
        }
        let declared = current.flatMap { $0.isDeclared ? $0.name : nil }
        let info = VersionInfo(currentVersionName: declared, versionHashes: hashes, versionChecksums: checksums)
        files.append(("VersionInfo.plist", BinaryPropertyListWriter.data(for: info.propertyList)))
        return files
    }
}
