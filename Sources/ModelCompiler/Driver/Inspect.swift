import Foundation

/// One version's hashes, as `hashes` reports them.
public struct VersionHashReport: Sendable, Encodable {
    public var bundle: String
    public var version: String
    public var isCurrent: Bool
    /// Nil when read from a `VersionInfo.plist` written by Xcode 14 or older, which has none.
    public var checksum: String?
    /// Entity name -> 32-byte hash, sorted by name.
    public var entities: [(name: String, hash: [UInt8])]

    enum CodingKeys: String, CodingKey { case bundle, version, isCurrent, checksum, entities }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bundle, forKey: .bundle)
        try container.encode(version, forKey: .version)
        try container.encode(isCurrent, forKey: .isCurrent)
        try container.encode(checksum, forKey: .checksum)
        var byName: [String: [String: String]] = [:]
        for (name, hash) in entities {
            byName[name] = ["hex": Hex.encode(hash), "base64": Base64.encode(hash)]
        }
        try container.encode(byName, forKey: .entities)
    }
}

/// Version hashes of source models (computed) or of compiled `.momd` folders (read from `VersionInfo.plist`).
public func hashes(path: String) -> (reports: [VersionHashReport], diagnostics: [Diagnostic], inputFailed: Bool) {
    let trimmed = path.withoutTrailingSlash
    if trimmed.hasSuffix(".momd") {
        let plistPath = trimmed.appendingPathComponent("VersionInfo.plist")
        do {
            let bytes = try FileSystem.readFile(plistPath).get()
            let info = try VersionInfo(propertyList: BinaryPropertyListReader.read(bytes))
            let reports = info.versionHashes.keys.sorted(by: NaturalOrder.areInIncreasingOrder).map { version in
                VersionHashReport(bundle: trimmed, version: version, isCurrent: info.currentVersionName == version,
                                  checksum: info.versionChecksums[version],
                                  entities: info.versionHashes[version]!.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
            }
            return (reports, [], false)
        } catch {
            return ([], [.error(.unreadableFile, "cannot read VersionInfo.plist: \(error)", at: SourceLocation(file: plistPath))], true)
        }
    }
    let result = check(paths: [path])
    var reports: [VersionHashReport] = []
    for bundle in result.bundles {
        for model in bundle.models {
            let computed = VersionHasher.hashes(for: model)
            reports.append(VersionHashReport(
                bundle: bundle.source.path, version: model.versionName,
                isCurrent: bundle.source.currentVersion?.versionName == model.versionName || bundle.source.layout == .singleVersion,
                checksum: computed.versionChecksum,
                entities: computed.entityHashes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        }
    }
    return (reports, result.diagnostics, result.inputFailed)
}

/// A readable, canonical listing of a compiled model (`.mom`, `.momd`) or of what a source model compiles
/// to: every archived value as `path: value`, then each version's entity hashes and checksum.
public func dump(path: String) -> (lines: [ArchiveDump.Line], diagnostics: [Diagnostic], inputFailed: Bool) {
    let trimmed = path.withoutTrailingSlash
    guard trimmed.hasSuffix(".mom") || trimmed.hasSuffix(".momd") else {
        let result = check(paths: [path])
        guard !result.diagnostics.hasErrors else { return ([], result.diagnostics, result.inputFailed) }
        var lines: [ArchiveDump.Line] = []
        for bundle in result.bundles {
            for model in bundle.models {
                guard let archive = try? KeyedArchive(bytes: ModelArchiver.momData(for: model)) else { continue }
                let prefix = bundle.source.layout == .versionedBundle ? model.versionName + ":" : ""
                lines += DumpLines.archive(archive, prefix: prefix)
                lines += DumpLines.hashes(VersionHasher.hashes(for: model), prefix: prefix)
            }
        }
        return (lines, result.diagnostics, result.inputFailed)
    }
    var files: [String] = [trimmed]
    var recorded: VersionInfo?
    if trimmed.hasSuffix(".momd") {
        guard case .success(let names) = FileSystem.listDirectory(trimmed) else {
            return ([], [.error(.unreadableFile, "cannot read folder", at: SourceLocation(file: trimmed))], true)
        }
        files = names.filter { $0.hasSuffix(".mom") }
            .sorted { NaturalOrder.areInIncreasingOrder($0.removingSuffix(".mom"), $1.removingSuffix(".mom")) }
            .map { trimmed.appendingPathComponent($0) }
        if case .success(let bytes) = FileSystem.readFile(trimmed.appendingPathComponent("VersionInfo.plist")) {
            recorded = try? VersionInfo(propertyList: BinaryPropertyListReader.read(bytes))
        }
    }
    var lines: [ArchiveDump.Line] = []
    for file in files {
        let version = file.lastPathComponent.removingSuffix(".mom")
        guard case .success(let bytes) = FileSystem.readFile(file), let archive = try? KeyedArchive(bytes: bytes) else {
            return ([], [.error(.unreadableFile, "not a readable compiled Core Data model", at: SourceLocation(file: file))], true)
        }
        let prefix = trimmed.hasSuffix(".momd") ? version + ":" : ""
        lines += DumpLines.archive(archive, prefix: prefix)
        if let recorded, let hashes = recorded.versionHashes[version] {
            // What the bundle says about itself, exactly as recorded.
            lines += DumpLines.hashes(entityHashes: hashes, checksum: recorded.versionChecksums[version], prefix: prefix)
        } else if let model = ModelUnarchiver.model(from: archive, versionName: version, file: file) {
            lines += DumpLines.hashes(VersionHasher.hashes(for: model), prefix: prefix)
        }
    }
    return (lines, [], false)
}

enum DumpLines {
    static func archive(_ archive: KeyedArchive, prefix: String) -> [ArchiveDump.Line] {
        ArchiveDump.lines(archive).map { ArchiveDump.Line(path: prefix + $0.path, value: $0.value) }
    }

    static func hashes(_ hashes: VersionHashes, prefix: String) -> [ArchiveDump.Line] {
        Self.hashes(entityHashes: hashes.entityHashes, checksum: hashes.versionChecksum, prefix: prefix)
    }

    static func hashes(entityHashes: [String: [UInt8]], checksum: String?, prefix: String) -> [ArchiveDump.Line] {
        var lines = entityHashes.sorted { $0.key < $1.key }.map { name, hash in
            ArchiveDump.Line(path: prefix + "versionHash[\(name)]", value: Hex.encode(hash))
        }
        if let checksum { lines.append(ArchiveDump.Line(path: prefix + "versionChecksum", value: checksum)) }
        return lines
    }
}
