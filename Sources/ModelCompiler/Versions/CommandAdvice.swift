import Foundation

/// How a diagnostic names the command that fixes it: `openmomc` on the command line, or, inside a SwiftPM build
/// (where the user has no `openmomc` installed), the package's command plugins with a path relative to the package.
public enum CommandAdvice: Sendable, Equatable {
    case commandLine
    case packagePlugin(packageRoot: String)

    func markShipped(_ bundle: String, options: String = "") -> String {
        command("mark-shipped", plugin: "mark-shipped", bundle: bundle, options: options)
    }

    func newVersion(_ bundle: String) -> String {
        command("new-version", plugin: "new-model-version", bundle: bundle, options: "")
    }

    private func command(_ verb: String, plugin: String, bundle: String, options: String) -> String {
        let extra = options.isEmpty ? "" : " " + options
        switch self {
        case .commandLine:
            // Relative to the working folder when below it, as the user would type it; quoted when it has a space.
            let folder = FileManager.default.currentDirectoryPath
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            let shown = bundle.hasPrefix(prefix) ? String(bundle.dropFirst(prefix.count)) : bundle
            return "openmomc \(verb)\(extra) \(shown.contains(" ") ? "\"\(shown)\"" : shown)"
        case .packagePlugin(let root):
            let prefix = root.hasSuffix("/") ? root : root + "/"
            let relative = bundle.hasPrefix(prefix) ? String(bundle.dropFirst(prefix.count)) : bundle
            let quoted = relative.contains(" ") ? "\"\(relative)\"" : relative
            return "swift package --allow-writing-to-package-directory \(plugin)\(extra) --model \(quoted)"
        }
    }
}
