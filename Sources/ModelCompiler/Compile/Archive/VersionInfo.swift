/// `VersionInfo.plist` of a `.momd` (../shared spec §3): the current version's name, and each version's
/// entity hashes and checksum.
struct VersionInfo: Hashable, Sendable {
    var currentVersionName: String?
    var versionHashes: [String: [String: [UInt8]]]
    var versionChecksums: [String: String]

    init(
        currentVersionName: String?, versionHashes: [String: [String: [UInt8]]],
        versionChecksums: [String: String]
    ) {
        self.currentVersionName = currentVersionName
        self.versionHashes = versionHashes
        self.versionChecksums = versionChecksums
    }

    static let currentVersionKey = "NSManagedObjectModel_CurrentVersionName"
    static let hashesKey = "NSManagedObjectModel_VersionHashes"
    static let checksumsKey = "NSManagedObjectModel_VersionChecksums"

    /// The property list, keys sorted so that the bytes never vary.
    var propertyList: PropertyListValue {
        var entries: [(String, PropertyListValue)] = []
        if let currentVersionName { entries.append((Self.currentVersionKey, .string(currentVersionName))) }
        entries.append(
            (
                Self.checksumsKey,
                .dictionary(versionChecksums.keys.sorted().map { ($0, .string(versionChecksums[$0]!)) })
            ))
        entries.append(
            (
                Self.hashesKey,
                .dictionary(
                    versionHashes.keys.sorted().map { version in
                        let hashes = versionHashes[version]!
                        return (version, .dictionary(hashes.keys.sorted().map { ($0, .data(hashes[$0]!)) }))
                    })
            ))
        return .dictionary(entries)
    }

    /// Reads a `VersionInfo.plist` (Apple's or ours). Checksums are absent in files from Xcode 14 and older.
    init(propertyList: PropertyListValue) throws(BinaryPropertyListReader.Failure) {
        func failure(_ what: String) -> BinaryPropertyListReader.Failure {
            .init(description: "VersionInfo.plist: \(what)")
        }
        guard propertyList.stringKeyedEntries != nil else { throw failure("the root is not a dictionary") }
        currentVersionName = propertyList[Self.currentVersionKey]?.stringValue
        versionHashes = [:]
        for (version, hashes) in propertyList[Self.hashesKey]?.stringKeyedEntries ?? [] {
            guard let entries = hashes.stringKeyedEntries else {
                throw failure("hashes of '\(version)' are not a dictionary")
            }
            var byEntity: [String: [UInt8]] = [:]
            for (entity, hash) in entries {
                guard let bytes = hash.dataValue else { throw failure("hash of '\(version).\(entity)' is not data") }
                byEntity[entity] = bytes
            }
            versionHashes[version] = byEntity
        }
        versionChecksums = [:]
        for (version, checksum) in propertyList[Self.checksumsKey]?.stringKeyedEntries ?? [] {
            guard let text = checksum.stringValue else { throw failure("checksum of '\(version)' is not a string") }
            versionChecksums[version] = text
        }
    }
}
