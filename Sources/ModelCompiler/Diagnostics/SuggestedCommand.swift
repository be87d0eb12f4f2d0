#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The command that fixes what a diagnostic reports, attached to it as data. A diagnostic's `message` spells it as an
/// `openmomc` command with the bundle's path as given; how it is spelled for its reader (a terminal's working folder,
/// or, inside a SwiftPM build where no `openmomc` is installed, the package's command plugins) is chosen where the
/// diagnostic is rendered.
public struct SuggestedCommand: Hashable, Sendable, Codable {
    /// What the command does.
    public enum Verb: String, Hashable, Sendable, Codable {
        /// Record a version as shipped (`mark-shipped`; the `mark-shipped` command plugin).
        case markShipped = "mark-shipped"
        /// Add a model version (`new-version`; the `new-model-version` command plugin).
        case newVersion = "new-version"
        /// Record an intended change (`acknowledge`; the `acknowledge-change` command plugin).
        case acknowledge

        var plugin: String {
            switch self {
            case .markShipped: "mark-shipped"
            case .newVersion: "new-model-version"
            case .acknowledge: "acknowledge-change"
            }
        }
    }

    /// How a command is spelled for the one who reads it.
    public enum Spelling: Hashable, Sendable {
        /// `openmomc` commands, the bundle's path relative to `workingDirectory` when below it, as typed there.
        case commandLine(workingDirectory: String)
        /// The package's command plugins (`swift package ... mark-shipped`), paths relative to `packageRoot`.
        case packagePlugin(packageRoot: String)

        /// `openmomc` commands as typed in this process's working folder.
        public static var here: Spelling { .commandLine(workingDirectory: FileManager.default.currentDirectoryPath) }
    }

    /// What the command does.
    public var verb: Verb
    /// The model bundle it works on.
    public var bundle: String
    /// Its options, as typed (`--version NAME`); empty for none.
    public var options: String
    /// Its last argument (the subject `acknowledge` records); empty for none.
    public var argument: String

    /// A command on `bundle`.
    public init(_ verb: Verb, bundle: String, options: String = "", argument: String = "") {
        self.verb = verb
        self.bundle = bundle
        self.options = options
        self.argument = argument
    }

    /// `acknowledge` for a finding's subjects: the one subject, or a `<subject>` placeholder for several.
    static func acknowledge(_ bundle: String, subjects: [String]) -> SuggestedCommand {
        SuggestedCommand(
            .acknowledge, bundle: bundle, options: "--reason \"...\"",
            argument: quoted(subjects.count == 1 ? subjects[0] : "<subject>"))
    }

    /// The command as `spelling` says; nil: as a diagnostic's message holds it, the bundle's path as given.
    public func text(_ spelling: Spelling? = nil) -> String {
        let extra = options.isEmpty ? "" : " " + options
        let last = argument.isEmpty ? "" : " " + argument
        switch spelling {
        case nil: return "openmomc \(verb.rawValue)\(extra) \(Self.quoted(bundle))\(last)"
        case .commandLine(let folder):
            return "openmomc \(verb.rawValue)\(extra) \(Self.quoted(Self.relative(bundle, to: folder)))\(last)"
        case .packagePlugin(let root):
            // A command plugin runs in the package: a path given relative to this process's folder is made its.
            let shown = Self.quoted(Self.relative(Self.absolute(bundle), to: Self.absolute(root)))
            return "swift package --allow-writing-to-package-directory \(verb.plugin)\(extra) --model \(shown)\(last)"
        }
    }

    private static func relative(_ path: String, to folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// `path` from this process's working folder, `.` and `..` resolved; an absolute one as it is.
    private static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        let folder = FileManager.default.currentDirectoryPath
        return URL(fileURLWithPath: folder + "/" + path).standardized.path
    }

    private static func quoted(_ path: String) -> String { path.contains(" ") ? "\"\(path)\"" : path }
}

extension Diagnostic {
    /// The diagnostic with `command` attached, when its message spells it.
    func suggesting(_ command: SuggestedCommand) -> Diagnostic {
        var diagnostic = self
        if message.firstRange(of: command.text(), from: message.startIndex) != nil { diagnostic.command = command }
        return diagnostic
    }

    /// The message with its command (if any) spelled for its reader.
    public func message(commands spelling: SuggestedCommand.Spelling) -> String {
        guard let command else { return message }
        let given = command.text()
        guard let range = message.firstRange(of: given, from: message.startIndex) else { return message }
        return String(message[..<range.lowerBound]) + command.text(spelling) + message[range.upperBound...]
    }
}

extension [Diagnostic] {
    /// Each message with its command spelled for its reader.
    func spellingCommands(_ spelling: SuggestedCommand.Spelling) -> [Diagnostic] {
        map { diagnostic in
            guard diagnostic.command != nil else { return diagnostic }
            var spelled = diagnostic
            spelled.message = diagnostic.message(commands: spelling)
            return spelled
        }
    }
}
