#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// The raw bytes of one XML file, kept so that exact line:column positions can be worked out when a
/// diagnostic needs one, instead of for every element and attribute up front (libxml2 keeps lines only).
/// Elements converted from a binary archive have no bytes and no lines: their positions index `labels`.
final class SourceFile: Sendable {
    let path: String
    let bytes: [UInt8]
    /// What each archived element is (`Entity.property`); empty for XML.
    let labels: [String]

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        self.labels = []
    }

    init(archivePath path: String, labels: [String]) {
        self.path = path
        self.bytes = []
        self.labels = labels
    }

    /// The offset of the next `<name` start tag at or after `from`, skipping comments, CDATA sections and
    /// processing instructions, whose text may look like a start tag.
    func findStartTag(_ name: [UInt8], from: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var offset = from
            while let open = Self.find(UInt8(ascii: "<"), in: buffer, from: offset) {
                if let skipped = Self.endOfMarkup(at: open, in: buffer) {
                    offset = skipped
                    continue
                }
                if Self.matches(name, at: open + 1, in: buffer), Self.isNameEnd(open + 1 + name.count, in: buffer) {
                    return open
                }
                offset = open + 1
            }
            return nil
        }
    }

    /// Where each attribute of `wanted` begins in the start tag at `tagStart` (its first occurrence), in one pass.
    private func attributeOffsets(inTagAt tagStart: Int, wanted: Set<String>) -> [String: Int] {
        var offsets: [String: Int] = [:]
        bytes.withUnsafeBufferPointer { buffer in
            var offset = tagStart + 1, quote: UInt8? = nil
            while offset < buffer.count {
                let byte = buffer[offset]
                if let q = quote {
                    if byte == q { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    break
                } else if Self.isSpace(buffer[offset - 1]), !Self.isSpace(byte) {
                    var end = offset
                    while end < buffer.count, !Self.isSpace(buffer[end]), buffer[end] != UInt8(ascii: "="),
                        buffer[end] != UInt8(ascii: ">")
                    { end += 1 }
                    let name = String(decoding: buffer[offset..<end], as: UTF8.self)
                    if wanted.contains(name), offsets[name] == nil { offsets[name] = offset }
                    offset = max(end, offset + 1)
                    continue
                }
                offset += 1
            }
        }
        return offsets
    }

    /// Line breaks in `start..<end` and the offset just past the last of them (nil when there is none).
    private func lineBreaks(from start: Int, to end: Int) -> (count: Int, lastLineStart: Int?) {
        bytes.withUnsafeBufferPointer { buffer in
            var count = 0, lastLineStart: Int? = nil, offset = start
            // Bounded by `end`: a minified file has no newline to stop an unbounded search, and it runs per element.
            while offset < end, let newline = Self.find(UInt8(ascii: "\n"), in: buffer, from: offset, before: end) {
                count += 1
                lastLineStart = newline + 1
                offset = newline + 1
            }
            return (count, lastLineStart)
        }
    }

    /// The position of `offset`, counted on from a known position before it.
    func position(of offset: Int, after known: SourcePosition) -> SourcePosition {
        let breaks = lineBreaks(from: known.offset, to: offset)
        guard let lineStart = breaks.lastLineStart else {
            return SourcePosition(
                offset: offset, line: known.line + breaks.count, column: known.column + (offset - known.offset))
        }
        return SourcePosition(offset: offset, line: known.line + breaks.count, column: offset - lineStart + 1)
    }

    /// The location of a start tag, or of an archived element.
    func location(of position: SourcePosition) -> SourceLocation {
        if let label = position.labelIndex, label < labels.count {
            return SourceLocation(file: path, element: labels[label])
        }
        return SourceLocation(file: path, line: position.line, column: position.column)
    }

    /// Where attribute `name` is written in the start tag at `position`; nil when it is not written there or
    /// the tag's bytes are unknown.
    func location(ofAttribute name: String, inTagAt position: SourcePosition) -> SourceLocation? {
        locations(ofAttributes: [name], inTagAt: position)[0]
    }

    /// Where each of `names` is written in the start tag at `position`, in one pass over the tag (an element
    /// may carry thousands of unknown attributes, each reported).
    func locations(ofAttributes names: [String], inTagAt position: SourcePosition) -> [SourceLocation?] {
        guard position.offset >= 0, !names.isEmpty else { return names.map { _ in nil } }
        let offsets = attributeOffsets(inTagAt: position.offset, wanted: Set(names))
        // Positions counted on from one another in file order, so the whole costs one pass too.
        var known = position
        var result: [Int: SourceLocation] = [:]
        for offset in offsets.values.sorted() {
            known = self.position(of: offset, after: known)
            result[offset] = location(of: known)
        }
        return names.map { offsets[$0].flatMap { result[$0] } }
    }

    private static func find(
        _ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from offset: Int, before end: Int? = nil
    ) -> Int? {
        let end = min(end ?? buffer.count, buffer.count)
        guard offset < end, let base = buffer.baseAddress else { return nil }
        guard let found = memchr(base + offset, Int32(byte), end - offset) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    private static let markup: [(open: [UInt8], close: [UInt8])] = [
        (Array("<!--".utf8), Array("-->".utf8)),
        (Array("<![CDATA[".utf8), Array("]]>".utf8)),
        (Array("<?".utf8), Array("?>".utf8)),
    ]

    private static func endOfMarkup(at offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        guard offset + 1 < buffer.count,
            buffer[offset + 1] == UInt8(ascii: "!") || buffer[offset + 1] == UInt8(ascii: "?")
        else {
            return nil
        }
        for (open, close) in markup where matches(open, at: offset, in: buffer) {
            var position = offset + open.count
            while position < buffer.count, !matches(close, at: position, in: buffer) { position += 1 }
            return min(position + close.count, buffer.count)
        }
        return nil
    }

    private static func matches(_ name: [UInt8], at offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard offset >= 0, offset + name.count <= buffer.count else { return false }
        for i in 0..<name.count where buffer[offset + i] != name[i] { return false }
        return true
    }

    private static func isNameEnd(_ offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard offset < buffer.count else { return true }
        let byte = buffer[offset]
        return isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

/// Where a start tag begins: its byte offset and 1-based line and column. An offset of -1 means the raw
/// bytes could not be matched (not UTF-8) and only libxml2's line is known; -2 - n is archived element n.
struct SourcePosition: Sendable, Hashable {
    var offset: Int
    var line: Int
    var column: Int

    static func archived(_ index: Int) -> SourcePosition { SourcePosition(offset: -2 - index, line: 0, column: 0) }

    var labelIndex: Int? { offset <= -2 ? -2 - offset : nil }
}
