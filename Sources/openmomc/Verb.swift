import Foundation
import ModelCompiler

/// What every verb does the same way: parse its flags, print diagnostics, pick the exit status.
enum Verb {
    /// The parsed arguments, or nil after printing help or a usage error (see `lastStatus`).
    static func parse(_ arguments: [String], with parser: ArgumentParser, help: String, output: Output)
        -> ArgumentParser.Parsed?
    {
        do {
            let parsed = try parser.parse(arguments)
            if parsed.flags.contains("help") {
                output.out(help)
                return nil
            }
            return parsed
        } catch {
            _ = CommandLineTool.usageError(error.description, output: output)
            return nil
        }
    }

    /// The status for a `parse` that returned nil: 0 after help, 2 after a usage error.
    static func lastStatus(_ arguments: [String], parser: ArgumentParser) -> Int32 {
        (try? parser.parse(arguments))?.flags.contains("help") == true
            ? CommandLineTool.ExitStatus.success : CommandLineTool.ExitStatus.usage
    }

    static func report(_ diagnostics: [Diagnostic], json: Bool, output: Output) {
        if json {
            output.out(DiagnosticRenderer.json(diagnostics))
        } else {
            output.error(DiagnosticRenderer.text(diagnostics, colored: output.colorErrors))
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
