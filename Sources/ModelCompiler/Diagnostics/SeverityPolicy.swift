/// Per-code severities the user sets (`"diagnostics": {"missing-inverse": "ignore"}` in `openmomc.json`, or
/// `--severity missing-inverse=ignore`): a finding of that code is dropped, or reported as a warning or an error.
public struct SeverityPolicy: Sendable, Equatable {
    /// What a policy makes of a finding of one code.
    public enum Level: String, Sendable, CaseIterable {
        /// The finding is dropped.
        case ignore
        /// The finding is reported as a warning.
        case warning
        /// The finding is reported as an error, failing the build.
        case error
    }

    /// The level set for each code; codes not listed keep their own severity.
    public var overrides: [DiagnosticCode: Level]

    /// A policy setting these codes' levels.
    public init(_ overrides: [DiagnosticCode: Level] = [:]) { self.overrides = overrides }

    /// True when no code's level is set.
    var isEmpty: Bool { overrides.isEmpty }

    struct Problem: Error, Equatable {
        var message: String
    }

    func apply(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !overrides.isEmpty else { return diagnostics }
        return diagnostics.compactMap { diagnostic in
            guard let level = overrides[diagnostic.code] else { return diagnostic }
            // A finding on an upgrade that shipped never fails the build: a level can only drop it.
            if diagnostic.isHistory { return level == .ignore ? nil : diagnostic }
            var changed = diagnostic
            switch level {
            case .ignore: return nil
            case .warning: changed.severity = .warning
            case .error: changed.severity = .error
            }
            return changed
        }
    }

    /// Parses `code=level`, checking the code against `known`.
    static func parse(_ setting: String, known: Set<String>) -> Result<(DiagnosticCode, Level), Problem> {
        let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return .failure(Problem(message: "'\(setting)' is not CODE=LEVEL")) }
        return entry(code: parts[0], level: parts[1], known: known)
    }

    static func entry(code: String, level: String, known: Set<String>) -> Result<(DiagnosticCode, Level), Problem> {
        guard known.contains(code) else {
            return .failure(
                Problem(
                    message: "unknown diagnostic code '\(code)'; the codes are "
                        + known.sorted().joined(separator: ", ")))
        }
        guard let parsed = Level(rawValue: level) else {
            return .failure(
                Problem(message: "unknown severity '\(level)' for '\(code)'; expected ignore, warning or error"))
        }
        return .success((DiagnosticCode(rawValue: code), parsed))
    }
}
