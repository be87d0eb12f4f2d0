/// A renaming identifier as written in the model. Xcode's editor writes `elementID`; older hand-written
/// models use `renamingIdentifier`, which Apple's `momc` drops, so the spelling is kept to warn about it.
public struct RenamingIdentifier: Hashable, Sendable {
    enum Spelling: String, Hashable, Sendable {
        case elementID
        case renamingIdentifier
    }

    /// The identifier: the name the element had in the version it is matched to.
    public var value: String
    var spelling: Spelling
    /// The span of the element that carries it; the location is found when a diagnostic needs it.
    var span: SourceSpan

    init(value: String, spelling: Spelling, location: SourceLocation) {
        self.init(value: value, spelling: spelling, span: SourceSpan(element: location))
    }

    init(value: String, spelling: Spelling, span: SourceSpan) {
        self.value = value
        self.spelling = spelling
        self.span = span
    }

    var location: SourceLocation { span[setting: spelling.rawValue] }

    /// Two identifiers are equal when their values are: the spelling and the place do not count.
    public static func == (lhs: RenamingIdentifier, rhs: RenamingIdentifier) -> Bool {
        lhs.value == rhs.value && lhs.spelling == rhs.spelling && lhs.location == rhs.location
    }

    /// Hashes the value alone, as `==` compares it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
        hasher.combine(spelling)
    }
}
