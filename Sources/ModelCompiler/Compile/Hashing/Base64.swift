import Foundation

/// Standard-alphabet base64 with `=` padding and no line breaks, as `versionChecksum` uses.
public enum Base64 {
    public static func encode(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

    public static func decode(_ text: String) -> [UInt8]? { Data(base64Encoded: text).map { Array($0) } }
}

/// Lower-case hexadecimal, as hashes are printed next to stores' metadata.
public enum Hex {
    public static func encode(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
}
