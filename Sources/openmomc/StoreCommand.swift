#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ModelCompiler

/// `openmomc store STORE [--model BUNDLE]...`
enum StoreCommand {
    static let spec = CommandSpec(
        name: "store",
        overview: "Tell which model version wrote a Core Data SQLite store, how the store differs when no version did, "
            + "and whether the current version opens it (as is, after an inferred migration or one with a mapping "
            + "model found beside the model, or failing with Core Data's error). The store is read from a private "
            + "copy, never changed. When the upgrade drops data, says how many of the store's rows hold a value it "
            + "drops, per column and per dropped entity.",
        arguments: [
            .init(name: "store", help: "A Core Data SQLite store (any file name); a -wal file beside it is read too")
        ],
        options: [
            .init(
                name: "model", takesValue: true, valueName: "<bundle>", repeatable: true,
                help: "The app's model: .xcdatamodeld or .xcdatamodel, or the compiled .momd (or .mom) from the app "
                    + "bundle; default: the one model under the current folder. Repeat it for models merged at run "
                    + "time"),
            Options.textOrJSON,
        ]
            + Options.configuration(
                "An openmomc.json (default: each model's nearest one up to the package root): its upgrade paths and "
                    + "mapping models"),
        argumentCount: 1...1, argumentError: "'store' takes one store file",
        otherForms: [SanitizeCommand.spec.synopsis + "   (see 'openmomc store sanitize --help')"])

    static func run(_ arguments: [String], output: Output) -> Int32 {
        // `store sanitize ...`; a store file named 'sanitize' is `./sanitize`.
        if arguments.first == "sanitize" { return SanitizeCommand.run(Array(arguments.dropFirst()), output: output) }
        return Verb.run(arguments, spec: spec, output: output) { parsed in
            guard let lookup = Verb.lookup(parsed, output: output) else { return CommandLineTool.ExitStatus.usage }
            let result = ModelCompiler.store(
                path: parsed.positionals[0], models: parsed.lists["model"] ?? [],
                searchRoot: FileManager.default.currentDirectoryPath, lookup: lookup)
            output.error(DiagnosticRenderer.text(result.diagnostics, colored: output.colorErrors))
            if let report = result.report {
                output.out(parsed.values["format"] == "json" ? JSONText.encode(report) : report.text)
            }
            return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
        }
    }
}

/// `openmomc store sanitize STORE OUTPUT [--all]`
enum SanitizeCommand {
    static let spec = CommandSpec(
        name: "store sanitize",
        overview: "Write a copy of a production store that is safe to commit as a test fixture: every text and binary "
            + "value replaced by filler of the same length (made from its table, column and row, never from the "
            + "value), NULL and empty values kept, numbers and dates kept unless --all. Primary keys, links, metadata "
            + "and the model cache are untouched, so 'openmomc store' gives the same verdict for both. The -wal is "
            + "folded in; the store itself is never changed; the output is written atomically.",
        arguments: [
            .init(name: "store", help: "A Core Data SQLite store; a -wal file beside it is read too"),
            .init(name: "output", help: "The sanitized store to write (replaced atomically)"),
        ],
        options: [
            .init(
                name: "all", takesValue: false,
                help: "Replace numbers and dates of attributes too (keys and links stay)")
        ],
        argumentCount: 2...2, argumentError: "'store sanitize' takes a store and the file to write")

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, spec: spec, output: output) { parsed in
            let result = ModelCompiler.sanitizeStore(
                path: parsed.positionals[0], output: parsed.positionals[1],
                all: parsed.flags.contains("all"))
            output.error(DiagnosticRenderer.text(result.diagnostics, colored: output.colorErrors))
            if let written = result.outputPath {
                output.out(Verb.line("wrote \(written): \(result.values) values replaced in \(result.tables) tables"))
            }
            return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
        }
    }
}
