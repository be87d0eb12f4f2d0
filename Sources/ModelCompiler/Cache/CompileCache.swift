import CZlib
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Compiled versions kept between runs (`compile --cache`, `build --cache`; the build plugin keeps one in its work
/// folder), so that a bundle with a long history recompiles only the versions that changed. An entry is used only
/// when it was written by this very openmomc (its version and executable) from exactly the same bytes (compared
/// byte for byte, not by a digest); one that is damaged, stale or unreadable is ignored and replaced, never
/// trusted. The cache is an optimization: when it cannot be read or written, compiling goes on without it.
public struct CompileCache: Sendable {
    /// The cache's folder.
    let directory: String
    /// The openmomc version and the executable's size and modification time: a rebuilt tool misses every entry.
    /// Nil when the executable cannot be identified: then nothing is read or written.
    let tool: String?

    /// A cache in `directory` (created when missing), its entries valid only for this `toolVersion`.
    public init(directory: String, toolVersion: String) {
        self.init(directory: directory, tool: Self.executableIdentity().map { toolVersion + " " + $0 })
    }

    init(directory: String, tool: String?) {
        self.directory = directory
        self.tool = tool
    }

    static let magic = Array("openmomc-cache\n".utf8)
    /// 2: the version's validation findings, and the path of its contents file they point at.
    /// 3: the typed model and what typing found.
    /// 4: an attribute's regular expression among its rare settings.
    static let format: Int64 = 4

    /// One folder per model, one file per version, named by a digest of the version name (names may hold anything).
    func folder(bundle: String) -> String {
        directory.appendingPathComponent(Hex.encode(SHA256.hash(Array(bundle.utf8))).prefix(16) + ".model")
    }

    func path(bundle: String, version: String) -> String {
        folder(bundle: bundle).appendingPathComponent(
            Hex.encode(SHA256.hash(Array(version.utf8))).prefix(16) + ".version")
    }

    /// The entry for `version` compiled from exactly `input`, read from `file`, when there is a sound one.
    func entry(bundle: String, version: String, file: String, input: [UInt8]) -> Entry? {
        guard let tool, case .success(let bytes) = FileSystem.readFile(path(bundle: bundle, version: version)) else {
            return nil
        }
        return Self.decode(bytes, tool: tool, version: version, file: file, input: input)
    }

    /// Records each version compiled this run and removes the model's entries for versions it no longer has.
    /// Best effort: a failure leaves the cache as it was or without an entry, which only costs time.
    func store(
        bundle: String, versions: [(name: String, file: String, input: [UInt8], entry: Entry)],
        keeping names: [String]
    ) {
        let folder = folder(bundle: bundle)
        guard let tool,
            (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil
        else { return }
        for version in versions {
            let bytes = Self.encode(
                version.entry, tool: tool, version: version.name, file: version.file,
                input: version.input)
            _ = AtomicFile.write(bytes, to: path(bundle: bundle, version: version.name), durable: false)
        }
        let kept = Set(names.map { path(bundle: bundle, version: $0).lastPathComponent })
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where file.hasSuffix(".version") && !kept.contains(file) {
            try? FileManager.default.removeItem(atPath: folder.appendingPathComponent(file))
        }
    }

    /// openmomc never writes into a user's model: a cache folder inside the model is refused, also through a
    /// symbolic link.
    static func insideModel(_ directory: String, model: String) -> Diagnostic? {
        let folder = FileSystem.canonicalPath(directory), bundle = FileSystem.canonicalPath(model)
        guard folder == bundle || folder.hasPrefix(bundle + "/") else { return nil }
        return .error(
            .invalidArgument,
            "the compile cache '\(directory)' is inside the model; openmomc never writes "
                + "there, "
                + "so give a folder outside it (the build plugin keeps its cache in its work folder)",
            at: SourceLocation(file: "--cache"))
    }

    // MARK: - Entry files: the magic, a CRC-32 of the rest but the input's copy (compared byte for byte instead),
    // then the fields, each string and byte run after its length.

    static func encode(_ entry: Entry, tool: String, version: String, file: String, input: [UInt8]) -> [UInt8] {
        var payload: [UInt8] = []
        payload.reserveCapacity(input.count + entry.mom.count + 64 * (entry.hashes.entityHashes.count + 8))
        func append(_ number: UInt64) { BinaryPropertyListEncoding.appendBigEndian(number, size: 8, to: &payload) }
        func append(_ number: Int) { append(UInt64(number)) }
        func append(_ bytes: [UInt8]) {
            append(bytes.count)
            payload += bytes
        }
        func append(_ text: String) { append(Array(text.utf8)) }
        append(Int(format))
        append(tool)
        append(version)
        append(file)
        // Where the input's copy lies: the checksum steps over it.
        let inputStart = payload.count + 8
        append(input)
        let inputEnd = payload.count
        append(entry.mom)
        append(entry.hashes.versionHash)
        append(entry.hashes.entityHashes.count)
        for (name, hash) in entry.hashes.entityHashes.sorted(by: { $0.key < $1.key }) {
            append(name)
            append(hash)
            let properties = entry.hashes.propertyHashes[name] ?? [:]
            append(properties.count)
            for (property, hash) in properties.sorted(by: { $0.key < $1.key }) {
                append(property)
                append(hash)
            }
        }
        func append(_ findings: [Diagnostic]) {
            append(findings.count)
            for finding in findings {
                append(finding.severity.rawValue)
                append(finding.code.rawValue)
                append(finding.message)
                append(finding.location.file)
                // Any Int, as its bit pattern: a count's bound does not apply to a place.
                append(UInt64(truncatingIfNeeded: finding.location.line))
                append(UInt64(truncatingIfNeeded: finding.location.column))
                append(finding.location.element.map { [1] + Array($0.utf8) } ?? [0])
                append(finding.upgradingFrom.count)
                finding.upgradingFrom.forEach(append)
                append(finding.subjects.count)
                finding.subjects.forEach(append)
            }
        }
        append(entry.findings)
        // An empty run: no model kept (it could not be coded); the version is typed from its XML.
        append(entry.typed.flatMap { ModelEncoding.encode($0.model) } ?? [])
        append(entry.typed?.findings ?? [])
        var bytes = magic
        let sum = checksum([payload[..<inputStart], payload[inputEnd...]])
        BinaryPropertyListEncoding.appendBigEndian(UInt64(sum), size: 4, to: &bytes)
        return bytes + payload
    }

    static func decode(_ bytes: [UInt8], tool: String, version: String, file: String, input: [UInt8]) -> Entry? {
        let header = magic.count + 4
        guard bytes.count > header, bytes.starts(with: magic) else { return nil }
        let stored = bytes[magic.count..<header].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        var reader = EntryReader(bytes: bytes, offset: header)
        // The input first: an edited version's entry is told apart without a checksum of the whole.
        guard reader.number() == Int(format), reader.string() == tool, reader.string() == version,
            reader.string() == file
        else { return nil }
        let inputStart = reader.offset + 8
        guard reader.matches(input),
            checksum([bytes[header..<inputStart], bytes[reader.offset...]]) == stored, let mom = reader.run(),
            !mom.isEmpty,
            let versionHash = reader.digest(), let entities = reader.number()
        else { return nil }
        var hashes = VersionHashes(entityHashes: [:], versionHash: versionHash)
        // Every property's hash is stepped over and kept as bytes: read only when a stage asks for them.
        let propertyStart = reader.offset
        for _ in 0..<entities {
            guard let name = reader.string(), let hash = reader.digest(), let count = reader.number() else {
                return nil
            }
            hashes.entityHashes[name] = hash
            for _ in 0..<count {
                guard reader.skipRun(), reader.skipRun(ofLength: 32) else { return nil }
            }
        }
        let storedPropertyHashes = Array(bytes[propertyStart..<reader.offset])
        guard let findings = reader.findings(), let model = reader.run(), let typing = reader.findings(),
            reader.isAtEnd
        else { return nil }
        var typed: Entry.Typed?
        if !model.isEmpty {
            // The positions point into the version's file, whose bytes are `input` (checked above).
            guard let decoded = ModelDecoding.decode(model, file: SourceFile(path: file, bytes: input)),
                decoded.versionName == version, decoded.file == file
            else { return nil }
            typed = Entry.Typed(model: decoded, findings: typing)
        }
        var entry = Entry(mom: mom, hashes: hashes, findings: findings, typed: typed)
        entry.storedPropertyHashes = storedPropertyHashes
        return entry
    }

    /// Every property's hash from an entry's stored bytes (each entity's name, hash and own properties' hashes).
    static func propertyHashes(_ stored: [UInt8]) -> [String: [String: [UInt8]]]? {
        var reader = EntryReader(bytes: stored, offset: 0)
        var tables: [String: [String: [UInt8]]] = [:]
        while !reader.isAtEnd {
            guard let name = reader.string(), reader.digest() != nil, let count = reader.number() else { return nil }
            var own: [String: [UInt8]] = [:]
            for _ in 0..<count {
                guard let property = reader.string(), let hash = reader.digest() else { return nil }
                own[property] = hash
            }
            tables[name] = own
        }
        return tables
    }

    /// Reads an entry's fields; every length is checked against what is left, so a damaged file reads as nil.
    private struct EntryReader {
        let bytes: [UInt8]
        private(set) var offset: Int

        var isAtEnd: Bool { offset == bytes.count }

        mutating func number() -> Int? {
            guard bytes.count - offset >= 8 else { return nil }
            let value = bytes[offset..<offset + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            offset += 8
            // Counts and lengths never exceed the file: a larger one is damage (and would not fit an Int).
            return value <= UInt64(bytes.count) ? Int(value) : nil
        }

        /// Any Int, from its bit pattern.
        mutating func integer() -> Int? {
            guard bytes.count - offset >= 8 else { return nil }
            defer { offset += 8 }
            return Int(truncatingIfNeeded: bytes[offset..<offset + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        }

        mutating func run() -> [UInt8]? {
            guard let count = number(), bytes.count - offset >= count else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }

        mutating func string() -> String? { run().map { String(decoding: $0, as: UTF8.self) } }

        /// Steps over a byte run (of `length` bytes when given), checking its length only.
        mutating func skipRun(ofLength length: Int? = nil) -> Bool {
            guard let count = number(), length.map({ $0 == count }) ?? true, bytes.count - offset >= count else {
                return false
            }
            offset += count
            return true
        }

        mutating func digest() -> [UInt8]? {
            guard let digest = run(), digest.count == 32 else { return nil }
            return digest
        }

        /// A finding as `encode` writes it; nil for anything this openmomc would not have written.
        mutating func finding() -> Diagnostic? {
            guard let severity = string().flatMap(Severity.init(rawValue:)), let code = string(),
                DiagnosticCode.all.contains(code), let message = string(),
                let file = string(), let line = integer(), let column = integer(), let element = run(),
                let first = element.first, first < 2, let upgradingFrom = strings(), let subjects = strings()
            else { return nil }
            let name = first == 1 ? String(decoding: element.dropFirst(), as: UTF8.self) : nil
            let location = SourceLocation(file: file, line: line, column: column, element: name)
            var finding = Diagnostic(severity, DiagnosticCode(rawValue: code), message, at: location)
            finding.upgradingFrom = upgradingFrom
            finding.subjects = subjects
            return finding
        }

        /// A count, then that many values.
        mutating func list<Value>(_ read: (inout EntryReader) -> Value?) -> [Value]? {
            guard let count = number() else { return nil }
            var values: [Value] = []
            for _ in 0..<count {
                guard let value = read(&self) else { return nil }
                values.append(value)
            }
            return values
        }

        mutating func findings() -> [Diagnostic]? { list { $0.finding() } }
        mutating func strings() -> [String]? { list { $0.string() } }

        /// Whether the next byte run is exactly `expected`.
        mutating func matches(_ expected: [UInt8]) -> Bool {
            guard let count = number(), count == expected.count, bytes.count - offset >= count else { return false }
            defer { offset += count }
            // memcmp: a generic element-by-element comparison of every version's XML cost 3% of a warm compile.
            return bytes.withUnsafeBytes { stored in
                expected.withUnsafeBytes { wanted in
                    count == 0 || memcmp(stored.baseAddress! + offset, wanted.baseAddress!, count) == 0
                }
            }
        }
    }

    /// One CRC-32 over the parts, in order.
    static func checksum(_ parts: [ArraySlice<UInt8>]) -> UInt32 {
        var crc = crc32(0, nil, 0)
        for part in parts {
            part.withUnsafeBufferPointer { buffer in
                var offset = 0
                // zlib takes a 32-bit length: large payloads go in pieces.
                while offset < buffer.count {
                    let count = min(buffer.count - offset, 1 << 30)
                    crc = crc32(crc, buffer.baseAddress.map { $0 + offset }, uInt(count))
                    offset += count
                }
            }
        }
        return UInt32(truncatingIfNeeded: crc)
    }

    /// The running executable's size and modification time.
    static func executableIdentity() -> String? {
        #if os(Linux)
        let path = "/proc/self/exe"  // stat follows the link to the running executable
        #else
        guard let path = Bundle.main.executablePath else { return nil }
        #endif
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if os(Linux)
        let modified = info.st_mtim
        #else
        let modified = info.st_mtimespec
        #endif
        return "\(info.st_size) \(modified.tv_sec).\(modified.tv_nsec)"
    }
}
