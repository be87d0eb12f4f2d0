#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a diagnostic names the command that fixes it: `openmomc` on the command line, or, inside a SwiftPM build
/// (where the user has no `openmomc` installed), the package's command plugins with a path relative to the package.
public enum CommandAdvice: Sendable, Equatable {
    /// Name `openmomc` commands, as typed in a terminal.
    case commandLine
    /// Name the package's command plugins (`swift package mark-shipped ...`), with paths relative to `packageRoot`.
    case packagePlugin(packageRoot: String)

    func markShipped(_ bundle: String, options: String = "") -> String {
        command("mark-shipped", plugin: "mark-shipped", bundle: bundle, options: options)
    }

    func newVersion(_ bundle: String) -> String {
        command("new-version", plugin: "new-model-version", bundle: bundle, options: "")
    }

    /// The command for a finding's subjects: the one subject, or a `<subject>` placeholder for several.
    func acknowledge(_ bundle: String, subjects: [String]) -> String {
        command(
            "acknowledge", plugin: "acknowledge-change", bundle: bundle, options: "--reason \"...\"",
            argument: Self.quoted(subjects.count == 1 ? subjects[0] : "<subject>"))
    }

    private func command(
        _ verb: String, plugin: String, bundle: String, options: String, argument: String = ""
    ) -> String {
        let extra = options.isEmpty ? "" : " " + options
        let last = argument.isEmpty ? "" : " " + argument
        switch self {
        case .commandLine:
            // Relative to the working folder when below it, as the user would type it.
            let shown = Self.quoted(Self.relative(bundle, to: FileManager.default.currentDirectoryPath))
            return "openmomc \(verb)\(extra) \(shown)\(last)"
        case .packagePlugin(let root):
            let shown = Self.quoted(Self.relative(bundle, to: root))
            return "swift package --allow-writing-to-package-directory \(plugin)\(extra) --model \(shown)\(last)"
        }
    }

    private static func relative(_ path: String, to folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    private static func quoted(_ path: String) -> String { path.contains(" ") ? "\"\(path)\"" : path }
}
