/// An XML element as written in the file, with where it stands. Knows nothing of Core Data.
///
/// Positions are exact line:column, but an attribute's is only worked out when asked for (a diagnostic
/// about it), from the file's bytes: most never are.
public struct SourceElement: Sendable {
    public var name: String
    public var attributes: [SourceAttribute]
    public var children: [SourceElement]
    /// Character data, kept only for elements without element children (property-list values).
    public var text: String
    let file: SourceFile
    let position: SourcePosition

    init(name: String, attributes: [SourceAttribute], file: SourceFile, position: SourcePosition) {
        self.name = name
        self.attributes = attributes
        self.children = []
        self.text = ""
        self.file = file
        self.position = position
    }

    public var location: SourceLocation {
        SourceLocation(file: file.path, line: position.line, column: position.column)
    }

    public subscript(attribute name: String) -> String? {
        // Comparing lengths first skips most mismatches without a full string comparison.
        let length = name.utf8.count
        for attribute in attributes where attribute.name.utf8.count == length && attribute.name == name {
            return attribute.value
        }
        return nil
    }

    /// Where the attribute is written, or the element itself when it is absent.
    public func location(ofAttribute name: String) -> SourceLocation {
        SourceSpan(file: file, position: position)[setting: name]
    }

    /// The element's place, for spans of the model values built from it.
    public var span: SourceSpan { SourceSpan(file: file, position: position) }

    public func children(named name: String) -> [SourceElement] {
        children.filter { $0.name == name }
    }
}

public struct SourceAttribute: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
