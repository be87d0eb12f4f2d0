import ModelCompiler

/// `openmomc check PATH...`
enum CheckCommand {
    static let parser = ArgumentParser(options: Verb.findingsParserOptions + [
        .init(name: "absent", takesValue: true, repeatable: true),
        .init(name: "history", takesValue: false),
    ] + Verb.configurationOptions)

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, parser: parser, help: Help.check, paths: 1...Int.max,
                 usage: "'check' needs at least one model path", output: output) { parsed in
            guard let configuration = Verb.configuration(parsed, output: output) else { return CommandLineTool.ExitStatus.usage }
            let detail = parsed.flags.contains("history") ? FindingDetail.history : configuration.detail
            let result = ModelCompiler.check(paths: parsed.positionals, absent: parsed.lists["absent"] ?? [],
                                             detail: detail, policy: configuration.policy, plan: configuration.plan)
            Verb.report(result.diagnostics, format: parsed.values["format"], output: output)
            if Verb.isText(parsed) {
                output.out(DiagnosticRenderer.summary(result.diagnostics, checkedModels: result.versionCount) + "\n")
            }
            return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
        }
    }
}
