/// A `<fetchIndex>`: a named index over properties or expressions.
public struct FetchIndex: Hashable, Sendable {
    public struct Element: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable {
            case binary = "Binary"
            case rTree = "RTree"
        }

        /// The indexed property, or nil for an expression element.
        public var property: String?
        public var expression: String?
        public var expressionType: String?
        public var kind: Kind = .binary
        public var isAscending = true
        public var span: SourceSpan
    }

    public var name: String
    public var elements: [Element]
    public var span: SourceSpan
}

/// One `<uniquenessConstraint>`: property names (or `composite.element` paths) unique together.
public struct UniquenessConstraint: Hashable, Sendable {
    public struct Member: Hashable, Sendable {
        public var value: String
        public var location: SourceLocation
    }

    public var members: [Member]
    public var location: SourceLocation
}

/// An old-style `<compoundIndex>` inside `<compoundIndexes>`.
public struct CompoundIndex: Hashable, Sendable {
    public var members: [UniquenessConstraint.Member]
    public var location: SourceLocation
}
