#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ModelCompiler

/// `openmomc diff BUNDLE [--from VERSION] [--to VERSION] [--format text|json|markdown]`
enum DiffCommand {
    static let spec = CommandSpec(
        name: "diff",
        overview: "Predict what Core Data's inferred (lightweight) migration does between versions: for each pair, "
            + "every change with its verdict (no migration needed, inferable, data dropped, not inferable) and the "
            + "verdict of the pair. Matching follows Core Data: renaming IDs are canonical names.\n\nA pair that a "
            + "mapping model covers is reported as its custom migration (what it drops). The exit status is 1 when a "
            + "reported pair cannot be migrated, whatever other upgrades do.",
        arguments: [.init(name: "bundle", help: "A .xcdatamodeld")],
        options: [
            .init(
                name: "from", takesValue: true, valueName: "<version>",
                help: "Only this source version (default: every earlier version, and each consecutive pair)"),
            .init(
                name: "to", takesValue: true, valueName: "<version>",
                help: "The target version (default: the current version)"),
            Options.format(
                ["text", "json", "markdown"],
                "'text' (default), 'json', or 'markdown': a pull-request comment (the verdict of each upgrade, a table "
                    + "of the changes with file and line, a Mermaid picture of what the newest upgrade changes)"),
        ] + Options.configuration("An openmomc.json: its upgrade paths and mapping models (see 'openmomc help build')"),
        argumentCount: 1...1, argumentError: "'diff' takes one .xcdatamodeld bundle")

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, spec: spec, output: output) { parsed in
            guard let configuration = Verb.configuration(parsed, output: output) else {
                return CommandLineTool.ExitStatus.usage
            }
            if parsed.values["format"] == "markdown" {
                let report = ModelCompiler.diffMarkdown(
                    bundle: parsed.positionals[0], from: parsed.values["from"],
                    to: parsed.values["to"],
                    workingDirectory: FileManager.default.currentDirectoryPath,
                    configuration: configuration)
                output.error(DiagnosticRenderer.text(report.diagnostics, colored: output.colorErrors))
                output.out(report.markdown)
                return Verb.status(report.diagnostics, inputFailed: report.inputFailed)
            }
            let result = ModelCompiler.diff(
                bundle: parsed.positionals[0], from: parsed.values["from"], to: parsed.values["to"],
                configuration: configuration)
            output.error(DiagnosticRenderer.text(result.diagnostics, colored: output.colorErrors))
            if parsed.values["format"] == "json" {
                output.out(JSONText.encode(result.reports.map(ReportRecord.init)))
            } else {
                if result.reports.isEmpty && !result.diagnostics.hasErrors {
                    let what = parsed.values["to"].map { "version '\($0)'" } ?? "the current version"
                    output.out(Verb.line("nothing to compare: no version comes before \(what)"))
                }
                for report in result.reports {
                    output.out(Verb.line("\(report.from) -> \(report.to): \(report.summary)"))
                    for change in report.changes {
                        let message =
                            change.message.split(separator: ":", maxSplits: 1).last.map(trimmingSpaces)
                            ?? change.message
                        let accepted = change.acknowledgement.map { ", acknowledged: \($0)" } ?? ""
                        output.out(Verb.line("  [\(change.verdict.label)\(accepted)] \(message)"))
                    }
                }
            }
            return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
        }
    }

    struct ReportRecord: Encodable {
        struct Change: Encodable {
            let verdict: String, code: String, subject: String, message: String, file: String, line: Int
            let acknowledgement: String?
        }
        let from: String, to: String, verdict: String, changes: [Change]
        let mappingModel: String?

        init(_ report: MigrationReport) {
            from = report.from
            to = report.to
            verdict = report.verdict.description
            mappingModel = report.mappingModel
            changes = report.changes.map {
                Change(
                    verdict: $0.verdict.description, code: $0.code.rawValue, subject: $0.subject, message: $0.message,
                    file: $0.location.file, line: $0.location.line, acknowledgement: $0.acknowledgement)
            }
        }
    }
}

/// Without spaces and tabs around it.
private func trimmingSpaces(_ text: Substring) -> String {
    let isSpace = { (character: Character) in character == " " || character == "\t" }
    return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
}
