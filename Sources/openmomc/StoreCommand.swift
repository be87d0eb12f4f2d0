#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ModelCompiler

/// `openmomc store STORE [--model BUNDLE]...`
enum StoreCommand {
    static let parser = ArgumentParser(
        options: [
            .init(name: "model", takesValue: true, repeatable: true),
            .init(name: "format", takesValue: true, allowedValues: ["text", "json"]),
            .init(name: "help", takesValue: false, short: "h"),
        ] + Verb.configurationOptions)

    static func run(_ arguments: [String], output: Output) -> Int32 {
        // `store sanitize ...`; a store file named 'sanitize' is `./sanitize`.
        if arguments.first == "sanitize" { return SanitizeCommand.run(Array(arguments.dropFirst()), output: output) }
        return Verb.run(
            arguments, parser: parser, help: Help.store, paths: 1...1,
            usage: "'store' takes one store file", output: output
        ) { parsed in
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
    static let parser = ArgumentParser(options: [
        .init(name: "all", takesValue: false), .init(name: "help", takesValue: false, short: "h"),
    ])

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(
            arguments, parser: parser, help: Help.sanitize, paths: 2...2,
            usage: "'store sanitize' takes a store and the file to write", output: output
        ) { parsed in
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

extension Help {
    static let sanitize = """
        OVERVIEW: Write a copy of a production store that is safe to commit as a test fixture: every
        text and binary value replaced by filler of the same length (made from its table, column and
        row, never from the value), NULL and empty values kept, numbers and dates kept unless --all.
        Primary keys, links, metadata and the model cache are untouched, so 'openmomc store' gives the
        same verdict for both. The -wal is folded in; the store itself is never changed; the output is
        written atomically.

        USAGE: openmomc store sanitize [--all] <store> <output>

        ARGUMENTS:
          <store>       A Core Data SQLite store; a -wal file beside it is read too
          <output>      The sanitized store to write (replaced atomically)

        OPTIONS:
          --all         Replace numbers and dates of attributes too (keys and links stay)
          -h, --help    Show help

        """
}
