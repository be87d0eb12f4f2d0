import ModelCompiler

/// `openmomc check PATH...`
enum CheckCommand {
    static let parser = ArgumentParser(
        options: Verb.findingsParserOptions + [
            .init(name: "absent", takesValue: true, repeatable: true),
            .init(name: "history", takesValue: false),
            .init(name: "enclosing", takesValue: false),
        ] + Verb.configurationOptions)

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(
            arguments, parser: parser, help: Help.check, paths: 1...Int.max,
            usage: "'check' needs at least one model path", output: output
        ) { parsed in
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
