#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ModelCompiler

/// `openmomc build INPUT OUTPUT_DIR [--config FILE] [--module NAME] [--package-root PATH] [--cache FOLDER]`: compile and generate in one step,
/// as the SwiftPM build plugin runs it.
enum BuildCommand {
    static let spec = CommandSpec(
        name: "build",
        overview: "Compile a model and generate its Swift in one step, into one folder: what the CoreDataModelPlugin "
            + "build plugin runs for each model of a target.",
        arguments: [
            .init(name: "input", help: "A .xcdatamodeld or .xcdatamodel"),
            .init(name: "output-folder", help: "Where Name.momd (or Name.mom) and the Swift go; created when missing"),
        ],
        options: [Options.findingsFormat]
            + Options.configuration(
                Options.nearestConfiguration
                    + ":\n{\"style\": \"xcode\"|\"strict\"|\"swiftdata\"|\"swiftdata-versioned\", \"access\": "
                    + "\"public\"|\"internal\", \"warningsAsErrors\": true|false, \"all\": true|false, \"history\": "
                    + "true|false, \"diagnostics\": {\"<code>\": \"ignore\"|\"warning\"|\"error\"}, "
                    + "\"oldestSupportedVersion\": \"<version>\", \"migration\": \"direct\"|\"step-by-step\", "
                    + "\"mappingModels\": [\"<path>\"]}")
            + [
                Options.module("The module the generated classes live in"),
                .init(
                    name: "package-root", takesValue: true, valueName: "<path>",
                    help: "Name fixes as the package's command plugins (swift package ... mark-shipped, "
                        + "new-model-version) with paths relative to <path>: what the build plugin passes; migration "
                        + "policy classes are looked for in the sources under <path>"),
                Options.cache(
                    "Compiled versions kept between runs (the build plugin keeps them in its work folder): a version "
                        + "is parsed, typed, validated and archived again only when its file's bytes or openmomc "
                        + "change. A damaged or stale entry is ignored and replaced. Never inside the model."),
            ],
        argumentCount: 2...2, argumentError: "'build' takes an input model and an output folder")

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, spec: spec, output: output) { parsed in
            guard let configuration = Verb.configuration(parsed, output: output) else {
                return CommandLineTool.ExitStatus.errorsFound
            }
            let packageRoot = parsed.values["package-root"]
            let result = ModelCompiler.build(
                input: parsed.positionals[0], outputDirectory: parsed.positionals[1],
                configuration: configuration, moduleName: parsed.values["module"],
                mappingModelsOfTarget: packageRoot != nil,
                cache: Verb.cache(parsed),
                sources: packageRoot.map { [$0] })
            Verb.report(
                result.diagnostics, format: parsed.values["format"], output: output,
                history: configuration.history == true,
                commands: packageRoot.map { .packagePlugin(packageRoot: $0) } ?? .here)
            if Verb.isText(parsed), let compiled = result.written.first {
                let swift = result.written.dropFirst().map { URL(fileURLWithPath: $0).lastPathComponent }
                output.out("wrote \(compiled)" + (swift.isEmpty ? "" : " and " + swift.joined(separator: ", ")) + "\n")
            }
            return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
        }
    }
}
