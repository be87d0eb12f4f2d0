/// A compact byte form for values openmomc writes and reads back itself (the compile cache's typed models):
/// unsigned numbers as LEB128 (most are small: counts, lines, flags), signed ones zigzagged, strings and byte
/// runs after their length. Nothing here is a format anyone else reads.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func unsigned(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func count(_ value: Int) { unsigned(UInt64(value)) }

    /// Any Int: zigzag keeps small negative numbers short.
    mutating func integer(_ value: Int) {
        let wide = Int64(value)
        unsigned(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
    }

    mutating func flag(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            count(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// Absent, or present and then the value.
    mutating func optional<Value>(_ value: Value?, _ write: (inout ByteWriter, Value) -> Void) {
        guard let value else { return flag(false) }
        flag(true)
        write(&self, value)
    }

    mutating func optionalString(_ value: String?) { optional(value) { $0.string($1) } }
    mutating func optionalInteger(_ value: Int?) { optional(value) { $0.integer($1) } }
    mutating func optionalFlag(_ value: Bool?) { optional(value) { $0.flag($1) } }
}

/// Reads what `ByteWriter` wrote. Every read is checked against what is left: damaged bytes read as nil, never a
/// trap, and no count can ask for more elements than there are bytes left.
struct ByteReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func unsigned() -> UInt64? {
        var value: UInt64 = 0, shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    /// A count or length: never more than the bytes left (each element takes at least one byte).
    mutating func count() -> Int? {
        guard let value = unsigned(), value <= UInt64(bytes.count - offset) else { return nil }
        return Int(value)
    }

    mutating func integer() -> Int? {
        guard let value = unsigned() else { return nil }
        let decoded = Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
        return Int(exactly: decoded)
    }

    mutating func flag() -> Bool? {
        guard offset < bytes.count, bytes[offset] < 2 else { return nil }
        defer { offset += 1 }
        return bytes[offset] == 1
    }

    mutating func string() -> String? {
        guard let length = count() else { return nil }
        defer { offset += length }
        return bytes.withUnsafeBufferPointer { String(decoding: $0[offset..<offset + length], as: UTF8.self) }
    }

    /// Nil when the bytes are damaged; `.some(nil)` when the value is absent.
    mutating func optional<Value>(_ read: (inout ByteReader) -> Value?) -> Value?? {
        guard let present = flag() else { return nil }
        guard present else { return .some(nil) }
        guard let value = read(&self) else { return nil }
        return .some(value)
    }

    mutating func optionalString() -> String?? { optional { $0.string() } }
    mutating func optionalInteger() -> Int?? { optional { $0.integer() } }
    mutating func optionalFlag() -> Bool?? { optional { $0.flag() } }
}
