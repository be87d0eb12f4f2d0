import ModelCompiler

/// `openmomc check PATH...`
enum CheckCommand {
    static let parser = ArgumentParser(options: Verb.standardParser.options + [
        .init(name: "absent", takesValue: true, repeatable: true),
    ])

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, parser: parser, help: Help.check, paths: 1...Int.max,
                 usage: "'check' needs at least one model path", output: output) { parsed in
            let result = ModelCompiler.check(paths: parsed.positionals, absent: parsed.lists["absent"] ?? [])
            if parsed.values["format"] == "json" {
                output.out(DiagnosticRenderer.json(result.diagnostics))
            } else {
                output.error(DiagnosticRenderer.text(result.diagnostics, colored: output.colorErrors))
                output.out(DiagnosticRenderer.summary(result.diagnostics, checkedModels: result.versionCount) + "\n")
            }
            return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
        }
    }
}
