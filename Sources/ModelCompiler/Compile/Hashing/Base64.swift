import Foundation

/// Standard-alphabet base64 with `=` padding and no line breaks, as `versionChecksum` uses.
enum Base64 {
    static func encode(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }
}

/// Lower-case hexadecimal, as hashes are printed next to stores' metadata.
enum Hex {
    static func encode(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
}
