/// One model version after the Compile stage: everything later stages need, computed once per version.
public struct CompiledVersion: Sendable {
    public let model: ManagedObjectModel
    /// Entity and property version hashes and the `versionChecksum`.
    public let hashes: VersionHashes
    /// The `.mom` file, once `VersionCompiler.archive` has laid it out.
    let mom: [UInt8]?
    /// The version's entry for `ShippedVersions.json`, in the current record format.
    let fingerprint: VersionFingerprint

    public var versionName: String { model.versionName }
    public var versionChecksum: String { hashes.versionChecksum }
}

/// The Compile stage: pure functions of a validated model. No I/O.
enum VersionCompiler {
    static func compile(_ model: ManagedObjectModel) -> CompiledVersion {
        StageTrace.record(.compiled, model.versionName)
        let hashes = VersionHasher.hashes(for: model)
        return CompiledVersion(model: model, hashes: hashes, mom: nil, fingerprint: Fingerprinter().fingerprint(model, hashes: hashes))
    }

    /// Lays out the `.mom` bytes, for the verbs that write or list compiled output (`check` never needs them).
    static func archive(_ version: CompiledVersion) -> CompiledVersion {
        guard version.mom == nil else { return version }
        StageTrace.record(.archived, version.versionName)
        return CompiledVersion(model: version.model, hashes: version.hashes, mom: ModelArchiver.momData(for: version.model),
                               fingerprint: version.fingerprint)
    }

    /// The files of a compiled `.xcdatamodeld`: one `.mom` per version, then `VersionInfo.plist`, which names the
    /// current version only when `.xccurrentversion` declares one (as momc does). `versions` must be archived.
    static func momd(_ versions: [CompiledVersion], current: CurrentVersion?) -> [(name: String, bytes: [UInt8])] {
        var files: [(String, [UInt8])] = []
        var hashes: [String: [String: [UInt8]]] = [:], checksums: [String: String] = [:]
        for version in versions {
            files.append((version.versionName + ".mom", archived(version)))
            hashes[version.versionName] = version.hashes.entityHashes
            checksums[version.versionName] = version.versionChecksum
        }
        let declared = current.flatMap { $0.isDeclared ? $0.name : nil }
        let info = VersionInfo(currentVersionName: declared, versionHashes: hashes, versionChecksums: checksums)
        files.append(("VersionInfo.plist", BinaryPropertyListWriter.data(for: info.propertyList)))
        return files
    }

    static func archived(_ version: CompiledVersion) -> [UInt8] {
        guard let mom = version.mom else { preconditionFailure("version '\(version.versionName)' was compiled without its archive") }
        return mom
    }
}
