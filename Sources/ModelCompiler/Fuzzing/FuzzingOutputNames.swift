#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FuzzingEntryPoints {
    /// `output-names`: arbitrary bytes as a name (a version, an entity, a class) through every output that quotes
    /// names. Each output must show it as data: one line of text with no raw control character, a GitHub command that
    /// reads back to the same message, Mermaid and DOT statements it cannot end or add to, Swift only when it is a type.
    public static func outputNames(_ bytes: [UInt8]) {
        let name = String(decoding: bytes.prefix(4_096), as: UTF8.self)
        let raw = { (text: String) in
            text.unicodeScalars.contains {
                $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029
            }
        }
        let finding = Diagnostic.error(
            .invalidName, "name '\(name)'", at: SourceLocation(file: name, line: 1, column: 1))
        let text = DiagnosticRenderer.text([finding])
        precondition(text.hasSuffix("\n") && !raw(String(text.dropLast())), "a name broke a text line")
        precondition(!raw(DiagnosticRenderer.escapingControlCharacters(name)))
        let github = DiagnosticRenderer.github([finding], relativeTo: "/")
        let command = Array(github.dropLast().unicodeScalars)
        precondition(!command.contains("\n") && !command.contains("\r"), "a name broke a GitHub command")
        // `::error PROPERTIES::DATA`: the properties escape every colon, so the second `::` starts the data.
        let start = (2..<(command.count - 1)).first { command[$0] == ":" && command[$0 + 1] == ":" }!
        var data = ""
        data.unicodeScalars.append(contentsOf: command[(start + 2)...])
        precondition(GitHubUnescape.data(data) == finding.message, "a GitHub message reads back differently")
        let header = MermaidRenderer.header(name)
        precondition(
            header.split(separator: "\n", omittingEmptySubsequences: false).count == 5
                && !header.unicodeScalars.contains("\r"), "a name broke the Mermaid front matter")
        precondition(
            !raw(MermaidRenderer.member(name)) && !raw(MermaidRenderer.name(name)), "a name broke a Mermaid statement")
        let history = HistoryDiagram(
            title: name, versions: [.init(name: name, shipped: true, current: true)], paths: [])
        for diagram in [HistoryDiagram.mermaid(history), HistoryDiagram.dot(history)] {
            precondition(!diagram.unicodeScalars.contains { $0 == "\r" || $0.value == 0x85 || $0.value == 0x2028 })
            precondition(!diagram.split(separator: "\n").contains { $0.drop { $0 == " " }.hasPrefix("click") })
        }
        precondition(!raw(DOTRenderer.quoted(name)) && !raw(DOTRenderer.html(name)), "a name broke a DOT string")
        if SwiftTypeName.isValid(name) {
            precondition(!raw(name) && !name.contains { "{}();\"'/\\=@#".contains($0) }, "a type name could add code")
        }
    }
}

/// The runner's reading of a workflow command's data (the toolkit's `escapeData` undone), to check it reads back.
enum GitHubUnescape {
    static func data(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars), codes: [String: Unicode.Scalar] = ["0A": "\n", "0D": "\r", "25": "%"]
        var result = "", index = 0
        while index < scalars.count {
            if scalars[index] == "%", index + 2 < scalars.count,
                let decoded = codes[String(String.UnicodeScalarView(scalars[(index + 1)...(index + 2)]))]
            {
                result.unicodeScalars.append(decoded)
                index += 3
            } else {
                result.unicodeScalars.append(scalars[index])
                index += 1
            }
        }
        return result
    }
}
