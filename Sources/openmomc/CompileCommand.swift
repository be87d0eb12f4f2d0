#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ModelCompiler

/// `openmomc compile INPUT OUTPUT_DIR [--cache FOLDER]`
enum CompileCommand {
    static let spec = CommandSpec(
        name: "compile",
        overview: "Compile a Core Data model as Apple's momc does, or a mapping model as Apple's mapc does.",
        arguments: [
            .init(
                name: "input",
                help: "Name.xcdatamodeld (-> <output-folder>/Name.momd/ with one .mom per version and "
                    + "VersionInfo.plist) or Name.xcdatamodel (-> Name.mom), or Name.xcmappingmodel (-> Name.cdm)"),
            .init(
                name: "output-folder",
                help: "Created when missing. The output is written beside its destination first and swapped in, so a "
                    + "failed compile leaves an older output untouched."),
        ],
        options: [Options.findingsFormat]
            + Options.configuration(
                "An openmomc.json (see 'openmomc help build'): its history, diagnostics, upgrade paths and mapping "
                    + "models")
            + [
                Options.cache(
                    "Keep each compiled version there and reuse it while the version's file is byte for byte the same "
                        + "and openmomc is this build (see 'openmomc help build')")
            ],
        argumentCount: 2...2, argumentError: "'compile' takes an input model and an output folder")

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, spec: spec, output: output) { parsed in
            guard let configuration = Verb.configuration(parsed, output: output) else {
                return CommandLineTool.ExitStatus.usage
            }
            let result = ModelCompiler.compile(
                input: parsed.positionals[0], outputDirectory: parsed.positionals[1],
                configuration: configuration, cache: Verb.cache(parsed))
            Verb.report(
                result.diagnostics, format: parsed.values["format"], output: output,
                history: configuration.history == true)
            if Verb.isText(parsed), let written = result.outputPath {
                output.out("wrote \(written)\n")
            }
            return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
        }
    }
}
