import Foundation
import ModelCompiler

/// `openmomc hashes PATH`
enum HashesCommand {
    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, parser: Verb.standardParser, help: Help.hashes, paths: 1...1,
                 usage: "'hashes' takes one model path", output: output) { parsed in
            let result = ModelCompiler.hashes(path: parsed.positionals[0])
            output.error(DiagnosticRenderer.text(result.diagnostics, colored: output.colorErrors))
            if parsed.values["format"] == "json" {
                output.out(JSONText.encode(result.reports))
            } else {
                for report in result.reports {
                    output.out("\(report.bundle) \(report.version)\(report.isCurrent ? " (current)" : "")\n")
                    output.out("  versionChecksum \(report.checksum ?? "(not recorded)")\n")
                    for (name, hash) in report.entities {
                        output.out("  \(name) \(VersionHashReport.hex(hash)) \(VersionHashReport.base64(hash))\n")
                    }
                }
            }
            return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
        }
    }
}

/// `openmomc dump PATH`
enum DumpCommand {
    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, parser: Verb.standardParser, help: Help.dump, paths: 1...1,
                 usage: "'dump' takes one model path", output: output) { parsed in
            let result = ModelCompiler.dump(path: parsed.positionals[0])
            output.error(DiagnosticRenderer.text(result.diagnostics, colored: output.colorErrors))
            if parsed.values["format"] == "json" {
                output.out(JSONText.encode(result.lines.map { ["path": $0.path, "value": $0.value] }))
            } else {
                output.out(result.lines.map { $0.description + "\n" }.joined())
            }
            return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
        }
    }
}
