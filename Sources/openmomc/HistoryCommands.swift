import ModelCompiler

/// `openmomc mark-shipped BUNDLE [--version NAME | --all | --upgrade-format]`
enum MarkShippedCommand {
    static let spec = CommandSpec(
        name: "mark-shipped",
        overview: "Record model versions as shipped in BUNDLE/ShippedVersions.json. From then on, check and compile "
            + "fail when a recorded version changes, is deleted or renamed, or when .xccurrentversion is stale; "
            + "findings on upgrades into recorded versions are history: listed by check --history, they no longer "
            + "fail the build.",
        arguments: [.init(name: "bundle", help: "A .xcdatamodeld")],
        options: [
            Options.version("The version to record (default: the current version)", group: "which"),
            .init(
                name: "all", takesValue: false, group: "which",
                help: "Record every version up to the current one (adopting openmomc in an app that already shipped)"),
            .init(
                name: "upgrade-format", takesValue: false, group: "which",
                help: "Rewrite a record written in an older format in the current one, after verifying that no "
                    + "recorded version changed (older formats keep verifying without it)"),
            .init(
                name: "accept-findings", takesValue: true, valueName: "<reason>",
                help: "Mark a version whose upgrades have errors anyway, recording the reason for each in "
                    + "AcknowledgedChanges.json"),
            Options.textOrJSONDiagnostics,
        ] + Options.configuration("An openmomc.json: its upgrade paths and mapping models (see 'openmomc help build')"),
        argumentCount: 1...1, argumentError: "'mark-shipped' takes one .xcdatamodeld bundle")

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, spec: spec, output: output) { parsed in
            let upgrade = parsed.flags.contains("upgrade-format")
            if parsed.flags.contains("all") && parsed.values["version"] != nil {
                return CommandLineTool.usageError(
                    "use either --version or --all", command: spec.name, output: output)
            }
            if upgrade && (parsed.flags.contains("all") || parsed.values["version"] != nil) {
                return CommandLineTool.usageError(
                    "--upgrade-format rewrites the record as it is; mark versions separately",
                    command: spec.name, output: output)
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
    static let spec = CommandSpec(
        name: "new-version",
        overview: "Add a model version, as Xcode's \"Add Model Version\" does: copy the current version to the next "
            + "name in the bundle's pattern (\"Model 3\" after \"Model 2\"), keeping every renaming ID, and point "
            + ".xccurrentversion at it. Make model changes in the new version, never in a shipped one.",
        arguments: [.init(name: "bundle", help: "A .xcdatamodeld")],
        options: [
            .init(
                name: "name", takesValue: true, valueName: "<name>",
                help: "The new version's name (default: the next in the pattern)"),
            Options.textOrJSONDiagnostics,
        ],
        argumentCount: 1...1, argumentError: "'new-version' takes one .xcdatamodeld bundle")

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, spec: spec, output: output) { parsed in
            let result = ModelCompiler.newVersion(bundle: parsed.positionals[0], name: parsed.values["name"])
            return HistoryOutput.print(result, json: parsed.values["format"] == "json", output: output)
        }
    }
}

/// `openmomc convert BUNDLE [--version NAME] [--keep-binary]`
enum ConvertCommand {
    static let spec = CommandSpec(
        name: "convert",
        overview: "Rewrite a bundle's Xcode 3 binary versions ('elements' and 'layout') as the XML 'contents' that "
            + "Xcode's own conversion writes, then remove 'elements' and 'layout' as Xcode does. Each version is "
            + "converted only if its XML reads back to exactly the model it compiles to now (the same .mom and "
            + "version hashes), so shipped-version records and users' stores are unaffected. Other commands read "
            + "binary versions as they are; this one is only needed to edit them in a current Xcode.",
        arguments: [.init(name: "bundle", help: "A .xcdatamodeld, or a lone .xcdatamodel")],
        options: [
            Options.version("Convert this version only (default: every binary version)"),
            .init(
                name: "keep-binary", takesValue: false,
                help: "Keep 'elements' and 'layout' beside the new 'contents' (check then warns)"),
            Options.textOrJSONDiagnostics,
        ],
        argumentCount: 1...1, argumentError: "'convert' takes one .xcdatamodeld or .xcdatamodel")

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, spec: spec, output: output) { parsed in
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
    static let spec = CommandSpec(
        name: "acknowledge",
        overview: "Record that a migration change drops data on purpose (a deliberate retirement), with the reason, in "
            + "the bundle's AcknowledgedChanges.json (commit it). check and the build plugin stop reporting it (once "
            + "versions are marked shipped, a drop on the way to the version in development fails the build until "
            + "then); diff still lists it, marked. An acknowledgement that names nothing dropped any more is a "
            + "warning. The exit status is 0 when it recorded the acknowledgement.",
        arguments: [
            .init(name: "bundle", help: "A .xcdatamodeld"),
            .init(
                name: "subject",
                help: "The Entity.property (or Entity) whose data the change drops, as the warning names it"),
        ],
        options: [
            .init(
                name: "reason", takesValue: true, valueName: "<text>", isRequired: true,
                help: "Why dropping the data is right (required)"),
            Options.textOrJSONDiagnostics,
        ]
            + Options.configuration(
                "An openmomc.json whose upgrade paths (oldestSupportedVersion, migration) apply (default: the "
                    + "nearest one from the bundle's folder up to the package root)"),
        argumentCount: 2...2,
        argumentError:
            "'acknowledge' takes a .xcdatamodeld bundle and the Entity.property (or Entity) whose data is dropped")

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, spec: spec, output: output) { parsed in
            guard let reason = parsed.values["reason"] else {
                return CommandLineTool.usageError(
                    "say why the data may be dropped with --reason", command: spec.name,
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
