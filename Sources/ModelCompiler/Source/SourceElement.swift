/// An XML element as written in the file, with where it stands. Knows nothing of Core Data.
///
/// Positions are exact line:column, but an attribute's is only worked out when asked for (a diagnostic
/// about it), from the file's bytes: most never are.
struct SourceElement: Sendable {
    var name: String
    var attributes: [SourceAttribute]
    var children: [SourceElement]
    /// Character data, kept only for elements without element children (property-list values).
    var text: String
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

    var location: SourceLocation { file.location(of: position) }

    subscript(attribute name: String) -> String? {
        attributeIndex(name).map { attributes[$0].value }
    }

    /// The position of attribute `name` in `attributes`. Lengths are compared first, in place through a buffer
    /// pointer: typing a model asks this dozens of times per element.
    func attributeIndex(_ name: String) -> Int? {
        let length = name.utf8.count
        return attributes.withUnsafeBufferPointer { attributes in
            attributes.indices.first { attributes[$0].name.utf8.count == length && attributes[$0].name == name }
        }
    }

    /// Where the attribute is written, or the element itself when it is absent.
    func location(ofAttribute name: String) -> SourceLocation {
        file.location(ofAttribute: name, inTagAt: position) ?? location
    }

    func children(named name: String) -> [SourceElement] {
        children.filter { $0.name == name }
    }
}

struct SourceAttribute: Sendable, Hashable {
    var name: String
    var value: String

    init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
