#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ModelCompiler

/// What every verb does the same way: parse its flags, print diagnostics, pick the exit status.
enum Verb {
    /// The parsed arguments, or nil after printing help or a usage error (see `lastStatus`).
    static func parse(_ arguments: [String], spec: CommandSpec, output: Output) -> ArgumentParser.Parsed? {
        do {
            let parsed = try spec.parser.parse(arguments)
            if parsed.flags.contains("help") {
                output.out(spec.helpText())
                return nil
            }
            return parsed
        } catch {
            _ = CommandLineTool.usageError(error.description, command: spec.name, output: output)
            return nil
        }
    }

    /// Parses, handles help and usage errors, checks how many arguments were given, then runs `body`.
    static func run(
        _ arguments: [String], spec: CommandSpec, output: Output, body: (ArgumentParser.Parsed) -> Int32
    ) -> Int32 {
        guard let parsed = parse(arguments, spec: spec, output: output) else {
            return lastStatus(arguments, parser: spec.parser)
        }
        guard spec.argumentCount.contains(parsed.positionals.count) else {
            return CommandLineTool.usageError(spec.argumentError, command: spec.name, output: output)
        }
        return body(parsed)
    }

    /// A line of text output that quotes names from files others wrote: control characters escaped, never raw.
    static func line(_ text: String) -> String { DiagnosticRenderer.escapingControlCharacters(text) + "\n" }

    /// Whether `--format` asks for text, after which the verb may print what it wrote.
    static func isText(_ parsed: ArgumentParser.Parsed) -> Bool { (parsed.values["format"] ?? "text") == "text" }

    /// The status for a `parse` that returned nil: 0 after help, 2 after a usage error.
    static func lastStatus(_ arguments: [String], parser: ArgumentParser) -> Int32 {
        (try? parser.parse(arguments))?.flags.contains("help") == true
            ? CommandLineTool.ExitStatus.success : CommandLineTool.ExitStatus.usage
    }

    /// The compile cache `--cache` names, kept for this openmomc build.
    static func cache(_ parsed: ArgumentParser.Parsed) -> CompileCache? {
        parsed.values["cache"].map { CompileCache(directory: $0, toolVersion: Help.version) }
    }

    /// Where the settings come from: `--config`, else the nearest `openmomc.json`, with `--severity` and
    /// `--mapping-model` on top; nil after reporting a malformed setting.
    static func lookup(_ parsed: ArgumentParser.Parsed, output: Output) -> ConfigurationLookup? {
        var lookup = ConfigurationLookup(file: parsed.values["config"])
        var problems: [Diagnostic] = []
        for mappingModel in parsed.lists["mapping-model"] ?? [] {
            guard mappingModel.trimmingSlash.hasSuffix(".xcmappingmodel") else {
                problems.append(
                    .error(
                        .configurationInvalid, "--mapping-model takes a .xcmappingmodel",
                        at: SourceLocation(file: mappingModel)))
                continue
            }
            lookup.mappingModels.append(mappingModel)
        }
        for setting in parsed.lists["severity"] ?? [] {
            switch BuildConfiguration.severitySetting(setting) {
            case .success(let (code, level)): lookup.severities[code.rawValue] = level.rawValue
            case .failure(let diagnostic): problems.append(diagnostic)
            }
        }
        guard problems.isEmpty else {
            report(problems, format: parsed.values["format"], output: output)
            return nil
        }
        return lookup
    }

    /// The settings for the model at `model` (the first path by default): see `lookup`; nil after reporting why not.
    static func configuration(
        _ parsed: ArgumentParser.Parsed, output: Output, model: String? = nil
    ) -> BuildConfiguration? {
        guard let lookup = lookup(parsed, output: output) else { return nil }
        switch lookup.configuration(forModel: model ?? parsed.positionals.first ?? ".") {
        case .success(let configuration): return configuration
        case .failure(let problem):
            report([problem], format: parsed.values["format"], output: output)
            return nil
        }
    }

    /// Findings on upgrades into shipped versions are summed up in one note for people (text, annotations) unless
    /// `history` asks for each; JSON and SARIF always carry each, marked.
    /// `commands`: how findings' fixes are spelled (the build plugin's are the package's command plugins).
    static func report(
        _ diagnostics: [Diagnostic], format: String?, output: Output, history: Bool = false,
        commands: SuggestedCommand.Spelling = .here
    ) {
        let shown = history ? diagnostics : diagnostics.filter { !$0.isHistory }
        let folder = FileManager.default.currentDirectoryPath
        switch format {
        case "json": output.out(DiagnosticRenderer.json(diagnostics, commands: commands))
        case "sarif":
            output.out(
                DiagnosticRenderer.sarif(diagnostics, relativeTo: folder, toolVersion: Help.version, commands: commands)
            )
        case "github": output.out(DiagnosticRenderer.github(shown, relativeTo: folder, commands: commands))
        default: output.error(DiagnosticRenderer.text(shown, colored: output.colorErrors, commands: commands))
        }
    }

    static func status(_ diagnostics: [Diagnostic], inputFailed: Bool) -> Int32 {
        if inputFailed { return CommandLineTool.ExitStatus.usage }
        return diagnostics.hasErrors ? CommandLineTool.ExitStatus.errorsFound : CommandLineTool.ExitStatus.success
    }
}

enum JSONText {
    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { fatalError("encoding strings and numbers cannot fail") }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
