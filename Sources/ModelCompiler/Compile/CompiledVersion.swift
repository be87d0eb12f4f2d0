#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One model version after the Compile stage: everything later stages need, each part worked out once, on first use,
/// whichever thread asks first.
struct CompiledVersion: Sendable {
    let model: ManagedObjectModel
    private let computed: Computed
    /// The `.mom` bytes when they are made already: read back from the compile cache, or archived in the version's
    /// own job (`VersionCompiler.archive`); else they are made when the output is written.
    private(set) var mom: [UInt8]?

    init(model: ManagedObjectModel) {
        self.model = model
        computed = Computed(model, known: nil)
    }

    /// A version the compile cache made from exactly this input in an earlier run: its archive and hashes as kept.
    init(restoring model: ManagedObjectModel, mom: [UInt8], hashes: KnownHashes) {
        self.model = model
        computed = Computed(model, known: hashes)
        self.mom = mom
    }

    var versionName: String { model.versionName }

    /// Each entity's version hash (what `VersionInfo.plist` and a store's metadata record) and `versionHash`: the
    /// first level, all the migration analysis, the pointer checks and a compile's output ask for.
    var entityHashes: [String: [UInt8]] { computed.entityLevel.entityHashes }
    var versionHash: [UInt8] { computed.entityLevel.versionHash }
    var versionChecksum: String { Base64.encode(versionHash) }

    /// Every hash, with each property's: the second level, made from what the first kept (never hashed again), for
    /// the shipped record's fingerprints, the compile cache and the store doctor.
    var hashes: VersionHashes { computed.all }

    /// The version's entry for `ShippedVersions.json`, in the current record format.
    var fingerprint: VersionFingerprint { computed.fingerprint }

    /// The same version with its `.mom` bytes made.
    func archived(_ bytes: [UInt8]) -> CompiledVersion {
        var version = self
        version.mom = bytes
        return version
    }
}

/// Hashes known before a version's job: what the compile cache read back.
struct KnownHashes: Sendable {
    var entityHashes: [String: [UInt8]]
    var versionHash: [UInt8]
    /// Every property's hash, read when first asked; nil when they cannot be read (then they are worked out).
    var propertyHashes: @Sendable () -> [String: [String: [UInt8]]]?
}

/// A version's hashes and fingerprint, each computed at most once, whichever thread asks first.
private final class Computed: @unchecked Sendable {
    private let model: ManagedObjectModel
    private let lock = Lock()
    private var known: KnownHashes?
    private var first: VersionHasher.EntityLevel?
    private var everyHash: VersionHashes?
    private var madeFingerprint: VersionFingerprint?

    init(_ model: ManagedObjectModel, known: KnownHashes?) {
        self.model = model
        self.known = known
    }

    var entityLevel: (entityHashes: [String: [UInt8]], versionHash: [UInt8]) {
        lock.withLock { firstLevel() }
    }

    var all: VersionHashes { lock.withLock { bothLevels() } }

    var fingerprint: VersionFingerprint {
        lock.withLock {
            if let madeFingerprint { return madeFingerprint }
            let made = Fingerprinter().fingerprint(model, hashes: bothLevels())
            madeFingerprint = made
            return made
        }
    }

    private func firstLevel() -> (entityHashes: [String: [UInt8]], versionHash: [UInt8]) {
        if let everyHash { return (everyHash.entityHashes, everyHash.versionHash) }
        if let known { return (known.entityHashes, known.versionHash) }
        let level = first ?? hashed()
        return (level.entityHashes, level.versionHash)
    }

    private func bothLevels() -> VersionHashes {
        if let everyHash { return everyHash }
        let made: VersionHashes
        if let known, let tables = known.propertyHashes() {
            made = VersionHashes(
                entityHashes: known.entityHashes, propertyHashes: tables, versionHash: known.versionHash)
        } else {
            let level = first ?? hashed()
            made = VersionHashes(
                entityHashes: level.entityHashes,
                propertyHashes: VersionHasher.propertyHashes(of: level, in: model), versionHash: level.versionHash)
        }
        // The property digests the first level kept are in the tables now.
        (everyHash, first, known) = (made, nil, nil)
        return made
    }

    private func hashed() -> VersionHasher.EntityLevel {
        StageTrace.record(.hashed, model.versionName)
        let made = VersionHasher.entityLevel(for: model)
        first = made
        return made
    }
}

/// The Compile stage: pure functions of a validated model. No I/O.
enum VersionCompiler {
    /// The compiled version; its hashes, fingerprint and archive are worked out when first asked.
    static func compile(_ model: ManagedObjectModel) -> CompiledVersion {
        StageTrace.record(.compiled, model.versionName)
        return CompiledVersion(model: model)
    }

    /// The version with its `.mom` bytes made now, in the version's own job, rather than when the output is written.
    static func archive(_ version: CompiledVersion) -> CompiledVersion {
        guard version.mom == nil else { return version }
        StageTrace.record(.archived, version.versionName)
        return version.archived(ModelArchiver.momData(for: version.model))
    }

    /// The `.mom` bytes, laid out only for the verbs that write or list compiled output (`check` never needs them).
    /// `helper`: another job may build half of the archive's graph (it is told either way).
    static func mom(_ version: CompiledVersion, helper: SharedWork<ArchiveGraph>? = nil) -> [UInt8] {
        if let made = version.mom {
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
    static func moms(_ versions: [CompiledVersion]) -> [[UInt8]] {
        let helpers = versions.map { _ in versions.count < Parallel.cores ? SharedWork<ArchiveGraph>() : nil }
        let jobs = Parallel.map(versions.count * 2) { job -> [UInt8] in
            if job < versions.count { return mom(versions[job], helper: helpers[job]) }
            helpers[job - versions.count]?.help()
            // What `VersionInfo.plist` records.
            _ = versions[job - versions.count].entityHashes
            return []
        }
        return Array(jobs.prefix(versions.count))
    }

    /// The files of a compiled `.xcdatamodeld`: one `.mom` per version, then `VersionInfo.plist`, which names the
    /// current version only when `.xccurrentversion` declares one (as momc does).
    static func momd(_ versions: [CompiledVersion], current: CurrentVersion?) -> [(name: String, bytes: [UInt8])] {
        let archives = moms(versions)
        var files: [(String, [UInt8])] = []
        var hashes: [String: [String: [UInt8]]] = [:], checksums: [String: String] = [:]
        for (version, archive) in zip(versions, archives) {
            files.append((version.versionName + ".mom", archive))
            hashes[version.versionName] = version.entityHashes
            checksums[version.versionName] = version.versionChecksum
        }
        let declared = current.flatMap { $0.isDeclared ? $0.name : nil }
        let info = VersionInfo(currentVersionName: declared, versionHashes: hashes, versionChecksums: checksums)
        files.append(("VersionInfo.plist", BinaryPropertyListWriter.data(for: info.propertyList)))
        return files
    }
}
