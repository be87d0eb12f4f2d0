/// Paths as CI reports name them: relative to the working folder (a repository's checkout), with `/` separators.
enum ReportPaths {
    /// `path` relative to `workingDirectory` when it lies inside it; as given otherwise (a relative path is taken to be
    /// relative to the working folder already). `./` prefixes are dropped.
    static func relative(_ path: String, to workingDirectory: String) -> String {
        var base = workingDirectory
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        var result = path
        if path.hasPrefix("/") {
            if path == base { return "." }
            let prefix = base == "/" ? "/" : base + "/"
            guard path.hasPrefix(prefix) else { return path }
            result = String(path.dropFirst(prefix.count))
        }
        while result.hasPrefix("./") { result.removeFirst(2) }
        return result
    }

    /// A path written into a URI: every byte but the unreserved ones and `/` percent-encoded (RFC 3986).
    static func uriPath(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            let isUnreserved =
                (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/")
            if isUnreserved {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }
}
