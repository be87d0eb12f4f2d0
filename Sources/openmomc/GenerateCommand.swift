import ModelCompiler

/// `openmomc generate INPUT OUTPUT_DIR [--access public|internal] [--module NAME] [--style xcode|strict|swiftdata|swiftdata-versioned]
/// [--all] [--split] [--flavor corrected|xcode] [--xcode-version V] [--project NAME] [--author NAME] [--date TEXT]`
enum GenerateCommand {
    static let spec = CommandSpec(
        name: "generate",
        overview: "Generate Swift for the current version of a model: NSManagedObject subclasses and their properties "
            + "as Xcode's code generation writes them, plus per-entity key constants and a model type with the model "
            + "name, the current version, every version's checksum and a loader. Code that needs Core Data is inside "
            + "#if canImport(CoreData); the rest compiles everywhere.",
        arguments: [
            .init(name: "input", help: "A .xcdatamodeld or .xcdatamodel"),
            .init(
                name: "output-folder",
                help: "Created when missing; by default one file <ModelName>+CoreDataModel.swift"),
        ],
        options: [
            Options.findingsFormat,
            .init(
                name: "style", takesValue: true,
                allowedValues: ["xcode", "strict", "swiftdata", "swiftdata-versioned"],
                help: "'xcode' (default): Xcode's shapes, so a project can switch without code changes;\n'strict': "
                    + "honours optionality, Swift scalars, Set<Destination>, and typedFetchRequest() instead of the "
                    + "ambiguous fetchRequest();\n'swiftdata': one <Entity>.swift per entity with a SwiftData @Model "
                    + "class;\n'swiftdata-versioned': a VersionedSchema per shipped version and the current one, and "
                    + "<Model>MigrationPlan with a stage per upgrade from the migration analysis"),
            .init(
                name: "flavor", takesValue: true, allowedValues: ["corrected", "xcode"],
                help: "With swiftdata: 'corrected' (default): code that compiles and keeps every value; 'xcode': what "
                    + "Xcode's Create SwiftData Code writes, quirks included"),
            .init(
                name: "xcode-version", takesValue: true, valueName: "<version>",
                help: "With --flavor xcode: the Xcode to reproduce (15.0 ... 16.4, 16.0-beta, 26); default: the one "
                    + "that last saved the model"),
            .init(
                name: "project", takesValue: true, valueName: "<name>",
                help: "The swiftdata files' project header line (default: the model's name)"),
            .init(
                name: "author", takesValue: true, valueName: "<name>",
                help: "The swiftdata files' author header line (default: openmomc)"),
            .init(
                name: "date", takesValue: true, valueName: "<text>",
                help: "The swiftdata files' date header line (default: 1/1/26)"),
            .init(
                name: "access", takesValue: true, allowedValues: ["public", "internal"],
                help: "'public' (default) or 'internal'"),
            Options.module("The module the classes live in (Module.Foo then counts as current module)"),
            .init(name: "all", takesValue: false, help: "Also entities whose codegen is Manual/None"),
            .init(
                name: "split", takesValue: false,
                help: "Xcode's per-entity files (<Class>+CoreDataClass.swift, ...+CoreDataProperties.swift)"),
        ] + Options.configuration("An openmomc.json (see 'openmomc help build'); the options above win over it"),
        argumentCount: 2...2, argumentError: "'generate' takes an input model and an output folder")

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, spec: spec, output: output) { parsed in
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
