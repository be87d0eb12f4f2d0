/// A value in the shipped record's canonical encoding (Docs/ShippedRecordFormat.md). Written the same way by
/// every openmomc release that reads the format version, whatever the dump or the archive look like.
enum CanonicalValue: Equatable, Sendable {
    case string(String)
    case bool(Bool)
    case int(Int)
    case list([CanonicalValue])
    /// Written with its keys in byte order, so that the order in the model file never counts.
    case map([String: CanonicalValue])

    /// `"text"` with `\` `"` and control characters escaped; `true`; decimal integers; `[a,b]`; `{"k":v}`.
    var text: String {
        var output = ""
        write(into: &output)
        return output
    }

    func write(into output: inout String) {
        switch self {
        case .string(let value): Self.quote(value, into: &output)
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .list(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.write(into: &output)
            }
            output += "]"
        case .map(let entries):
            output += "{"
            for (index, key) in entries.keys.sorted(by: Self.byteOrder).enumerated() {
                if index > 0 { output += "," }
                Self.quote(key, into: &output)
                output += ":"
                entries[key]!.write(into: &output)
            }
            output += "}"
        }
    }

    static func byteOrder(_ lhs: String, _ rhs: String) -> Bool { lhs.utf8.lexicographicallyPrecedes(rhs.utf8) }

    private static func quote(_ value: String, into output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\"": output += "\\\""
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// Predicate and expression text with whitespace outside quoted strings collapsed, so re-indenting
    /// one in the editor is not an edit. Quotes are `"` or `'`, with `\` escaping inside them.
    static func normalizedExpression(_ text: String) -> CanonicalValue {
        var output = ""
        var quote: Character?
        var escaped = false
        var pendingSpace = false
        for character in text {
            if let open = quote {
                output.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == open {
                    quote = nil
                }
                continue
            }
            if character.isWhitespace {
                pendingSpace = !output.isEmpty
                continue
            }
            if pendingSpace { output.append(" ") }
            pendingSpace = false
            output.append(character)
            if character == "\"" || character == "'" { quote = character }
        }
        return .string(output)
    }
}
