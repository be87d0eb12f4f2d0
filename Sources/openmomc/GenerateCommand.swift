import ModelCompiler

/// `openmomc generate INPUT OUTPUT_DIR [--access public|internal] [--module NAME] [--style xcode|strict] [--all] [--split]`
enum GenerateCommand {
    static let parser = ArgumentParser(options: Verb.findingsParserOptions + [
        .init(name: "access", takesValue: true, allowedValues: ["public", "internal"]),
        .init(name: "module", takesValue: true),
        .init(name: "style", takesValue: true, allowedValues: ["xcode", "strict"]),
        .init(name: "all", takesValue: false),
        .init(name: "split", takesValue: false),
    ] + Verb.configurationOptions)

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, parser: parser, help: Help.generate, paths: 2...2,
                 usage: "'generate' takes an input model and an output folder", output: output) { parsed in
            guard let configuration = Verb.configuration(parsed, output: output) else { return CommandLineTool.ExitStatus.usage }
            // Flags win over the configuration, which wins over the defaults.
            let options = CodegenOptions(
                style: CodegenOptions.Style(rawValue: parsed.values["style"] ?? configuration.style ?? "xcode") ?? .xcode,
                access: CodegenOptions.Access(rawValue: parsed.values["access"] ?? configuration.access ?? "public") ?? .public,
                moduleName: parsed.values["module"],
                includeManualEntities: parsed.flags.contains("all") || configuration.all == true,
                splitFiles: parsed.flags.contains("split"))
            let result = ModelCompiler.generate(input: parsed.positionals[0], outputDirectory: parsed.positionals[1], options: options,
                                                configuration: configuration)
            Verb.report(result.diagnostics, format: parsed.values["format"], output: output,
                        history: configuration.history == true)
            if Verb.isText(parsed) {
                output.out(result.written.map { Verb.line((result.unchanged.contains($0) ? "unchanged " : "wrote ") + $0) }.joined())
                if options.splitFiles, !options.includeManualEntities, result.written.count == 1, !result.diagnostics.hasErrors {
                    output.out("note: no entity uses Xcode's Class Definition or Category/Extension code generation, so only the "
                               + "model file was written; --all generates the Manual/None entities too\n")
                }
            }
            return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
        }
    }
}
