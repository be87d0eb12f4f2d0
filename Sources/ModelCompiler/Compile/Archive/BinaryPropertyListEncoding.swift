/// The byte forms of `bplist00` objects, shared by the general writer and the keyed-archive encoder so that
/// both lay out a value the same way.
enum BinaryPropertyListEncoding {
    static let header = Array("bplist00".utf8)

    /// A marker byte with its count: inline below 15, otherwise followed by the count as an integer object.
    static func appendMarker(_ high: UInt8, count: Int, to output: inout some ByteSink) {
        if count < 15 {
            output.append(high | UInt8(count))
        } else {
            output.append(high | 0x0F)
            appendInteger(Int64(count), to: &output)
        }
    }

    /// Integers as 1, 2, 4 or 8 big-endian bytes; negatives always take 8.
    static func appendInteger(_ value: Int64, to output: inout some ByteSink) {
        let unsigned = UInt64(bitPattern: value)
        let size = value < 0 ? 8 : byteCount(for: unsigned)
        output.append(0x10 | UInt8(size.trailingZeroBitCount))
        appendBigEndian(unsigned, size: size, to: &output)
    }

    static func appendReal(_ value: Double, to output: inout some ByteSink) {
        output.append(0x23)
        appendBigEndian(value.bitPattern, size: 8, to: &output)
    }

    static func appendFloat(_ value: Float, to output: inout some ByteSink) {
        output.append(0x22)
        appendBigEndian(UInt64(value.bitPattern), size: 4, to: &output)
    }

    static func appendData(_ bytes: some Collection<UInt8>, to output: inout some ByteSink) {
        appendMarker(0x40, count: bytes.count, to: &output)
        output.append(contentsOf: bytes)
    }

    /// ASCII strings as bytes, any other as big-endian UTF-16.
    static func appendString(_ text: String, to output: inout some ByteSink) {
        var isASCII = true
        for byte in text.utf8 where byte >= 0x80 { isASCII = false; break }
        if isASCII {
            appendMarker(0x50, count: text.utf8.count, to: &output)
            output.append(contentsOf: text.utf8)
        } else {
            let units = Array(text.utf16)
            appendMarker(0x60, count: units.count, to: &output)
            for unit in units { output.append(UInt8(unit >> 8)); output.append(UInt8(unit & 0xFF)) }
        }
    }

    static func appendUID(_ value: UInt64, to output: inout some ByteSink) {
        let size = byteCount(for: value)
        output.append(0x80 | UInt8(size - 1))
        appendBigEndian(value, size: size, to: &output)
    }

    /// The offset table and the trailer that end every file.
    static func appendTrailer(offsets: [Int], top: Int, referenceSize: Int, to output: inout some ByteSink) {
        let tableOffset = output.count
        let offsetSize = byteCount(for: UInt64(tableOffset))
        for offset in offsets { appendBigEndian(UInt64(offset), size: offsetSize, to: &output) }
        output.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
        appendBigEndian(UInt64(offsets.count), size: 8, to: &output)
        appendBigEndian(UInt64(top), size: 8, to: &output)
        appendBigEndian(UInt64(tableOffset), size: 8, to: &output)
    }

    /// The most one object's marker and scalar can take, and its offset table entry.
    static let objectOverhead = 10 + 8
    static let trailerSize = 8 + 32

    static func byteCount(for value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }

    static func appendBigEndian(_ value: UInt64, size: Int, to output: inout some ByteSink) {
        output.appendBigEndian(value, size: size)
    }
}
