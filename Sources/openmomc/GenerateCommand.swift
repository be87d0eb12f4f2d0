import ModelCompiler

/// `openmomc generate INPUT OUTPUT_DIR [--access public|internal] [--module NAME] [--style xcode|strict|swiftdata|swiftdata-versioned]
/// [--all] [--split] [--flavor corrected|xcode] [--xcode-version V] [--project NAME] [--author NAME] [--date TEXT]`
enum GenerateCommand {
    static let parser = ArgumentParser(
        options: Verb.findingsParserOptions + [
            .init(name: "access", takesValue: true, allowedValues: ["public", "internal"]),
            .init(name: "module", takesValue: true),
            .init(
                name: "style", takesValue: true, allowedValues: ["xcode", "strict", "swiftdata", "swiftdata-versioned"]),
            .init(name: "flavor", takesValue: true, allowedValues: ["corrected", "xcode"]),
            .init(name: "xcode-version", takesValue: true), .init(name: "project", takesValue: true),
            .init(name: "author", takesValue: true), .init(name: "date", takesValue: true),
            .init(name: "all", takesValue: false),
            .init(name: "split", takesValue: false),
        ] + Verb.configurationOptions)

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(
            arguments, parser: parser, help: Help.generate, paths: 2...2,
            usage: "'generate' takes an input model and an output folder", output: output
        ) { parsed in
            guard let configuration = Verb.configuration(parsed, output: output) else {
                return CommandLineTool.ExitStatus.usage
            }
            // Flags win over the configuration, which wins over the defaults.
            let style = parsed.values["style"] ?? configuration.style ?? "xcode"
            var options = CodegenOptions(
                style: CodegenOptions.Style(rawValue: style) ?? .xcode,
                access: CodegenOptions.Access(rawValue: parsed.values["access"] ?? configuration.access ?? "public")
                    ?? .public,
                moduleName: parsed.values["module"],
                includeManualEntities: parsed.flags.contains("all") || configuration.all == true,
                splitFiles: parsed.flags.contains("split"))
            if style == "swiftdata" || style == "swiftdata-versioned" {
                guard var swiftData = swiftDataOptions(parsed, output: output) else {
                    return CommandLineTool.ExitStatus.usage
                }
                swiftData.versioned = style == "swiftdata-versioned"
                options.swiftData = swiftData
            }
            let result = ModelCompiler.generate(
                input: parsed.positionals[0], outputDirectory: parsed.positionals[1], options: options,
                configuration: configuration)
            Verb.report(
                result.diagnostics, format: parsed.values["format"], output: output,
                history: configuration.history == true)
            if Verb.isText(parsed) {
                output.out(
                    result.written.map { Verb.line((result.unchanged.contains($0) ? "unchanged " : "wrote ") + $0) }
                        .joined())
                if options.splitFiles, !options.includeManualEntities, result.written.count == 1,
                    !result.diagnostics.hasErrors
                {
                    output.out(
                        "note: no entity uses Xcode's Class Definition or Category/Extension code generation, so only the "
                            + "model file was written; --all generates the Manual/None entities too\n")
                }
            }
            return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
        }
    }

    /// `--flavor`, `--xcode-version` and the header's `--project`, `--author` and `--date`; nil after reporting an
    /// Xcode version the generator does not know.
    static func swiftDataOptions(_ parsed: ArgumentParser.Parsed, output: Output) -> SwiftDataOptions? {
        var options = SwiftDataOptions(
            flavor: SwiftDataOptions.Flavor(rawValue: parsed.values["flavor"] ?? "corrected") ?? .corrected,
            xcodeVersion: parsed.values["xcode-version"])
        if let version = options.xcodeVersion, !SwiftDataOptions.knows(xcodeVersion: version) {
            Verb.report(
                [
                    .error(
                        .configurationInvalid,
                        "--xcode-version '\(version)' is not one openmomc knows: 15.0 ... "
                            + "15.4, 16.0-beta, 16.0 ... 16.4, 26 and later",
                        at: SourceLocation(file: "--xcode-version"))
                ],
                format: parsed.values["format"], output: output)
            return nil
        }
        options.project = parsed.values["project"] ?? ""
        if let author = parsed.values["author"] { options.author = author }
        if let date = parsed.values["date"] { options.date = date }
        return options
    }
}
