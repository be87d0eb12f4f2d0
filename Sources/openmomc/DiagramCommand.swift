import ModelCompiler

/// `openmomc diagram INPUT OUTPUT [--version NAME | --from A [--to B] | --history [--config FILE]]
/// [--format svg|dot|mermaid]`
enum DiagramCommand {
    static let spec = CommandSpec(
        name: "diagram",
        overview: "Draw a model version as an entity-relationship diagram: entities with their attributes (optional "
            + "ones marked ?), relationships with both ends' cardinalities, inheritance as hollow arrows, abstract "
            + "entities in italics.\n\nOr draw an upgrade (--from): the entities of both versions, with what it adds "
            + "(green), removes (red), renames (blue) and changes (orange), and its verdict in the title.\n\nOr draw "
            + "the versions (--history): shipped ones marked, each upgrade path the app has (openmomc.json's "
            + "oldestSupportedVersion and migration) coloured by its verdict: no migration, inferred, drops data, "
            + "fails, or a mapping model.",
        arguments: [
            .init(name: "input", help: "A .xcdatamodeld bundle or a .xcdatamodel version"),
            .init(name: "output", help: "The file to write (replaced atomically)"),
        ],
        options: [
            Options.version("The version to draw (default: the current one)", group: "what"),
            .init(
                name: "from", takesValue: true, valueName: "<name>", group: "what",
                help: "Draw the upgrade from this version ..."),
            .init(name: "history", takesValue: false, group: "what", help: "Draw the versions and their upgrade paths"),
            .init(
                name: "to", takesValue: true, valueName: "<name>", help: "... to this one (default: the current one)"),
            Options.format(
                DiagramFormat.allCases.map(\.rawValue),
                "'svg' (laid out by Graphviz's dot, which must be on the PATH), 'dot' (Graphviz's text) or 'mermaid' "
                    + "(a class diagram GitHub renders in Markdown); by default from <output>'s extension (.dot, .gv, "
                    + ".mmd, .mermaid), else svg"),
        ] + Options.configuration("An openmomc.json: its upgrade paths and mappingModels (for --history)"),
        argumentCount: 2...2, argumentError: "'diagram' takes a model and an output file")

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, spec: spec, output: output) { parsed in
            let target = parsed.positionals[1]
            if parsed.values["to"] != nil, parsed.values["from"] == nil {
                output.error("error: --to draws an upgrade: give the version it starts from with --from\n")
                return CommandLineTool.ExitStatus.usage
            }
            let history = parsed.flags.contains("history")
            if history, parsed.values["from"] != nil || parsed.values["version"] != nil {
                output.error("error: --history draws every version; it takes no --version, --from or --to\n")
                return CommandLineTool.ExitStatus.usage
            }
            let format = parsed.values["format"].flatMap(DiagramFormat.init(rawValue:)) ?? Self.format(of: target)
            guard let configuration = Verb.configuration(parsed, output: output) else {
                return CommandLineTool.ExitStatus.usage
            }
            let result =
                history
                ? ModelCompiler.historyDiagram(
                    input: parsed.positionals[0], output: target, format: format,
                    plan: configuration.plan,
                    mappingModels: configuration.mappingModels ?? [])
                : ModelCompiler.diagram(
                    input: parsed.positionals[0], output: target,
                    version: parsed.values["to"] ?? parsed.values["version"], format: format,
                    from: parsed.values["from"])
            output.error(DiagnosticRenderer.text(result.diagnostics, colored: output.colorErrors))
            if let written = result.outputPath { output.out("wrote \(written)\n") }
            return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
        }
    }

    /// The format an output file's name asks for: `.dot`/`.gv`, `.mmd`/`.mermaid`, else SVG.
    static func format(of path: String) -> DiagramFormat {
        if path.hasSuffix(".dot") || path.hasSuffix(".gv") { return .dot }
        if path.hasSuffix(".mmd") || path.hasSuffix(".mermaid") { return .mermaid }
        return .svg
    }
}
