import Foundation

/// `Name.xcdatamodeld/ShippedVersions.json`: the versions of a model that reached users, fingerprinted so
/// that any later edit to them is caught. Sorted keys and fixed formatting make it review well in a diff.
///
/// Per version: its `versionChecksum`; per entity and per property, the version hash (what a store's
/// metadata records) and a digest of everything else the compiled version holds for it; a digest of the
/// model-level rest (fetch request templates, configurations, version identifier); and a few readable
/// facts (class name, renaming ID, default value ...) so that a change the hashes cannot see can be named.
public struct ShippedRecord: Codable, Equatable, Sendable {
    public static let fileName = "ShippedVersions.json"
    public static let currentFormat = 1

    public var about = "Model versions that shipped to users. openmomc fails the build when one of them changes: "
        + "stores created by a shipped version must keep opening. Written by `openmomc mark-shipped`."
    public var formatVersion = ShippedRecord.currentFormat
    public var versions: [String: ShippedVersion] = [:]

    public init(versions: [String: ShippedVersion] = [:]) { self.versions = versions }

    public var encoded: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { fatalError("encoding strings to JSON cannot fail") }
        return Array(data) + [UInt8(ascii: "\n")]
    }

    /// Parses the file; anything but a well-formed record of a known format is an error, never "empty".
    public static func parse(_ bytes: [UInt8], file: String) -> Result<ShippedRecord, Diagnostic> {
        let here = SourceLocation(file: file, line: 1, column: 1)
        func malformed(_ why: String) -> Result<ShippedRecord, Diagnostic> {
            .failure(.error(.shippedRecordMalformed,
                "malformed \(fileName): \(why); it is never treated as empty — restore it from version control", at: here))
        }
        do {
            let record = try JSONDecoder().decode(ShippedRecord.self, from: Data(bytes))
            guard record.formatVersion <= currentFormat else {
                return malformed("formatVersion \(record.formatVersion) was written by a newer openmomc")
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
    public static func location(ofVersion name: String, in bytes: [UInt8], file: String) -> SourceLocation {
        let text = String(decoding: bytes, as: UTF8.self)
        let quoted = "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        let start = text.range(of: "\"versions\"")?.upperBound ?? text.startIndex
        guard let range = text.range(of: quoted, range: start..<text.endIndex) else { return SourceLocation(file: file, line: 1, column: 1) }
        let before = text[text.startIndex..<range.lowerBound]
        let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        let column = before.utf8.count - (before.lastIndex(of: "\n").map { before.utf8.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
        return SourceLocation(file: file, line: line, column: column)
    }
}

public struct ShippedVersion: Codable, Equatable, Sendable {
    public var versionChecksum: String
    /// Digest of the compiled model outside its entities: fetch request templates, configurations, version identifier.
    public var modelDigest: String
    public var entities: [String: ShippedEntity]
}

public struct ShippedEntity: Codable, Equatable, Sendable {
    public var versionHash: String
    /// Digest of the entity's compiled settings other than its properties.
    public var digest: String
    public var facts: [String: String]?
    public var properties: [String: ShippedProperty]
}

public struct ShippedProperty: Codable, Equatable, Sendable {
    /// Absent for fetched properties, which have no version hash.
    public var versionHash: String?
    public var digest: String
    public var facts: [String: String]?
}
