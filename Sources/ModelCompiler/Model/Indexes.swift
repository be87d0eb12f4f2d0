/// A `<fetchIndex>`: a named index over properties or expressions.
struct FetchIndex: Hashable, Sendable {
    struct Element: Hashable, Sendable {
        enum Kind: String, Hashable, Sendable {
            case binary = "Binary"
            case rTree = "RTree"
        }

        /// The indexed property, or nil for an expression element.
        var property: String?
        var expression: String?
        var expressionType: String?
        var kind: Kind = .binary
        var isAscending = true
        var span: SourceSpan
    }

    var name: String
    var elements: [Element]
    var span: SourceSpan
}

/// One `<uniquenessConstraint>`: property names (or `composite.element` paths) unique together.
struct UniquenessConstraint: Hashable, Sendable {
    struct Member: Hashable, Sendable {
        var value: String
        var location: SourceLocation
    }

    var members: [Member]
    var location: SourceLocation
}

/// An old-style `<compoundIndex>` inside `<compoundIndexes>`.
struct CompoundIndex: Hashable, Sendable {
    var members: [UniquenessConstraint.Member]
    var location: SourceLocation
}
