import ModelCompiler

/// `openmomc check PATH...`
enum CheckCommand {
    static let parser = ArgumentParser(options: [
        .init(name: "format", takesValue: true, allowedValues: ["text", "json"]),
        .init(name: "help", takesValue: false, short: "h"),
    ])

    static func run(_ arguments: [String], output: Output) -> Int32 {
        guard let parsed = Verb.parse(arguments, with: parser, help: Help.check, output: output) else {
            return Verb.lastStatus(arguments, parser: parser)
        }
        guard !parsed.positionals.isEmpty else {
            return CommandLineTool.usageError("'check' needs at least one model path", output: output)
        }
        let result = ModelCompiler.check(paths: parsed.positionals)
        if parsed.values["format"] == "json" {
            output.out(DiagnosticRenderer.json(result.diagnostics))
        } else {
            output.error(DiagnosticRenderer.text(result.diagnostics, colored: output.colorErrors))
            output.out(DiagnosticRenderer.summary(result.diagnostics, checkedModels: result.versionCount) + "\n")
        }
        return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
    }
}
