/// What Xcode's model editor accepts as an entity or property name: letters, digits and `_`, not starting with a
/// digit (it also wants entities capitalised, which only matters to style).
enum Identifier {
    static func isValid(_ name: some StringProtocol) -> Bool {
        // ASCII is decided from the bytes: Unicode properties cost a table lookup per letter, on every name. In place
        // where the bytes are contiguous (almost always): the view's iterator cost more than the test of each byte.
        let ascii = name.utf8.withContiguousStorageIfAvailable(asciiVerdict) ?? asciiVerdict(name.utf8)
        if let ascii { return ascii }
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType == .decimal
        }
    }

    /// Whether an ASCII name is valid; nil for an empty or non-ASCII one.
    private static func asciiVerdict(_ bytes: some Collection<UInt8>) -> Bool? {
        guard let first = bytes.first, bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        return isASCIIStart(first) && bytes.allSatisfy { isASCIIStart($0) || (0x30...0x39).contains($0) }
    }

    private static func isASCIIStart(_ byte: UInt8) -> Bool {
        byte == 0x5F || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// A name's first eight UTF-8 bytes, most significant first, zeros after a shorter name: one number that tells
    /// most names apart (and orders them) without comparing whole strings.
    static func leadingBytes(_ name: String) -> UInt64 {
        var text = name, packed: UInt64 = 0
        text.withUTF8 { bytes in
            for index in 0..<8 { packed = packed << 8 | (index < bytes.count ? UInt64(bytes[index]) : 0) }
        }
        return packed
    }
}
