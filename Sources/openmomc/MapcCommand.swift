#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ModelCompiler

/// `openmomc mapc ARGS...`, or this executable run under the name `mapc`: Apple's mapc command line, so build tools
/// that call mapc (Xcode's rules, Bazel's rules_apple, CocoaPods) compile mapping models where mapc does not exist.
enum MapcCommand {
    static func run(_ arguments: [String], output: Output) -> Int32 {
        let opening: DropIn.Opening<MapcArguments> = DropIn.open(
            "mapc", arguments, help: Help.mapc,
            usage: Help.mapcUsage,
            expecting: "an input mapping model", output: output)
        guard case .run(let parsed, let input, let given) = opening else {
            if case .exit(let status) = opening { return status }
            return CommandLineTool.ExitStatus.usage
        }
        let destination = given.trimmingSlash
        guard input.trimmingSlash.hasSuffix(".xcmappingmodel") else {
            output.error("mapc: error: '\(input)' is not a .xcmappingmodel\n")
            return CommandLineTool.ExitStatus.usage
        }
        // The callers name the output file (`<ResourcesDir>/<InputFileBase>.cdm`); a folder gets the file inside it.
        let isDirectory =
            (try? FileManager.default.attributesOfItem(atPath: destination)[.type] as? FileAttributeType)
            == .typeDirectory
        let directory = isDirectory ? destination : URL(fileURLWithPath: destination).deletingLastPathComponent().path
        let name = isDirectory ? nil : URL(fileURLWithPath: destination).lastPathComponent
        let result = ModelCompiler.compile(input: input, outputDirectory: directory, outputName: name)
        let shown = result.diagnostics.filter {
            $0.severity == .error || ($0.severity == Severity.warning && !parsed.noWarnings)
        }
        output.error(DiagnosticRenderer.momc(shown))
        return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
    }
}
