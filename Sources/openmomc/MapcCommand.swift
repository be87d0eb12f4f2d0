#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ModelCompiler

/// `openmomc mapc ARGS...`, or this executable run under the name `mapc`: Apple's mapc command line, so build tools
/// that call mapc (Xcode's rules, Bazel's rules_apple, CocoaPods) compile mapping models where mapc does not exist.
enum MapcCommand {
    static let spec = CommandSpec(
        name: "mapc",
        overview: "Apple's mapc command line, for build tools that call mapc (Xcode's rules, Bazel's rules_apple, "
            + "CocoaPods). Also what this executable does when run under the name 'mapc' (a symlink).",
        arguments: [
            .init(name: "input", help: "A .xcmappingmodel"),
            .init(name: "output", help: "The .cdm to write, or a folder (Name.cdm is written inside it)"),
        ],
        options: [
            Options.module("The app's module (Swift policy classes must be qualified with it)"),
            .init(
                name: "<platform>-deployment-target", takesValue: true, valueName: "<version>",
                help: "Accepted; nothing changes here"),
            .init(name: "sdkroot", takesValue: true, valueName: "<path>", help: "Accepted; nothing changes here"),
            .init(name: "mapc-no-warnings", takesValue: false, help: "No warnings"),
            .init(
                name: "print-diagnostic-categories", takesValue: false,
                help: "Prints nothing: openmomc's diagnostics have no mapc categories"),
        ],
        argumentCount: 2...2, argumentError: "expected an input mapping model and an output path",
        notes: "Diagnostics are printed as mapc prints them, 'path:LINE: warning: message'.")

    /// `invocation`: `mapc` when the executable runs under that name, else nil (`openmomc mapc`).
    static func run(_ arguments: [String], output: Output, invocation: String? = nil) -> Int32 {
        let opening: DropIn.Opening<MapcArguments> = DropIn.open(
            spec, invocation: invocation, arguments, output: output)
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
