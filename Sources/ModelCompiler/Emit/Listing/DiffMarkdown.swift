/// `diff --format markdown`: a report to paste into a pull-request comment. The verdict of each upgrade path, a table
/// of the changes with their file and line (a drop says what the store loses, in its columns and rows), and a
/// Mermaid picture of the entities the newest upgrade changes, which GitHub draws.
enum DiffMarkdown {
    static func render(model: String, reports: [MigrationReport], picture: String?, workingDirectory: String) -> String
    {
        var out = "### Core Data model `\(model)`\n\n"
        guard !reports.isEmpty else { return out + "Nothing to compare: no version comes before the target.\n" }
        out += "| Upgrade | Verdict |\n| --- | --- |\n"
        for report in reports {
            out += "| \(cell(report.from)) -> \(cell(report.to)) | \(icon(report.verdict)) \(cell(report.summary)) |\n"
        }
        let changed = reports.filter { !$0.changes.isEmpty }
        if !changed.isEmpty {
            out += "\n| Upgrade | Change | Verdict | Where |\n| --- | --- | --- | --- |\n"
            for report in changed {
                let prefix = "\(report.from) -> \(report.to): "
                for change in report.changes {
                    let message =
                        change.message.hasPrefix(prefix)
                        ? String(change.message.dropFirst(prefix.count))
                        : change.message
                    let verdict = change.verdict.label + (change.acknowledgement.map { ", acknowledged: \($0)" } ?? "")
                    let file = ReportPaths.relative(change.location.file, to: workingDirectory)
                    let place = change.location.line > 0 ? "\(file):\(change.location.line)" : file
                    out +=
                        "| \(cell(report.from)) -> \(cell(report.to)) | \(cell(message)) | \(cell(verdict)) "
                        + "| `\(code(place))` |\n"
                }
            }
        }
        if let picture {
            out += "\n```mermaid\n" + picture + "```\n"
        }
        return out
    }

    private static func icon(_ verdict: MigrationVerdict) -> String {
        switch verdict {
        case .noMigrationNeeded, .inferable: "✅"
        case .dataLoss: "⚠️"
        case .notInferable: "❌"
        }
    }

    /// A table cell: pipes escaped, line breaks as spaces, Markdown's emphasis and HTML characters neutral.
    static func cell(_ text: String) -> String {
        text.escaping(["|": "\\|", "\n": " ", "\r": " ", "<": "&lt;", ">": "&gt;", "*": "\\*", "_": "\\_", "`": "'"])
    }

    /// Text inside a code span: no backquotes or pipes (GitHub splits a table row at a pipe even there).
    private static func code(_ text: String) -> String {
        text.escaping(["`": "'", "|": "\\|", "\n": " ", "\r": " "])
    }
}
