#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ModelCompiler

/// `openmomc store STORE [--model BUNDLE]...`
enum StoreCommand {
    static let parser = ArgumentParser(options: [
        .init(name: "model", takesValue: true, repeatable: true),
        .init(name: "format", takesValue: true, allowedValues: ["text", "json"]),
        .init(name: "help", takesValue: false, short: "h"),
    ])

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, parser: parser, help: Help.store, paths: 1...1,
                 usage: "'store' takes one store file", output: output) { parsed in
            let result = ModelCompiler.store(path: parsed.positionals[0], models: parsed.lists["model"] ?? [],
                                             searchRoot: FileManager.default.currentDirectoryPath)
            output.error(DiagnosticRenderer.text(result.diagnostics, colored: output.colorErrors))
            if let report = result.report {
                output.out(parsed.values["format"] == "json" ? JSONText.encode(report) : report.text)
            }
            return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
        }
    }
}
