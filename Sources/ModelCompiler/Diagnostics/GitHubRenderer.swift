/// Findings as GitHub Actions workflow commands, which the runner turns into annotations on the pull request:
/// `::error file=PATH,line=L,col=C,title=CODE::MESSAGE`. Values are escaped as the runner requires (its toolkit's
/// `escapeData` and `escapeProperty`): `%`, CR and LF in the message; those and `:` and `,` in a property.
extension DiagnosticRenderer {
    /// The findings as GitHub Actions workflow commands (`::error file=...`), which annotate a pull request's diff;
    /// paths relative to `workingDirectory`.
    public static func github(
        _ diagnostics: [Diagnostic], relativeTo workingDirectory: String, commands: SuggestedCommand.Spelling = .here
    ) -> String {
        AlikeFindings.bounded(diagnostics.spellingCommands(commands)).map { diagnostic in
            let command: String
            switch diagnostic.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            let location = diagnostic.location
            var properties: [(String, String)] = []
            if !location.file.isEmpty {
                properties.append(("file", ReportPaths.relative(location.file, to: workingDirectory)))
            }
            if location.line > 0 { properties.append(("line", String(location.line))) }
            if location.column > 0 { properties.append(("col", String(location.column))) }
            properties.append(("title", diagnostic.code.rawValue))
            let message = location.element.map { "[\($0)] " } ?? ""
            return "::\(command) " + properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
                + "::" + escapeData(message + diagnostic.message) + "\n"
        }.joined()
    }

    static func escapeData(_ text: String) -> String { text.escaping(["%": "%25", "\r": "%0D", "\n": "%0A"]) }

    static func escapeProperty(_ text: String) -> String {
        text.escaping(["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
    }
}
