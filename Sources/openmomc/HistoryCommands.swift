import ModelCompiler

/// `openmomc mark-shipped BUNDLE [--version NAME | --all | --upgrade-format]`
enum MarkShippedCommand {
    static let parser = ArgumentParser(
        options: Verb.standardParser.options + [
            .init(name: "version", takesValue: true),
            .init(name: "all", takesValue: false),
            .init(name: "upgrade-format", takesValue: false),
            .init(name: "accept-findings", takesValue: true),
        ] + Verb.configurationOptions)

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(
            arguments, parser: parser, help: Help.markShipped, paths: 1...1,
            usage: "'mark-shipped' takes one .xcdatamodeld bundle", output: output
        ) { parsed in
            let upgrade = parsed.flags.contains("upgrade-format")
            if parsed.flags.contains("all") && parsed.values["version"] != nil {
                return CommandLineTool.usageError(
                    "use either --version or --all", help: Help.markShipped, output: output)
            }
            if upgrade && (parsed.flags.contains("all") || parsed.values["version"] != nil) {
                return CommandLineTool.usageError(
                    "--upgrade-format rewrites the record as it is; mark versions separately",
                    help: Help.markShipped, output: output)
            }
            guard let configuration = Verb.configuration(parsed, output: output) else {
                return CommandLineTool.ExitStatus.usage
            }
            let result = ModelCompiler.markShipped(
                bundle: parsed.positionals[0],
                versions: parsed.values["version"].map { [$0] } ?? [],
                all: parsed.flags.contains("all"), upgradeFormat: upgrade,
                acceptFindings: parsed.values["accept-findings"],
                configuration: configuration)
            return HistoryOutput.print(result, json: parsed.values["format"] == "json", output: output)
        }
    }
}

/// `openmomc new-version BUNDLE [--name NAME]`
enum NewVersionCommand {
    static let parser = ArgumentParser(options: Verb.standardParser.options + [.init(name: "name", takesValue: true)])

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(
            arguments, parser: parser, help: Help.newVersion, paths: 1...1,
            usage: "'new-version' takes one .xcdatamodeld bundle", output: output
        ) { parsed in
            let result = ModelCompiler.newVersion(bundle: parsed.positionals[0], name: parsed.values["name"])
            return HistoryOutput.print(result, json: parsed.values["format"] == "json", output: output)
        }
    }
}

/// `openmomc convert BUNDLE [--version NAME] [--keep-binary]`
enum ConvertCommand {
    static let parser = ArgumentParser(
        options: Verb.standardParser.options + [
            .init(name: "version", takesValue: true),
            .init(name: "keep-binary", takesValue: false),
        ])

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(
            arguments, parser: parser, help: Help.convert, paths: 1...1,
            usage: "'convert' takes one .xcdatamodeld or .xcdatamodel", output: output
        ) { parsed in
            let result = ModelCompiler.convert(
                bundle: parsed.positionals[0], version: parsed.values["version"],
                keepBinary: parsed.flags.contains("keep-binary"))
            return HistoryOutput.print(result, json: parsed.values["format"] == "json", output: output)
        }
    }
}

enum HistoryOutput {
    static func print(_ result: HistoryResult, json: Bool, output: Output) -> Int32 {
        Verb.report(result.diagnostics, format: json ? "json" : nil, output: output)
        if !json { output.out(result.changes.map(Verb.line).joined()) }
        return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
    }
}

/// `openmomc acknowledge BUNDLE SUBJECT --reason TEXT [--config FILE]`
enum AcknowledgeCommand {
    static let parser = ArgumentParser(
        options: Verb.standardParser.options + [
            .init(name: "reason", takesValue: true)
        ] + Verb.configurationOptions)

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(
            arguments, parser: parser, help: Help.acknowledge, paths: 2...2,
            usage:
                "'acknowledge' takes a .xcdatamodeld bundle and the Entity.property (or Entity) whose data is dropped",
            output: output
        ) { parsed in
            guard let reason = parsed.values["reason"] else {
                return CommandLineTool.usageError(
                    "say why the data may be dropped with --reason", help: Help.acknowledge,
                    output: output)
            }
            guard let configuration = Verb.configuration(parsed, output: output) else {
                return CommandLineTool.ExitStatus.usage
            }
            let result = ModelCompiler.acknowledge(
                bundle: parsed.positionals[0], subject: parsed.positionals[1],
                reason: reason, configuration: configuration)
            return HistoryOutput.print(result, json: parsed.values["format"] == "json", output: output)
        }
    }
}
