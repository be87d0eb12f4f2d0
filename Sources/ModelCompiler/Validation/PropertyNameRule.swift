/// Property names: unique within an entity and its ancestors, not clashing with the methods of
/// NSManagedObject/NSObject, and not too many of them.
struct PropertyNameRule: ModelRule {
    /// Names whose accessors would override NSManagedObject or NSObject members and break at run time.
    static let reservedNames: Set<String> = [
        "description", "debugDescription", "hash", "class", "superclass", "self", "zone", "isProxy",
        "entity", "objectID", "managedObjectContext", "isInserted", "isUpdated", "isDeleted", "isFault",
        "hasChanges", "hasPersistentChangedValues", "changedValues", "faultingState",
    ]
    /// momc's limit for its "more than 100 properties" warning.
    static let propertyCountLimit = 100

    func check(_ context: ValidationContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for entity in context.model.entities {
            var seen: [String: Property] = [:]
            let inherited = context.ancestors(of: entity).flatMap { ancestor in ancestor.properties.map { (ancestor.name, $0) } }
            for property in entity.properties {
                if let first = seen[property.name] {
                    diagnostics.append(.error(.duplicateProperty,
                        "entity '\(entity.name)' declares '\(property.name)' more than once "
                        + "(first as a \(first.kindName) at line \(first.location.line))", at: property.location))
                    continue
                }
                seen[property.name] = property
                if let (ancestor, original) = inherited.first(where: { $0.1.name == property.name }) {
                    diagnostics.append(Self.redeclaration(property, of: original, in: entity.name, from: ancestor))
                }
                if Self.reservedNames.contains(property.name) {
                    diagnostics.append(.error(.reservedPropertyName,
                        "'\(entity.name).\(property.name)' clashes with NSManagedObject's '\(property.name)' and "
                        + "breaks at run time; choose another name", at: property.location))
                }
            }
            let count = Set(entity.propertyNames).union(inherited.map(\.1.name)).count + inherited.count
            if count > Self.propertyCountLimit {
                diagnostics.append(.warning(.tooManyProperties,
                    "entity '\(entity.name)' has \(count) properties, more than \(Self.propertyCountLimit); "
                    + "large entities fetch slowly, consider splitting it", at: entity.location))
            }
        }
        return diagnostics
    }

    /// Core Data lets a subentity redeclare an inherited property (real models do, and momc compiles
    /// them), but a redeclaration that changes the kind or type breaks stores and code alike.
    static func redeclaration(_ property: Property, of original: Property, in entity: String, from ancestor: String)
        -> Diagnostic
    {
        let label = "'\(entity).\(property.name)'"
        switch (property, original) {
        case let (.attribute(mine), .attribute(theirs)) where mine.type == theirs.type:
            return .warning(.propertyRedeclaresInherited,
                "\(label) redeclares the attribute it inherits from '\(ancestor)'; remove one of the two", at: property.location)
        case let (.relationship(mine), .relationship(theirs)) where mine.destinationEntityName == theirs.destinationEntityName:
            return .warning(.propertyRedeclaresInherited,
                "\(label) redeclares the relationship it inherits from '\(ancestor)'; remove one of the two", at: property.location)
        default:
            return .error(.propertyShadowsInherited,
                "\(label) clashes with the \(original.kindName) '\(property.name)' it inherits from '\(ancestor)': "
                + "a subentity cannot change an inherited property's kind or type", at: property.location)
        }
    }
}
