#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ModelCompiler

/// `openmomc momc ARGS...`, or this executable run under the name `momc`: Apple's momc command line, so build
/// tools that call momc (Bazel's rules_apple, CocoaPods, Xcode's rules, scripts) work unchanged.
enum MomcCommand {
    static let spec = CommandSpec(
        name: "momc",
        overview: "Apple's momc command line, for build tools that call momc (Bazel's rules_apple, CocoaPods, Xcode's "
            + "rules, scripts). Also what this executable does when run under the name 'momc' (a symlink).",
        arguments: [
            .init(name: "input", help: "A .xcdatamodeld or .xcdatamodel"),
            .init(
                name: "output",
                help: "A folder (Name.momd or Name.mom is written inside it), or the .momd/.mom itself; with --action "
                    + "generate, the folder for the Swift files"),
        ],
        options: [
            .init(
                name: "action", takesValue: true, allowedValues: ["compile", "generate"],
                help: "Compile (default), or write Xcode's per-entity Swift files"),
            Options.module("The module the classes live in"),
            .init(
                name: "<platform>-deployment-target", takesValue: true, valueName: "<version>",
                help: "iphoneos, macosx, watchos, appletvos, xros (and simulators); decides whether generated classes "
                    + "get Identifiable"),
            .init(
                name: "swift-version", takesValue: true, valueName: "<version>", help: "Accepted; nothing changes here"),
            .init(name: "sdkroot", takesValue: true, valueName: "<path>", help: "Accepted; nothing changes here"),
            .init(name: "suppress-inverse-transient-error", takesValue: false, help: "Accepted; nothing changes here"),
            .init(name: "no-warnings", takesValue: false, help: "No warnings"),
            .init(name: "no-inverse-relationship-warnings", takesValue: false, help: "No missing-inverse warnings"),
            .init(name: "no-max-property-count-warnings", takesValue: false, help: "No property-count warnings"),
            .init(name: "no-delete-rule-warnings", takesValue: false, help: "No delete-rule warnings"),
            .init(
                name: "dry-run", takesValue: false,
                help: "Print the paths that would be written, one per line; write nothing"),
            .init(
                name: "print-diagnostic-categories", takesValue: false,
                help: "Prints nothing: openmomc's diagnostics have no momc categories"),
        ],
        argumentCount: 2...2, argumentError: "expected an input model and an output path",
        notes: "Xcode 6 spellings: -XD_MOMC_SDKROOT=<path>, -XD_MOMC_IOS_TARGET_VERSION=<v>, -MOMC_PLATFORMS <name>, "
            + "-MOMC_NO_WARNINGS (and -MOMC_ before the other flags' names in capitals).\n\nDiagnostics are printed "
            + "as momc prints them, 'path:LINE: warning: message', and after compiling, one 'path: note: Model "
            + "<version> version checksum: <checksum>' line per version.")

    /// `invocation`: `momc` when the executable runs under that name, else nil (`openmomc momc`).
    static func run(_ arguments: [String], output: Output, invocation: String? = nil) -> Int32 {
        let opening: DropIn.Opening<MomcArguments> = DropIn.open(
            spec, invocation: invocation, arguments, output: output)
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
