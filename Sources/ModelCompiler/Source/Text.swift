#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The few string operations of Foundation's that FoundationEssentials (what the library imports where it can) lacks,
/// with Foundation's meaning. Spelled once here so that no call site depends on which of the two it got.
extension String {
    /// Every occurrence of `target` replaced, as `replacingOccurrences(of:with:)` does for the library's ASCII targets:
    /// whole characters only (a quote that a combining mark follows is another character, not a quote).
    func replacingEvery(_ target: String, with replacement: String) -> String {
        #if canImport(FoundationEssentials)
        replacing(target, with: replacement)
        #else
        replacingOccurrences(of: target, with: replacement)
        #endif
    }

    /// Every `target` code point replaced, whatever follows it: how SQL, JSON and XML escape. `replacingEvery` sees a
    /// quote that a combining mark follows as another character and would leave it unescaped.
    func replacingEveryScalar(_ target: Unicode.Scalar, with replacement: String) -> String {
        guard unicodeScalars.contains(target) else { return self }
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == target { result.append(contentsOf: replacement.unicodeScalars) } else { result.append(scalar) }
        }
        return String(result)
    }

    /// Without `CharacterSet.whitespaces` around it: Unicode category Zs and the tab.
    /// Every scalar the table names replaced by its text, the others kept: one pass for an escaping's whole table.
    func escaping(_ table: [Unicode.Scalar: String]) -> String {
        guard unicodeScalars.contains(where: { table[$0] != nil }) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            if let replacement = table[scalar] { result += replacement } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    var trimmingWhitespace: String { trimming { $0.properties.generalCategory == .spaceSeparator || $0 == "\t" } }

    /// Without `CharacterSet.whitespacesAndNewlines` around it: categories Z*, the tab, U+000A to U+000D and U+0085.
    var trimmingWhitespaceAndNewlines: String {
        trimming { scalar in
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: true
            default: (0x09...0x0D).contains(scalar.value) || scalar.value == 0x85
            }
        }
    }

    /// The first occurrence of `target` at or after `start` (`range(of:range:)` without options).
    func firstRange(of target: String, from start: Index) -> Range<Index>? {
        #if canImport(FoundationEssentials)
        self[start...].firstRange(of: target)
        #else
        range(of: target, range: start..<endIndex)
        #endif
    }

    private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(scalars[start...last])
    }
}

extension String {
    /// The text on one line: every control character (CR, LF and CR LF, which Swift counts as one Character, NEL,
    /// the line and paragraph separators) and each of `reserved` becomes a space. Scalar by scalar, so that no line
    /// break hides inside a grapheme and ends a statement of the format (a name could then add its own).
    func onOneLine(replacing reserved: String = "") -> String {
        let reserved = Set(reserved.unicodeScalars)
        func replaced(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
                || scalar.value == 0x2029
                || reserved.contains(scalar)
        }
        guard unicodeScalars.contains(where: replaced) else { return self }
        var result = ""
        for scalar in unicodeScalars { result.unicodeScalars.append(replaced(scalar) ? " " : scalar) }
        return result
    }
}
