#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `<Version>.expected.json` written as its rows are made: the header once, then each batch's rows, byte for byte
/// the document `JSONText` writes for the whole prediction (sorted keys, pretty printed), without ever holding it.
final class ExpectedRowsFile {
    private let file: AppendingFile
    private let encoder = JSONEncoder()
    /// The document up to its `rows` array's opening bracket, and from its closing one on.
    private let head: String, tail: String
    private var written = 0

    /// Where an empty `rows` array sits in the pretty-printed header. Every string in JSON escapes its line
    /// breaks, so this can only be the top-level key.
    private static let emptyRows = "\n  \"rows\" : [\n\n  ]"

    init(creating path: String, header: ExpectedRows) throws {
        let text = JSONText.encode(header)
        guard let range = text.firstRange(of: Self.emptyRows) else {
            preconditionFailure("the header has an empty rows array")
        }
        head = String(text[..<range.lowerBound]) + "\n  \"rows\" : ["
        tail = "\n  ]" + String(text[range.upperBound...])
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        file = try AppendingFile(creating: path)
        try file.append(head)
    }

    func append(_ rows: [ExpectedRows.ExpectedRow]) throws {
        guard !rows.isEmpty else { return }
        // "[\n  {...},\n  {...}\n]" at the top level is the same rows two spaces further in, in the document.
        let bytes = [UInt8](try encoder.encode(rows))
        var indented: [UInt8] = written == 0 ? [] : Array(",".utf8)
        indented.reserveCapacity(bytes.count + bytes.count / 8)
        var index = 1
        let end = bytes.count - 2
        while index < end {
            let byte = bytes[index]
            indented.append(byte)
            if byte == UInt8(ascii: "\n") && bytes[index + 1] != UInt8(ascii: "\n") {
                indented.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")])
            }
            index += 1
        }
        try file.append(indented)
        written += rows.count
    }

    func close() throws {
        try file.append(written == 0 ? "\n\n  ]" + tail.dropFirst(4) : tail)
        try file.close()
    }
}
