#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ModelCompiler

/// `openmomc build INPUT OUTPUT_DIR [--config FILE] [--module NAME] [--package-root PATH] [--cache FOLDER]`: compile and generate in one step,
/// as the SwiftPM build plugin runs it.
enum BuildCommand {
    static let parser = ArgumentParser(
        options: Verb.findingsParserOptions + Verb.configurationOptions + [
            .init(name: "module", takesValue: true), .init(name: "package-root", takesValue: true),
            .init(name: "cache", takesValue: true),
        ])

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(
            arguments, parser: parser, help: Help.build, paths: 2...2,
            usage: "'build' takes an input model and an output folder", output: output
        ) { parsed in
            guard let configuration = Verb.configuration(parsed, output: output) else {
                return CommandLineTool.ExitStatus.errorsFound
            }
            let advice =
                parsed.values["package-root"].map { CommandAdvice.packagePlugin(packageRoot: $0) } ?? .commandLine
            let result = ModelCompiler.build(
                input: parsed.positionals[0], outputDirectory: parsed.positionals[1],
                configuration: configuration, moduleName: parsed.values["module"], advice: advice,
                cache: Verb.cache(parsed),
                sources: parsed.values["package-root"].map { [$0] })
            Verb.report(
                result.diagnostics, format: parsed.values["format"], output: output,
                history: configuration.history == true)
            if Verb.isText(parsed), let compiled = result.written.first {
                let swift = result.written.dropFirst().map { URL(fileURLWithPath: $0).lastPathComponent }
                output.out("wrote \(compiled)" + (swift.isEmpty ? "" : " and " + swift.joined(separator: ", ")) + "\n")
            }
            return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
        }
    }
}
