/// An `<entity>`.
public struct Entity: Hashable, Sendable {
    enum CodeGeneration: String, Hashable, Sendable {
        case manual
        case classDefinition = "class"
        case category
    }

    /// The entity's name.
    public var name: String
    /// `representedClassName`, possibly module-qualified (`.Foo`, `App.Foo`).
    public var className: String?
    /// The name of the entity it inherits from, nil for a root entity.
    public var parentName: String?
    /// True when no object of exactly this entity can be made.
    public var isAbstract = false
    var versionHashModifier: String?
    /// The entity's renaming identifier: the name it had in an earlier version.
    public var renamingIdentifier: RenamingIdentifier?
    var codeGeneration: CodeGeneration = .manual
    /// The entity's own attributes, in the file's order.
    public var attributes: [Attribute] = []
    /// The entity's own relationships, in the file's order.
    public var relationships: [Relationship] = []
    /// The entity's own fetched properties, in the file's order.
    public var fetchedProperties: [FetchedProperty] = []
    var fetchIndexes: [FetchIndex] = []
    var compoundIndexes: [CompoundIndex] = []
    var uniquenessConstraints: [UniquenessConstraint] = []
    var userInfo = UserInfo()
    var span: SourceSpan

    init(name: String, span: SourceSpan) {
        self.name = name
        self.span = span
    }

    /// Where the `<entity>` element is.
    public var location: SourceLocation { span.element }
    var effectiveRenamingIdentifier: String { renamingIdentifier?.value ?? name }

    /// This entity, then its ancestors nearest first, stopping at a missing parent or a cycle (an
    /// inheritance cycle is a validation error; every walk up the hierarchy must still end).
    func lineage(in entities: [String: Entity]) -> [Entity] {
        // Most entities have no parent; they need no cycle guard.
        guard parentName != nil else { return [self] }
        var result = [self]
        var seen: Set<String> = [name]
        while let parentName = result.last?.parentName, let parent = entities[parentName],
            seen.insert(parentName).inserted
        {
            result.append(parent)
        }
        return result
    }

    /// The names of `lineage` without copying the entities: its ancestors' names, nearest first, after its own.
    func lineageNames(in entities: [String: Entity]) -> [String] {
        guard parentName != nil else { return [name] }
        var result = [name]
        var seen: Set<String> = [name], next = parentName
        while let parent = next, let index = entities.index(forKey: parent), seen.insert(parent).inserted {
            result.append(parent)
            next = entities[index].value.parentName
        }
        return result
    }

    /// The names of the properties this entity declares itself, without copying the properties.
    var propertyNames: [String] {
        attributes.map(\.name) + relationships.map(\.name) + fetchedProperties.map(\.name)
    }

    /// Every property this entity declares itself, with its kind, in declaration order by kind.
    var properties: [Property] {
        attributes.map(Property.attribute) + relationships.map(Property.relationship)
            + fetchedProperties.map(Property.fetchedProperty)
    }
}

/// One property of any kind (`PropertyKind`).
enum Property: Hashable, Sendable {
    case attribute(Attribute)
    case relationship(Relationship)
    case fetchedProperty(FetchedProperty)

    var name: String {
        switch self {
        case .attribute(let a): a.name
        case .relationship(let r): r.name
        case .fetchedProperty(let f): f.name
        }
    }

    var location: SourceLocation {
        switch self {
        case .attribute(let a): a.location
        case .relationship(let r): r.location
        case .fetchedProperty(let f): f.location
        }
    }

    var kind: PropertyKind {
        switch self {
        case .attribute: .attribute
        case .relationship: .relationship
        case .fetchedProperty: .fetchedProperty
        }
    }

    var kindName: String { kind.name }
}

extension Property {
    /// What Core Data reports as the property's renaming identifier.
    var renamingIdentifier: String {
        switch self {
        case .attribute(let attribute): attribute.effectiveRenamingIdentifier
        case .relationship(let relationship): relationship.effectiveRenamingIdentifier
        case .fetchedProperty(let fetched): fetched.name
        }
    }

    /// Whether it has a column in the store: transient and fetched properties never migrate.
    var isStored: Bool {
        switch self {
        case .attribute(let attribute): attribute.isStored
        case .relationship(let relationship): relationship.isStored
        case .fetchedProperty: false
        }
    }
}
