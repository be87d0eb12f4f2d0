#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `Name.xcdatamodeld/ShippedVersions.json`: the versions of a model that reached users, fingerprinted so
/// that any later edit to them is caught (Docs/ShippedRecordFormat.md). Sorted keys and fixed formatting make
/// it review well in a diff. A record is verified in the format it was written in, so upgrading openmomc
/// never turns a clean build into "shipped version modified".
struct ShippedRecord: Codable, Equatable, Sendable {
    static let fileName = ModelBundleReader.shippedRecordFileName

    var about =
        "Model versions that shipped to users. openmomc fails the build when one of them changes: "
        + "stores created by a shipped version must keep opening. Written by `openmomc mark-shipped`."
    var formatVersion = Fingerprinter.currentFormat
    var versions: [String: VersionFingerprint] = [:]

    init(versions: [String: VersionFingerprint] = [:], formatVersion: Int = Fingerprinter.currentFormat) {
        self.versions = versions
        self.formatVersion = formatVersion
    }

    var encoded: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { fatalError("encoding strings to JSON cannot fail") }
        return Array(data) + [UInt8(ascii: "\n")]
    }

    /// Parses the file; anything but a well-formed record of a known format is an error, never "empty".
    static func parse(_ bytes: [UInt8], file: String) -> Result<ShippedRecord, Diagnostic> {
        let here = SourceLocation(file: file, line: 1, column: 1)
        func malformed(_ why: String) -> Result<ShippedRecord, Diagnostic> {
            .failure(
                .error(
                    .shippedRecordMalformed,
                    "malformed \(fileName): \(why); it is never treated as empty — restore it from version control",
                    at: here))
        }
        do {
            let record = try JSONDecoder().decode(ShippedRecord.self, from: Data(bytes))
            guard record.formatVersion <= Fingerprinter.currentFormat else {
                return malformed(
                    "formatVersion \(record.formatVersion) was written by a newer openmomc; upgrade openmomc")
            }
            guard Fingerprinter.readableFormats.contains(record.formatVersion) else {
                // Format 1 digested dump text; only development builds before the first release wrote it.
                return .failure(
                    .error(
                        .shippedRecordMalformed,
                        "\(fileName) has formatVersion \(record.formatVersion), written by a development build of openmomc before "
                            + "0.1.0 and no longer read; check out the shipped versions as released, delete the file and run "
                            + "`openmomc mark-shipped --all` again", at: here))
            }
            return .success(record)
        } catch let DecodingError.keyNotFound(key, context) {
            return malformed("missing '\(key.stringValue)' at \(path(context.codingPath))")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            return malformed("wrong type at \(path(context.codingPath))")
        } catch let DecodingError.dataCorrupted(context) {
            return malformed(context.codingPath.isEmpty ? "not valid JSON" : "bad value at \(path(context.codingPath))")
        } catch {
            return malformed("not valid JSON")
        }
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.isEmpty ? "the top level" : keys.map(\.stringValue).joined(separator: ".")
    }

    /// Where a version's entry starts in the file's text, for diagnostics.
    static func location(ofVersion name: String, in bytes: [UInt8], file: String) -> SourceLocation {
        let text = String(decoding: bytes, as: UTF8.self)
        let escaped = name.replacingEveryScalar("\\", with: "\\\\").replacingEveryScalar("\"", with: "\\\"")
        let quoted = "\"" + escaped + "\""
        let start = text.firstRange(of: "\"versions\"", from: text.startIndex)?.upperBound ?? text.startIndex
        guard let range = text.firstRange(of: quoted, from: start) else {
            return SourceLocation(file: file, line: 1, column: 1)
        }
        let before = text[text.startIndex..<range.lowerBound]
        let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        let column =
            before.utf8.count
            - (before.lastIndex(of: "\n").map { before.utf8.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
        return SourceLocation(file: file, line: line, column: column)
    }
}

/// The bundle's `ShippedVersions.json`, read by Source and parsed here once for every rule and verb.
enum ShippedRecordFile {
    case absent
    /// Unreadable (Source reported it) or malformed (`diagnostic`): never treated as "nothing shipped".
    case unusable(diagnostic: Diagnostic?)
    case loaded(ShippedRecord, bytes: [UInt8], path: String)

    init(_ file: RawFile?) {
        guard let file else { self = .absent; return }
        guard let bytes = file.bytes else { self = .unusable(diagnostic: nil); return }
        switch ShippedRecord.parse(bytes, file: file.path) {
        case .failure(let diagnostic): self = .unusable(diagnostic: diagnostic)
        case .success(let record): self = .loaded(record, bytes: bytes, path: file.path)
        }
    }

    var record: ShippedRecord? {
        if case .loaded(let record, _, _) = self { return record }
        return nil
    }

    /// The versions a readable record names; nil without one.
    var shippedNames: Set<String>? { record.map { Set($0.versions.keys) } }

    var exists: Bool {
        if case .absent = self { return false }
        return true
    }
}
