#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif
import ModelCompiler

/// Routes a command line to a verb. Holds no compiler logic: every verb calls the library.
enum CommandLineTool {
    enum ExitStatus {
        static let success: Int32 = 0
        static let errorsFound: Int32 = 1
        static let usage: Int32 = 2
    }

    /// Every verb with its help text: the one list that routing and `help VERB` both read.
    static let verbs: [String: (help: String, run: @Sendable ([String], Output) -> Int32)] = [
        "check": (Help.check, CheckCommand.run),
        "compile": (Help.compile, CompileCommand.run),
        "build": (Help.build, BuildCommand.run),
        "generate": (Help.generate, GenerateCommand.run),
        "hashes": (Help.hashes, HashesCommand.run),
        "dump": (Help.dump, DumpCommand.run),
        "diff": (Help.diff, DiffCommand.run),
        "mark-shipped": (Help.markShipped, MarkShippedCommand.run),
        "new-version": (Help.newVersion, NewVersionCommand.run),
        "convert": (Help.convert, ConvertCommand.run),
        "store": (Help.store, StoreCommand.run),
        "momc": (Help.momc, MomcCommand.run),
        "mapc": (Help.mapc, MapcCommand.run),
        "acknowledge": (Help.acknowledge, AcknowledgeCommand.run),
        "diagram": (Help.diagram, DiagramCommand.run),
        "fixtures": (Help.fixtures, FixturesCommand.run),
    ]

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
            guard let text = verbs[topic]?.help else {
                return usageError("unknown command '\(topic)'", output: output)
            }
            output.out(text)
            return ExitStatus.success
        default:
            if let command = verbs[verb] { return command.run(rest, output) }
            if verb.hasPrefix("-") { return usageError("unknown option '\(verb)'", output: output) }
            return usageError("unknown command '\(verb)'", output: output)
        }
    }

    /// Prints a usage error and where to read more: the verb's own help when `help` (its text) is given.
    static func usageError(_ message: String, help: String? = nil, output: Output) -> Int32 {
        let verb = help.flatMap { text in
            text.split(separator: "\n").first { $0.contains("USAGE: openmomc ") }
                .flatMap { $0.split(separator: " ").dropFirst(2).first.map(String.init) }
        }
        output.error("error: \(message)\nSee '\(verb.map { "openmomc help \($0)" } ?? "openmomc --help")'.\n")
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
            out: { writeAll($0, to: 1) },
            error: { writeAll($0, to: 2) },
            colorErrors: isatty(2) != 0 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb")
    }
}

/// Writes all of `text` to a file descriptor, as many calls as the system needs (a pipe takes part of a long text).
private func writeAll(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
