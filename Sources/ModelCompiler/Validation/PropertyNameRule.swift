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
            let ancestors = context.ancestors(of: entity)
            var seen: [String: (kind: PropertyKind, line: Int)] = [:]
            seen.reserveCapacity(entity.attributes.count + entity.relationships.count)
            func visit(_ property: @autoclosure () -> Property, _ name: String, kind: PropertyKind, location: SourceLocation) {
                if let first = seen[name] {
                    diagnostics.append(.error(.duplicateProperty,
                        "entity '\(entity.name)' declares '\(name)' more than once "
                        + "(first as a \(first.kind.name) at line \(first.line))", at: location))
                    return
                }
                seen[name] = (kind, location.line)
                for ancestor in ancestors {
                    if let original = ancestor.properties.first(where: { $0.name == name }) {
                        diagnostics.append(Self.redeclaration(property(), of: original, in: entity.name, from: ancestor.name))
                        break
                    }
                }
                if Self.reservedNames.contains(name) {
                    diagnostics.append(.error(.reservedPropertyName,
                        "'\(entity.name).\(name)' clashes with NSManagedObject's '\(name)' and "
                        + "breaks at run time; choose another name", at: location))
                }
            }
            for attribute in entity.attributes {
                visit(.attribute(attribute), attribute.name, kind: .attribute, location: attribute.location)
            }
            for relationship in entity.relationships {
                visit(.relationship(relationship), relationship.name, kind: .relationship, location: relationship.location)
            }
            for fetched in entity.fetchedProperties {
                visit(.fetchedProperty(fetched), fetched.name, kind: .fetchedProperty, location: fetched.location)
            }
            let inherited = ancestors.flatMap(\.propertyNames)
            // The count below can only exceed the limit when this bound does; most entities stop here.
            guard entity.attributes.count + entity.relationships.count + entity.fetchedProperties.count
                    + 2 * inherited.count > Self.propertyCountLimit else { continue }
            let count = Set(entity.propertyNames).union(inherited).count + inherited.count
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
