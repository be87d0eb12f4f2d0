/// The one way a model's text becomes Swift source: every name or value a generator quotes goes through here.
enum SwiftLiteral {
    /// A Swift string literal: `"..."` with backslash, quote and line breaks escaped.
    static func string(_ text: String) -> String {
        // Most names need no escape: scanning their bytes (the five are ASCII, never inside a multi-byte character)
        // is far cheaper than rebuilding them scalar by scalar.
        let needsEscape = text.utf8.contains { $0 == 0x5C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard needsEscape else { return "\"" + text + "\"" }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"" + escaped + "\""
    }
}
