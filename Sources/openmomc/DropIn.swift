/// What the parsed command lines of the momc and mapc drop-ins share.
protocol DropInArguments {
    init(_ arguments: [String]) throws(ToolCommandLine.Failure)
    var printDiagnosticCategories: Bool { get }
    var positionals: [String] { get }
}

/// The opening the drop-ins share: `--help`, the parse, `--print-diagnostic-categories` (openmomc's diagnostics
/// carry no momc or mapc category, so there are none to list), then exactly an input and an output.
enum DropIn {
    enum Opening<Arguments> {
        case run(Arguments, input: String, output: String)
        case exit(Int32)
    }

    /// `invocation`: how the tool was run (`momc` through a link, `openmomc momc` otherwise), as help names it.
    static func open<Arguments: DropInArguments>(
        _ spec: CommandSpec, invocation: String?, _ arguments: [String], output: Output
    ) -> Opening<Arguments> {
        let tool = spec.name
        let usage = "usage: \(invocation ?? spec.invocation) " + spec.tokens.joined(separator: " ") + "\n"
        if arguments.contains("-h") || arguments.contains("--help") {
            output.out(spec.helpText(as: invocation))
            return .exit(CommandLineTool.ExitStatus.success)
        }
        let parsed: Arguments
        do { parsed = try Arguments(arguments) } catch {
            output.error("\(tool): error: \(error.message)\n\(usage)")
            return .exit(CommandLineTool.ExitStatus.usage)
        }
        if parsed.printDiagnosticCategories { return .exit(CommandLineTool.ExitStatus.success) }
        guard parsed.positionals.count == 2 else {
            output.error("\(tool): error: \(spec.argumentError)\n\(usage)")
            return .exit(CommandLineTool.ExitStatus.usage)
        }
        return .run(parsed, input: parsed.positionals[0], output: parsed.positionals[1])
    }
}
