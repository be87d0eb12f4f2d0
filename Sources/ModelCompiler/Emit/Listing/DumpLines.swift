/// `dump`'s listing of one version: its archive, then its hashes.
enum DumpLines {
    /// The lines of `.mom` bytes openmomc itself just laid out; failing to read them back is a bug of ours.
    static func archive(_ bytes: [UInt8], prefix: String) -> [DumpLine] {
        guard let archive = try? KeyedArchive(bytes: bytes) else {
            preconditionFailure("openmomc wrote an unreadable .mom")
        }
        return Self.archive(archive, prefix: prefix)
    }

    static func archive(_ archive: KeyedArchive, prefix: String) -> [DumpLine] {
        ArchiveDump.lines(archive).map { DumpLine(path: prefix + $0.path, value: $0.value) }
    }

    static func hashes(_ hashes: VersionHashes, prefix: String) -> [DumpLine] {
        Self.hashes(entityHashes: hashes.entityHashes, checksum: hashes.versionChecksum, prefix: prefix)
    }

    static func hashes(entityHashes: [String: [UInt8]], checksum: String?, prefix: String) -> [DumpLine] {
        var lines = entityHashes.sorted { $0.key < $1.key }.map { name, hash in
            DumpLine(path: prefix + "versionHash[\(name)]", value: Hex.encode(hash))
        }
        if let checksum { lines.append(DumpLine(path: prefix + "versionChecksum", value: checksum)) }
        return lines
    }
}
