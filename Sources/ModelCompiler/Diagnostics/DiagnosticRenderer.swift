#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns diagnostics into the text a person or a tool reads.
public enum DiagnosticRenderer {
    /// One line per diagnostic, `path:line:column: severity: message [code]`, no tool-name prefix, so that
    /// Xcode and SwiftPM pick the lines up. `colored` adds ANSI bold/colour; use it only on a terminal. Past 20
    /// findings of one code in one file, one line sums up the rest (`AlikeFindings`). `commands`: how a finding's
    /// fix is spelled (every renderer takes it: `openmomc` in this working folder unless told otherwise).
    public static func text(
        _ diagnostics: [Diagnostic], colored: Bool = false, commands: SuggestedCommand.Spelling = .here
    ) -> String {
        AlikeFindings.bounded(diagnostics.spellingCommands(commands)).map { line(for: $0, colored: colored) + "\n" }
            .joined()
    }

    /// momc's shape, which Xcode's output parser matches with `^([^:]*):([^:]*): (warning|error): (.*)$`: one
    /// location field (the line, an archive element, or empty) and no code.
    public static func momc(_ diagnostics: [Diagnostic], commands: SuggestedCommand.Spelling = .here) -> String {
        AlikeFindings.bounded(diagnostics.spellingCommands(commands)).map { diagnostic in
            let location = diagnostic.location
            let place = location.line > 0 ? String(location.line) : (location.element ?? "")
            return escapingControlCharacters(
                "\(location.file):\(place): \(diagnostic.severity.rawValue): "
                    + diagnostic.message) + "\n"
        }.joined()
    }

    static func line(for diagnostic: Diagnostic, colored: Bool) -> String {
        guard colored else { return escapingControlCharacters(diagnostic.description) }
        let bold = "\u{1B}[1m", reset = "\u{1B}[0m"
        let color: String
        switch diagnostic.severity {
        case .error: color = "\u{1B}[1;31m"
        case .warning: color = "\u{1B}[1;35m"
        case .note: color = "\u{1B}[1;36m"
        }
        return "\(bold)\(escapingControlCharacters(diagnostic.location.description)):\(reset) "
            + "\(color)\(diagnostic.severity.rawValue):\(reset) "
            + "\(bold)\(escapingControlCharacters(diagnostic.message))\(reset) [\(diagnostic.code.rawValue)]"
    }

    /// One diagnostic is one line, whatever user text it quotes (a name with a newline, a path with an escape
    /// sequence): control characters are written as Swift escapes (`\r`, `\u{1b}`), never raw. Every line of text
    /// output that quotes a name from a model, a store or an archive goes through it.
    public static func escapingControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isControl(scalar): result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// A JSON array of flat objects with sorted keys, stable for machines and diffs.
    public static func json(_ diagnostics: [Diagnostic], commands: SuggestedCommand.Spelling = .here) -> String {
        guard !diagnostics.isEmpty else { return "[]\n" }  // Foundation pretty-prints an empty array over three lines
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let records = diagnostics.map { Record($0, commands: commands) }
        guard let data = try? encoder.encode(records), let text = String(data: data, encoding: .utf8) else {
            fatalError("encoding plain strings and integers to JSON cannot fail")
        }
        return text + "\n"
    }

    /// A one-line count, as compilers end their output.
    public static func summary(_ diagnostics: [Diagnostic], checkedModels: Int) -> String {
        let errors = diagnostics.count(of: .error), warnings = diagnostics.count(of: .warning)
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "\(plural(checkedModels, "model version")) checked: \(plural(errors, "error")), "
            + "\(plural(warnings, "warning"))"
    }

    private struct Record: Encodable {
        let severity: String, code: String, message: String, file: String, line: Int, column: Int
        /// Only for places inside an archive; absent from the JSON otherwise.
        let element: String?
        /// Only for migration findings: every version whose upgrade path the finding is on.
        let upgradingFrom: [String]?
        /// Only for migration findings: the subjects they are about.
        let subjects: [String]?
        /// Only for findings on upgrades into shipped versions: true.
        let history: Bool?
        /// Only for findings a command fixes: that command as the message spells it, and what it does.
        let fix: Fix?
        struct Fix: Encodable {
            let command: String, verb: String
        }
        init(_ d: Diagnostic, commands: SuggestedCommand.Spelling) {
            history = d.isHistory ? true : nil
            fix = d.command.map { Fix(command: $0.text(commands), verb: $0.verb.rawValue) }
            upgradingFrom = d.upgradingFrom.isEmpty ? nil : d.upgradingFrom
            subjects = d.subjects.isEmpty ? nil : d.subjects
            severity = d.severity.rawValue
            code = d.code.rawValue
            message = d.message(commands: commands)
            file = d.location.file
            line = d.location.line
            column = d.location.column
            element = d.location.element
        }
    }
}
