/// How bad a finding is. Ordered so that `max()` gives the worst.
public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
    /// Context for another finding, or a fact worth knowing (a version's checksum); never fails a build.
    case note
    /// Probably a mistake, or a change that costs users something; fails a build only with `warningsAsErrors`.
    case warning
    /// Apple's tools refuse the model, or Core Data cannot load it or migrate to it: nothing is written.
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    /// A note is less than a warning, a warning less than an error.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One finding about the user's input. Every stage reports problems as these values, never by throwing.
public struct Diagnostic: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// How bad the finding is.
    public var severity: Severity
    /// The stable code of the finding's kind, e.g. `missing-inverse`: what `openmomc.json` severities and tools match
    /// on.
    public var code: DiagnosticCode
    /// The finding, said for the user, with what to do about it.
    public var message: String
    /// Where the finding is: the file, and in it the line and column of the element or setting it is about.
    public var location: SourceLocation
    /// For a migration finding: the versions whose upgrade to the current version it is on, in version order.
    public var upgradingFrom: [String] = []
    /// For a migration finding: what it is about (`Entity.property` or `Entity`), several when alike changes are
    /// said together; the names `openmomc acknowledge` takes.
    public var subjects: [String] = []
    /// A migration finding on an upgrade into a version that already shipped: what users went through (or are
    /// stuck with), not what this change does. It is a note that never fails the build; `check` sums such findings
    /// up in one note and lists them with `--history` (JSON and SARIF carry each one).
    public var isHistory: Bool = false
    /// The command that fixes it, when one does: the message spells it with the bundle's path as given, and the
    /// renderers spell it for their reader (``message(commands:)``).
    public var command: SuggestedCommand? = nil

    /// A finding of `severity` and `code` at `location`.
    public init(_ severity: Severity, _ code: DiagnosticCode, _ message: String, at location: SourceLocation) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
    }

    /// An error: the model is refused and nothing is written.
    public static func error(_ code: DiagnosticCode, _ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, code, message, at: location)
    }

    /// A warning: reported, and fails a build only with `warningsAsErrors`.
    public static func warning(_ code: DiagnosticCode, _ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, code, message, at: location)
    }

    /// A note: context or a fact, never a failure.
    public static func note(_ code: DiagnosticCode, _ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.note, code, message, at: location)
    }

    /// The form Xcode and SwiftPM parse: `path:line:column: error: message [code]`.
    public var description: String {
        "\(location): \(severity.rawValue): \(message) [\(code.rawValue)]"
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }

    public func count(of severity: Severity) -> Int { filter { $0.severity == severity }.count }

    /// Stable order for output: by file, then position, then code, so runs are byte-for-byte repeatable.
    func sortedForOutput() -> [Diagnostic] {
        enumerated().sorted { a, b in
            let l = a.element.location, r = b.element.location
            if l.file != r.file { return l.file < r.file }
            if l.line != r.line { return l.line < r.line }
            if l.column != r.column { return l.column < r.column }
            return a.offset < b.offset
        }.map(\.element)
    }
}
