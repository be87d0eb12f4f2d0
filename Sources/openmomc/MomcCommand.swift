#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ModelCompiler

/// `openmomc momc ARGS...`, or this executable run under the name `momc`: Apple's momc command line, so build
/// tools that call momc (Bazel's rules_apple, CocoaPods, Xcode's rules, scripts) work unchanged.
enum MomcCommand {
    static func run(_ arguments: [String], output: Output) -> Int32 {
        let opening: DropIn.Opening<MomcArguments> = DropIn.open(
            "momc", arguments, help: Help.momc,
            usage: Help.momcUsage, expecting: "an input model",
            output: output)
        guard case .run(let parsed, let input, let destination) = opening else {
            if case .exit(let status) = opening { return status }
            return CommandLineTool.ExitStatus.usage
        }
        return parsed.action == .generate
            ? generate(input, into: destination, parsed, output: output)
            : compile(input, to: destination, parsed, output: output)
    }

    /// `OUTPUT` is a folder (the `.momd`/`.mom` goes inside it, named after the input) or the output itself.
    private static func compile(
        _ input: String, to destination: String, _ parsed: MomcArguments, output: Output
    ) -> Int32 {
        var directory = destination, name: String?
        let target = destination.trimmingSlash
        let isBundleInput = input.trimmingSlash.hasSuffix(".xcdatamodeld")
        if target.hasSuffix(".momd") || target.hasSuffix(".mom") {
            guard isBundleInput == target.hasSuffix(".momd") else {
                output.error(
                    "momc: error: \(isBundleInput ? "a .xcdatamodeld compiles to a .momd" : "a .xcdatamodel compiles to a .mom"), "
                        + "not '\(URL(fileURLWithPath: target).lastPathComponent)'\n")
                return CommandLineTool.ExitStatus.usage
            }
            directory = URL(fileURLWithPath: target).deletingLastPathComponent().path
            name = URL(fileURLWithPath: target).lastPathComponent
        }
        if parsed.dryRun {
            let produced =
                name ?? URL(fileURLWithPath: input.trimmingSlash).deletingPathExtension().lastPathComponent
                + (isBundleInput ? ".momd" : ".mom")
            output.out(Verb.line(URL(fileURLWithPath: directory).appendingPathComponent(produced).path))
            return CommandLineTool.ExitStatus.success
        }
        let result = ModelCompiler.compile(input: input, outputDirectory: directory, outputName: name)
        let shown = filtered(result.diagnostics, parsed)
        output.error(DiagnosticRenderer.momc(shown))
        // Xcode 15 and later note each version's checksum after compiling it; rules_apple filters these lines.
        for version in result.versionChecksums {
            let folder = URL(fileURLWithPath: version.source).deletingLastPathComponent().path
            output.error(Verb.line("\(folder): note: Model \(version.version) version checksum: \(version.checksum)"))
        }
        return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
    }

    /// Xcode's per-entity files, as `openmomc generate --split` writes them; `--dry-run` lists them, writing nothing.
    private static func generate(
        _ input: String, into directory: String, _ parsed: MomcArguments, output: Output
    ) -> Int32 {
        let options = CodegenOptions(
            style: .xcode, access: .public, moduleName: parsed.module, splitFiles: true,
            identifiable: parsed.identifiable)
        let result = ModelCompiler.generate(
            input: input, outputDirectory: parsed.dryRun ? nil : directory, options: options)
        output.error(DiagnosticRenderer.momc(filtered(result.diagnostics, parsed)))
        if parsed.dryRun {
            for file in result.files {
                output.out(Verb.line(URL(fileURLWithPath: directory).appendingPathComponent(file.name).path))
            }
        }
        return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
    }

    /// momc prints warnings and errors only; its `--no-*-warnings` flags drop the matching warnings.
    static func filtered(_ diagnostics: [Diagnostic], _ parsed: MomcArguments) -> [Diagnostic] {
        diagnostics.filter { diagnostic in
            switch diagnostic.severity {
            case .error: return true
            case .note: return false
            case .warning:
                if parsed.noWarnings { return false }
                if parsed.noInverseWarnings && diagnostic.code == .missingInverse { return false }
                if parsed.noMaxPropertyCountWarnings && diagnostic.code == .tooManyProperties { return false }
                if parsed.noDeleteRuleWarnings && diagnostic.code == .noActionDeleteRule { return false }
                return true
            }
        }
    }
}

extension String {
    var trimmingSlash: String { hasSuffix("/") ? String(dropLast()) : self }
}
