/// One command as declared: what it does, its arguments, and its options with their help. Its parser, its usage line
/// and its `--help` are all made from this one declaration, so that they cannot drift apart; the command reference
/// guide is checked against it by a test.
struct CommandSpec: Sendable {
    struct Argument: Sendable {
        var name: String
        var help: String
        /// Takes one value or more (`<path>...`).
        var repeats = false
    }

    /// The verb as typed after `openmomc` (`check`, `store sanitize`).
    var name: String
    /// Paragraphs, separated by blank lines; wrapped when printed.
    var overview: String
    var arguments: [Argument]
    /// Every option but `-h, --help`, which every command takes.
    var options: [ArgumentParser.Option]
    /// How many arguments the command takes, and the usage error when that is not what was given.
    var argumentCount: ClosedRange<Int>
    var argumentError: String
    /// More forms of the command, as usage lines of their own.
    var otherForms: [String] = []
    /// Paragraphs after the options.
    var notes: String? = nil

    static let help = ArgumentParser.Option(name: "help", takesValue: false, short: "h", help: "Show help")

    var parser: ArgumentParser { ArgumentParser(options: options + [Self.help]) }

    /// How the command is typed: `openmomc check`, or `momc` when the executable runs under that name.
    var invocation: String { "openmomc " + name }

    /// The options and arguments as usage shows them: `[--format text|json] [--config <file>] <path>...`.
    var tokens: [String] {
        var tokens: [String] = []
        var placed: Set<String> = []
        for option in options where !placed.contains(option.name) {
            guard let group = option.group else {
                tokens.append(Self.usageToken(option))
                continue
            }
            let members = options.filter { $0.group == group }
            placed.formUnion(members.map(\.name))
            tokens.append("[" + members.map { Self.usageToken($0, bare: true) }.joined(separator: " | ") + "]")
        }
        return tokens + arguments.map { "<\($0.name)>" + ($0.repeats ? "..." : "") }
    }

    /// The usage as one line after the command's name: what another command's usage lists as a form of it.
    var synopsis: String { ([name] + tokens).joined(separator: " ") }

    /// `USAGE: openmomc check [--format text|json|sarif|github] ... <path>...`, wrapped under its first token.
    func usage(as invocation: String? = nil) -> String {
        let lead = "USAGE: \(invocation ?? self.invocation) "
        let filled = TextWrap.fill(tokens, width: TextWrap.width - lead.count)
        var lines = [lead + filled[0]] + filled.dropFirst().map { String(repeating: " ", count: lead.count) + $0 }
        for form in otherForms { lines.append(String(repeating: " ", count: 7) + "openmomc " + form) }
        return lines.joined(separator: "\n")
    }

    static func usageToken(_ option: ArgumentParser.Option, bare: Bool = false) -> String {
        var token = "--" + option.name
        if option.takesValue {
            token += " " + (option.allowedValues?.joined(separator: "|") ?? option.valueName ?? "<\(option.name)>")
        }
        if option.isRequired || bare { return token }
        return "[" + token + "]" + (option.repeatable ? "..." : "")
    }

    /// The whole `--help` text, naming the command as it was run (`momc` when run as `momc`).
    func helpText(as invocation: String? = nil) -> String {
        var text = TextWrap.paragraphs("OVERVIEW: " + overview) + "\n\n" + usage(as: invocation) + "\n"
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in arguments { text += Self.entry("<\(argument.name)>", argument.help) }
        }
        text += "\nOPTIONS:\n"
        for option in options + [Self.help] { text += Self.entry(Self.label(option), option.help) }
        if let notes { text += "\n" + TextWrap.paragraphs(notes) + "\n" }
        return text + "\n"
    }

    /// `-h, --help`, `--config <file>`, `--format <format>`.
    static func label(_ option: ArgumentParser.Option) -> String {
        (option.short.map { "-\($0), " } ?? "") + "--" + option.name
            + (option.takesValue ? " " + (option.valueName ?? "<\(option.name)>") : "")
    }

    /// A label and its help: on one line when the label is short, else the help on the lines after it.
    static func entry(_ label: String, _ help: String) -> String {
        let column = 22
        let pieces = help.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
            TextWrap.fill(TextWrap.words($0), width: TextWrap.width - column)
        }
        let padding = String(repeating: " ", count: column)
        let head = "  " + label
        guard head.count < column - 1, let first = pieces.first else {
            return head + "\n" + pieces.map { padding + $0 + "\n" }.joined()
        }
        return head + String(repeating: " ", count: column - head.count) + first + "\n"
            + pieces.dropFirst().map { padding + $0 + "\n" }.joined()
    }
}

/// Help text filled into lines of a fixed width, words (and usage tokens) never split.
enum TextWrap {
    static let width = 110

    /// `words` filled into lines of at most `width` columns (a longer word has a line of its own).
    static func fill(_ words: [String], width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in words where !word.isEmpty {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines
    }

    static func words(_ text: Substring) -> [String] { text.split(separator: " " as Character).map(String.init) }

    /// Lines (a blank one between paragraphs, a single line break kept) each filled at `width`.
    static func paragraphs(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.isEmpty ? "" : fill(words($0), width: width).joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
