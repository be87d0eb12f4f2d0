import Foundation
import ModelCompiler

/// `openmomc compile INPUT OUTPUT_DIR`
enum CompileCommand {
    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, parser: Verb.standardParser, help: Help.compile, paths: 2...2,
                 usage: "'compile' takes an input model and an output folder", output: output) { parsed in
            let result = ModelCompiler.compile(input: parsed.positionals[0], outputDirectory: parsed.positionals[1])
            Verb.report(result.diagnostics, json: parsed.values["format"] == "json", output: output)
            if parsed.values["format"] != "json", let written = result.outputPath {
                output.out("wrote \(written)\n")
            }
            return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
        }
    }
}
