import Foundation
import ModelCompiler

/// Routes a command line to a verb. Holds no compiler logic: every verb calls the library.
enum CommandLineTool {
    enum ExitStatus {
        static let success: Int32 = 0
        static let errorsFound: Int32 = 1
        static let usage: Int32 = 2
    }

    static func run(_ arguments: [String], output: Output = .standard) -> Int32 {
        guard let verb = arguments.first else {
            output.error(Help.overview)
            return ExitStatus.usage
        }
        let rest = Array(arguments.dropFirst())
        switch verb {
        case "-h", "--help":
            output.out(Help.overview)
            return ExitStatus.success
        case "--version":
            output.out(Help.version + "\n")
            return ExitStatus.success
        case "help":
            guard let topic = rest.first else {
                output.out(Help.overview)
                return ExitStatus.success
            }
            guard let text = Help.text(for: topic) else {
                return usageError("unknown command '\(topic)'", output: output)
            }
            output.out(text)
            return ExitStatus.success
        case "check":
            return CheckCommand.run(rest, output: output)
        case "compile":
            return CompileCommand.run(rest, output: output)
        case "hashes":
            return HashesCommand.run(rest, output: output)
        case "dump":
            return DumpCommand.run(rest, output: output)
        case "build":
            return BuildCommand.run(rest, output: output)
        case "generate":
            return GenerateCommand.run(rest, output: output)
        case "diff":
            return DiffCommand.run(rest, output: output)
        case "mark-shipped":
            return MarkShippedCommand.run(rest, output: output)
        case "new-version":
            return NewVersionCommand.run(rest, output: output)
        default:
            if verb.hasPrefix("-") { return usageError("unknown option '\(verb)'", output: output) }
            return usageError("unknown command '\(verb)'", output: output)
        }
    }

    static func usageError(_ message: String, output: Output) -> Int32 {
        output.error("error: \(message)\nSee 'openmomc --help'.\n")
        return ExitStatus.usage
    }
}

/// Where the tool writes; tests swap in buffers.
struct Output: Sendable {
    var out: @Sendable (String) -> Void
    var error: @Sendable (String) -> Void
    /// Whether stderr is a terminal that wants colour.
    var colorErrors: Bool

    static var standard: Output {
        let environment = ProcessInfo.processInfo.environment
        return Output(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            error: { FileHandle.standardError.write(Data($0.utf8)) },
            colorErrors: isatty(2) != 0 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb")
    }
}
