#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ModelCompiler

/// `openmomc compile INPUT OUTPUT_DIR [--cache FOLDER]`
enum CompileCommand {
    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(
            arguments,
            parser: ArgumentParser(
                options: Verb.findingsParserOptions + Verb.configurationOptions
                    + [.init(name: "cache", takesValue: true)]),
            help: Help.compile, paths: 2...2,
            usage: "'compile' takes an input model and an output folder", output: output
        ) { parsed in
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
