import ModelCompiler

/// `openmomc fixtures BUNDLE OUTPUT_DIR [--version NAME]... [--rows N] [--seed N] [--history-tracking] [--cloudkit]`
enum FixturesCommand {
    static let spec = CommandSpec(
        name: "fixtures",
        overview: "Write a Core Data SQLite store of each shipped version (every version before the current one when "
            + "the model has no ShippedVersions.json), laid out as Core Data lays out a store of that version, with "
            + "generated rows, for on-disk migration tests. Beside each store, <Version>.expected.json says what the "
            + "current version must hold after Core Data upgrades it. The folder is swapped for a staged copy in one "
            + "step: a store and its prediction change together, and whatever else the folder holds stays as it was.",
        arguments: [
            .init(name: "model", help: "A .xcdatamodeld bundle"),
            .init(name: "output-folder", help: "Where <Version>.sqlite and <Version>.expected.json are written"),
        ],
        options: [
            .init(
                name: "version", takesValue: true, valueName: "<name>", repeatable: true,
                help: "A version to write a store of (repeatable; default: the shipped ones)"),
            .init(
                name: "rows", takesValue: true, valueName: "<n>",
                help: "Rows per entity (default 0: an empty store, the \"fresh store\" lane)"),
            .init(
                name: "seed", takesValue: true, valueName: "<n>",
                help: "Another seed, other values (default 1); the same seed, the same bytes"),
            .init(
                name: "history-tracking", takesValue: false,
                help: "Also the persistent-history tables Core Data adds when the app sets "
                    + "NSPersistentHistoryTrackingKey (a store that has them opens read-only without it); "
                    + "openmomc.json: \"fixtures\": {\"historyTracking\": true}"),
            .init(
                name: "cloudkit", takesValue: false,
                help: "Also the CloudKit mirroring tables (and the history tables they need); openmomc.json: "
                    + "\"fixtures\": {\"cloudKit\": true}"),
        ]
            + Options.configuration(
                "An openmomc.json (default: the nearest one from the model's folder up to the package root)"),
        argumentCount: 2...2, argumentError: "'fixtures' takes a model and an output folder")

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, spec: spec, output: output) { parsed in
            guard let rows = Int(parsed.values["rows"] ?? "0"), rows >= 0 else {
                output.error("error: --rows takes a whole number, 0 or more\n")
                return CommandLineTool.ExitStatus.usage
            }
            guard let seed = UInt64(parsed.values["seed"] ?? "1") else {
                output.error("error: --seed takes a whole number, 0 or more\n")
                return CommandLineTool.ExitStatus.usage
            }
            guard let lookup = Verb.lookup(parsed, output: output) else { return CommandLineTool.ExitStatus.usage }
            let result = ModelCompiler.fixtures(
                bundle: parsed.positionals[0], output: parsed.positionals[1],
                versions: parsed.lists["version"] ?? [], rows: rows, seed: seed,
                historyTracking: parsed.flags.contains("history-tracking"),
                cloudKit: parsed.flags.contains("cloudkit"), lookup: lookup)
            output.error(DiagnosticRenderer.text(result.diagnostics, colored: output.colorErrors))
            for store in result.stores { output.out(Verb.line("wrote \(store) and its .expected.json")) }
            return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
        }
    }
}
