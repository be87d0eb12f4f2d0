import ModelCompiler

/// `openmomc check PATH...`
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check", overview: "Validate Core Data models and print diagnostics plus a one-line summary.",
        arguments: [
            .init(
                name: "path",
                help: "A .xcdatamodeld bundle, a .xcdatamodel version, its 'contents' file, or a folder to search for "
                    + "models", repeats: true)
        ],
        options: [
            Options.format(
                ["text", "json", "sarif", "github"],
                "'text' (default): path:line:column: error: message [code] on stderr, coloured only on a terminal "
                    + "(set NO_COLOR to turn colour off);\n'json': a JSON array of diagnostics on stdout;\n'sarif': one "
                    + "SARIF 2.1.0 log on stdout, for code scanning;\n'github': GitHub Actions workflow commands on "
                    + "stdout (annotations);\npaths in both relative to the working folder"),
            .init(
                name: "history", takesValue: false,
                help: "Every finding of every version and every upgrade path. By default the warnings of versions "
                    + "that shipped are summed up in one note (they cannot be edited), so are the findings on upgrades "
                    + "into shipped versions (history: they never fail the build), and each migration change is "
                    + "reported once, with its upgrade paths"),
            .init(
                name: "absent", takesValue: true, valueName: "<Entity.property>", repeatable: true,
                help: "Fail if this retired name is still in a bundle's current version (repeatable; a bare Entity "
                    + "checks the entity)"),
            .init(
                name: "enclosing", takesValue: false,
                help: "Check the model each path is inside of (its .xcdatamodeld, else its .xcdatamodel), once each: "
                    + "what the pre-commit hook passes is changed files"),
        ]
            + Options.configuration(
                "An openmomc.json: per-code severities, history, upgrade paths, mapping models (see 'openmomc help "
                    + "build'). Without it, each bundle's nearest openmomc.json from its folder up to the package root"),
        argumentCount: 1...Int.max, argumentError: "'check' needs at least one model path")

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, spec: spec, output: output) { parsed in
            guard let lookup = Verb.lookup(parsed, output: output) else { return CommandLineTool.ExitStatus.usage }
            // A pre-commit hook passes the changed files: each names the bundle (or lone version) it is in.
            let paths =
                parsed.flags.contains("enclosing") ? Self.enclosingModels(parsed.positionals) : parsed.positionals
            // Each bundle is checked with its own settings; `--history` asks every one for all its findings.
            let history =
                parsed.flags.contains("history")
                || paths.contains { (try? lookup.configuration(forModel: $0).get())?.history == true }
            let result = ModelCompiler.check(
                paths: paths, absent: parsed.lists["absent"] ?? [],
                detail: parsed.flags.contains("history") ? .history : .summary, lookup: lookup)
            Verb.report(result.diagnostics, format: parsed.values["format"], output: output, history: history)
            if Verb.isText(parsed) {
                output.out(DiagnosticRenderer.summary(result.diagnostics, checkedModels: result.versionCount) + "\n")
            }
            return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
        }
    }

    /// For each path, the outermost `.xcdatamodeld` (else `.xcdatamodel`) folder it is in or is, once each, in the
    /// order first named; a path inside no model is kept as it is.
    static func enclosingModels(_ paths: [String]) -> [String] {
        var seen: Set<String> = [], result: [String] = []
        for path in paths {
            let components = path.split(separator: "/", omittingEmptySubsequences: false)
            let end =
                components.firstIndex { $0.hasSuffix(".xcdatamodeld") }
                ?? components.firstIndex { $0.hasSuffix(".xcdatamodel") }
            let model = end.map { components[...$0].joined(separator: "/") } ?? path
            if seen.insert(model).inserted { result.append(model) }
        }
        return result
    }
}
