#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads XML property lists (what momc before Xcode 15 wrote as `VersionInfo.plist`) with libxml2, through the
/// same reader as model files, whose depth limit bounds the recursion here.
enum XMLPropertyListReader {
    typealias Failure = BinaryPropertyListReader.Failure

    /// A binary or an XML property list, told apart by the binary magic.
    static func readAny(_ bytes: [UInt8], path: String) throws(Failure) -> PropertyListValue {
        if bytes.starts(with: Array("bplist".utf8)) { return try BinaryPropertyListReader.read(bytes) }
        return try read(bytes, path: path)
    }

    static func read(_ bytes: [UInt8], path: String) throws(Failure) -> PropertyListValue {
        let root: SourceElement
        switch XMLDocumentReader.parse(bytes: bytes, file: path) {
        case .success(let element): root = element
        case .failure(let diagnostic): throw Failure(description: "not a property list: \(diagnostic.message)")
        }
        guard root.name == "plist", root.children.count == 1 else {
            throw Failure(description: "not a property list: expected <plist> holding one value")
        }
        return try value(root.children[0])
    }

    private static func value(_ element: SourceElement) throws(Failure) -> PropertyListValue {
        func bad() -> Failure {
            Failure(description: "property list line \(element.location.line): bad <\(element.name)>")
        }
        switch element.name {
        case "string": return .string(element.text)
        case "integer":
            guard let number = Int64(element.text.trimmingWhitespaceAndNewlines) else { throw bad() }
            return .integer(number)
        case "real":
            guard let number = Double(element.text.trimmingWhitespaceAndNewlines) else { throw bad() }
            return .real(number)
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "data":
            guard let data = Data(base64Encoded: element.text, options: .ignoreUnknownCharacters) else { throw bad() }
            return .data([UInt8](data))
        case "date":
            guard let date = Self.date(element.text) else { throw bad() }
            return .date(date.timeIntervalSinceReferenceDate)
        case "array":
            var items: [PropertyListValue] = []
            for child in element.children { items.append(try value(child)) }
            return .array(items)
        case "dict":
            guard element.children.count.isMultiple(of: 2) else { throw bad() }
            var entries: [PropertyListValue.Entry] = []
            for index in stride(from: 0, to: element.children.count, by: 2) {
                let key = element.children[index]
                guard key.name == "key" else { throw bad() }
                entries.append(.init(.string(key.text), try value(element.children[index + 1])))
            }
            return .dictionary(entries)
        default:
            throw bad()
        }
    }

    /// An ISO 8601 date and time (`2024-01-31T12:00:00Z`), as `ISO8601DateFormatter` reads it.
    private static func date(_ text: String) -> Date? {
        #if canImport(FoundationEssentials)
        try? Date(text, strategy: .iso8601)
        #else
        ISO8601DateFormatter().date(from: text)
        #endif
    }
}
