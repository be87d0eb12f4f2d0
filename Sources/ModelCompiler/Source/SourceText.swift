/// The raw bytes of a file with a line index, to turn libxml2's line numbers into exact
/// line:column positions of elements and attributes (libxml2 keeps lines only, not columns).
struct SourceText {
    let bytes: [UInt8]
    private(set) var lineStarts: [Int] = [0]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            lineStarts.append(offset + 1)
        }
    }

    /// 1-based line and column of a byte offset.
    func position(of offset: Int) -> (line: Int, column: Int) {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    func startOfLine(_ line: Int) -> Int {
        guard line >= 1 else { return 0 }
        return line <= lineStarts.count ? lineStarts[line - 1] : bytes.count
    }

    /// The offset of the next `<name` start tag at or after `from`, not beyond `limit`.
    func findStartTag(_ name: [UInt8], from: Int, limit: Int) -> Int? {
        let end = min(limit, bytes.count - name.count - 1)
        var offset = from
        while offset <= end {
            if bytes[offset] == UInt8(ascii: "<") {
                if let skipped = endOfMarkup(at: offset) {
                    offset = skipped
                    continue
                }
                if matches(name, at: offset + 1), isNameEnd(offset + 1 + name.count) { return offset }
            }
            offset += 1
        }
        return nil
    }

    private static let markup: [(open: [UInt8], close: [UInt8])] = [
        (Array("<!--".utf8), Array("-->".utf8)),
        (Array("<![CDATA[".utf8), Array("]]>".utf8)),
        (Array("<?".utf8), Array("?>".utf8)),
    ]

    /// Past the end of a comment, CDATA section or processing instruction starting at `offset`, whose
    /// text may look like a start tag.
    private func endOfMarkup(at offset: Int) -> Int? {
        for (open, close) in Self.markup where matches(open, at: offset) {
            var position = offset + open.count
            while position < bytes.count, !matches(close, at: position) { position += 1 }
            return min(position + close.count, bytes.count)
        }
        return nil
    }

    /// The offset of attribute `name=` inside the start tag beginning at `tagStart`.
    func findAttribute(_ name: [UInt8], inTagAt tagStart: Int) -> Int? {
        var offset = tagStart + 1
        var quote: UInt8? = nil
        while offset < bytes.count {
            let byte = bytes[offset]
            if let q = quote {
                if byte == q { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return nil
            } else if isSpace(bytes[offset - 1]), matches(name, at: offset) {
                var after = offset + name.count
                while after < bytes.count, isSpace(bytes[after]) { after += 1 }
                if after < bytes.count, bytes[after] == UInt8(ascii: "=") { return offset }
            }
            offset += 1
        }
        return nil
    }

    private func matches(_ name: [UInt8], at offset: Int) -> Bool {
        guard offset + name.count <= bytes.count else { return false }
        for i in 0..<name.count where bytes[offset + i] != name[i] { return false }
        return true
    }

    private func isNameEnd(_ offset: Int) -> Bool {
        guard offset < bytes.count else { return true }
        let byte = bytes[offset]
        return isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
