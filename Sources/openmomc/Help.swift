/// The version, and the overview `openmomc --help` prints, made from the list of commands.
enum Help {
    static let version = "openmomc 0.1.0"

    static func overview() -> String {
        let width = (CommandLineTool.commands.map(\.spec.name.count).max() ?? 0) + 2
        let commands = CommandLineTool.commands.map { command in
            "  " + command.spec.name + String(repeating: " ", count: width - command.spec.name.count)
                + command.summary
        }
        return """
            OVERVIEW: openmomc compiles and checks Core Data models (.xcdatamodeld, .xcdatamodel) and mapping
            models (.xcmappingmodel).

            USAGE: openmomc <command> [options] <path>...

            COMMANDS:
            \(commands.joined(separator: "\n"))

            OPTIONS:
              -h, --help    Show help
              --version     Show the version

            See 'openmomc help <command>' for a command's options.
            Exit status: 0 no errors, 1 errors found, 2 bad usage or unreadable input.

            """
    }
}
