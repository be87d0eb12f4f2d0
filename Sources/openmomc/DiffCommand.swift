#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ModelCompiler

/// `openmomc diff BUNDLE [--from VERSION] [--to VERSION] [--format text|json|markdown]`
enum DiffCommand {
    static let parser = ArgumentParser(
        options: [
            .init(name: "format", takesValue: true, allowedValues: ["text", "json", "markdown"]),
            .init(name: "help", takesValue: false, short: "h"),
            .init(name: "from", takesValue: true), .init(name: "to", takesValue: true),
        ] + Verb.configurationOptions)

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(
            arguments, parser: parser, help: Help.diff, paths: 1...1,
            usage: "'diff' takes one .xcdatamodeld bundle", output: output
        ) { parsed in
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
