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

    /// Every verb, in the order the overview lists them: its declaration (parser, usage, help), the line the
    /// overview gives it, and what runs it. The one list that routing, `help VERB` and the overview read.
    static let commands: [(spec: CommandSpec, summary: String, run: @Sendable ([String], Output) -> Int32)] = [
        (CheckCommand.spec, "Validate models and report problems like a compiler", CheckCommand.run),
        (CompileCommand.spec, "Compile a model to the .momd (or .mom) Core Data loads", CompileCommand.run),
        (BuildCommand.spec, "Compile and generate in one step (what the SwiftPM build plugin runs)", BuildCommand.run),
        (GenerateCommand.spec, "Generate typed Swift accessors for a model's current version", GenerateCommand.run),
        (HashesCommand.spec, "Print each version's entity hashes and versionChecksum", HashesCommand.run),
        (DumpCommand.spec, "Print a compiled model (or what a source model compiles to) readably", DumpCommand.run),
        (DiffCommand.spec, "Report what migrating between versions does to users' stores", DiffCommand.run),
        (
            MarkShippedCommand.spec, "Record released versions in ShippedVersions.json so edits to them fail the build",
            MarkShippedCommand.run
        ),
        (
            NewVersionCommand.spec, "Add a model version after the current one and make it current",
            NewVersionCommand.run
        ),
        (
            ConvertCommand.spec, "Rewrite Xcode 3 binary model versions as the XML Xcode writes today",
            ConvertCommand.run
        ),
        (
            StoreCommand.spec, "Tell which model version wrote a Core Data store and whether the current one opens it",
            StoreCommand.run
        ),
        (
            MomcCommand.spec, "Apple's momc command line (also when run as 'momc'), for tools that call momc",
            { MomcCommand.run($0, output: $1) }
        ),
        (
            MapcCommand.spec, "Apple's mapc command line (also when run as 'mapc'): a mapping model to a .cdm",
            { MapcCommand.run($0, output: $1) }
        ),
        (
            AcknowledgeCommand.spec, "Record that a migration change drops data on purpose, with the reason",
            AcknowledgeCommand.run
        ),
        (
            DiagramCommand.spec, "Draw a model version as an entity-relationship diagram (SVG, DOT, Mermaid)",
            DiagramCommand.run
        ),
        (
            FixturesCommand.spec, "Write a store of each shipped version, with rows, for on-disk migration tests",
            FixturesCommand.run
        ),
    ]

    static func command(
        _ name: String
    ) -> (spec: CommandSpec, summary: String, run: @Sendable ([String], Output) -> Int32)? {
        commands.first { $0.spec.name == name }
    }

    static func run(_ arguments: [String], output: Output = .standard) -> Int32 {
        guard let verb = arguments.first else {
            output.error(Help.overview())
            return ExitStatus.usage
        }
        let rest = Array(arguments.dropFirst())
        switch verb {
        case "-h", "--help":
            output.out(Help.overview())
            return ExitStatus.success
        case "--version":
            output.out(Help.version + "\n")
            return ExitStatus.success
        case "help":
            guard let topic = rest.first else {
                output.out(Help.overview())
                return ExitStatus.success
            }
            guard let command = command(topic) else {
                return usageError("unknown command '\(topic)'", output: output)
            }
            output.out(command.spec.helpText())
            return ExitStatus.success
        default:
            if let command = command(verb) { return command.run(rest, output) }
            if verb.hasPrefix("-") { return usageError("unknown option '\(verb)'", output: output) }
            return usageError("unknown command '\(verb)'", output: output)
        }
    }

    /// Prints a usage error and where to read more: the command's own help when `command` names it.
    static func usageError(_ message: String, command: String? = nil, output: Output) -> Int32 {
        output.error("error: \(message)\nSee '\(command.map { "openmomc help \($0)" } ?? "openmomc --help")'.\n")
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
