/// An XML element as written in the file, with where it stands. Knows nothing of Core Data.
public struct SourceElement: Sendable, Hashable {
    public var name: String
    public var attributes: [SourceAttribute]
    public var children: [SourceElement]
    /// Character data, kept only for elements without element children (property-list values).
    public var text: String
    public var location: SourceLocation

    public init(name: String, attributes: [SourceAttribute] = [], children: [SourceElement] = [],
                text: String = "", location: SourceLocation) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
        self.location = location
    }

    public subscript(attribute name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// Where the attribute is written, or the element itself when it is absent.
    public func location(ofAttribute name: String) -> SourceLocation {
        attributes.first { $0.name == name }?.location ?? location
    }

    public func children(named name: String) -> [SourceElement] {
        children.filter { $0.name == name }
    }
}

public struct SourceAttribute: Sendable, Hashable {
    public var name: String
    public var value: String
    public var location: SourceLocation

    public init(name: String, value: String, location: SourceLocation) {
        self.name = name
        self.value = value
        self.location = location
    }
}
