/// A renaming identifier as written in the model. Xcode's editor writes `elementID`; older hand-written
/// models use `renamingIdentifier`, which Apple's `momc` drops, so the spelling is kept to warn about it.
public struct RenamingIdentifier: Hashable, Sendable {
    public enum Spelling: String, Hashable, Sendable {
        case elementID
        case renamingIdentifier
    }

    public var value: String
    public var spelling: Spelling
    public var location: SourceLocation
}
