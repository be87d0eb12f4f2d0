#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Standard-alphabet base64 with `=` padding and no line breaks, as `versionChecksum` uses.
enum Base64 {
    static func encode(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }
}

/// Lower-case hexadecimal, as hashes are printed next to stores' metadata.
enum Hex {
    static func encode(_ bytes: [UInt8]) -> String {
        // Digits by table: `String(format:)` per byte was most of a compile cache lookup.
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }, as: UTF8.self)
    }
}
