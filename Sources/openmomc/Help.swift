/// The text of `--help` and `help VERB`.
enum Help {
    static let version = "openmomc 0.1.0"

    static let overview = """
    OVERVIEW: openmomc compiles and checks Core Data models (.xcdatamodeld, .xcdatamodel).

    USAGE: openmomc <command> [options] <path>...

    COMMANDS:
      check         Validate models and report problems like a compiler

    OPTIONS:
      -h, --help    Show help
      --version     Show the version

    See 'openmomc help <command>' for a command's options.
    Exit status: 0 no errors, 1 errors found, 2 bad usage or unreadable input.

    """

    static let check = """
    OVERVIEW: Validate Core Data models and print diagnostics plus a one-line summary.

    USAGE: openmomc check [--format text|json] <path>...

    ARGUMENTS:
      <path>        A .xcdatamodeld bundle, a .xcdatamodel version, its 'contents' file,
                    or a folder to search for models

    OPTIONS:
      --format <format>
                    'text' (default): path:line:column: error: message [code] on stderr,
                    coloured only on a terminal (set NO_COLOR to turn colour off);
                    'json': a JSON array of diagnostics on stdout
      -h, --help    Show help

    """

    static func text(for verb: String) -> String? {
        switch verb {
        case "check": check
        default: nil
        }
    }
}
