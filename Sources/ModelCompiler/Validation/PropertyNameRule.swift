/// Property names: unique within an entity and its ancestors, not clashing with the methods of
/// NSManagedObject/NSObject, and not too many of them.
struct PropertyNameRule: ModelRule {
    /// Names whose accessors would override NSManagedObject or NSObject members and break at run time.
    static let reservedNames: Set<String> = [
        "description", "debugDescription", "hash", "class", "superclass", "self", "zone", "isProxy",
        "entity", "objectID", "managedObjectContext", "isInserted", "isUpdated", "isDeleted", "isFault",
        "hasChanges", "hasPersistentChangedValues", "changedValues", "faultingState",
    ]
    /// The lengths of the reserved names, one bit each: most names have another length and are never hashed.
    private static let reservedLengths = reservedNames.reduce(UInt64(0)) { $0 | 1 << UInt64($1.utf8.count & 63) }
    /// momc's limit for its "more than 100 properties" warning.
    static let propertyCountLimit = 100

    func check(_ context: ValidationContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let visibleCounts = Self.visiblePropertyCounts(context)
        for entity in context.model.entities {
            if !Identifier.isValid(entity.name) {
                diagnostics.append(
                    .error(
                        .invalidName,
                        "entity name '\(entity.name)' is not an identifier (letters, digits and _, not starting with a "
                            + "digit), as Xcode requires: its class and fetch requests cannot use it",
                        at: entity.location))
            }
            // By index: a `for` over the array, or a closure capturing an element, copies each large value.
            let attributes = entity.attributes, relationships = entity.relationships, fetched = entity.fetchedProperties
            let declared = DeclarationOrder(attributes: attributes, relationships: relationships, fetched: fetched)
            var seen = FirstOccurrences(expecting: declared.count)
            var position = 0
            func visit(
                _ property: @autoclosure () -> Property, _ name: String, kind: PropertyKind, location: SourceLocation
            ) {
                defer { position += 1 }
                if let first = seen.earlierPosition(of: name, meeting: position) {
                    let firstKind = declared.kind(at: first)
                    let article = firstKind == .attribute ? "an" : "a"
                    diagnostics.append(
                        .error(
                            .duplicateProperty,
                            "entity '\(entity.name)' declares '\(name)' more than once "
                                + "(first as \(article) \(firstKind.name) at line \(declared.line(at: first)))",
                            at: location))
                    return
                }
                if let ancestor = context.nearestAncestor(of: entity, declaring: name),
                    let found = context.declared[ancestor]?[name], let original = context.property(found, of: ancestor)
                {
                    diagnostics.append(Self.redeclaration(property(), of: original, in: entity.name, from: ancestor))
                }
                if !Identifier.isValid(name) {
                    diagnostics.append(
                        .error(
                            .invalidName,
                            "property name '\(name)' of '\(entity.name)' is not an identifier (letters, digits and _, not "
                                + "starting with a digit), as Xcode requires: accessors and key paths cannot use it",
                            at: location))
                }
                if Self.reservedLengths & 1 << UInt64(name.utf8.count & 63) != 0, Self.reservedNames.contains(name) {
                    diagnostics.append(
                        .error(
                            .reservedPropertyName,
                            "'\(entity.name).\(name)' clashes with NSManagedObject's '\(name)' and "
                                + "breaks at run time; choose another name", at: location))
                }
            }
            for index in attributes.indices {
                visit(
                    .attribute(attributes[index]), attributes[index].name, kind: .attribute,
                    location: attributes[index].location)
            }
            for index in relationships.indices {
                visit(
                    .relationship(relationships[index]), relationships[index].name, kind: .relationship,
                    location: relationships[index].location)
            }
            for index in fetched.indices {
                visit(
                    .fetchedProperty(fetched[index]), fetched[index].name, kind: .fetchedProperty,
                    location: fetched[index].location)
            }
            let count = visibleCounts[entity.name] ?? context.declared[entity.name]?.count ?? 0
            if count > Self.propertyCountLimit {
                diagnostics.append(
                    .warning(
                        .tooManyProperties,
                        "entity '\(entity.name)' has \(count) properties, more than \(Self.propertyCountLimit); "
                            + "large entities fetch slowly, consider splitting it", at: entity.location))
            }
        }
        return diagnostics
    }

    /// An entity's properties in declaration order by kind (attributes, relationships, fetched properties), by
    /// position, read in place.
    private struct DeclarationOrder {
        let attributes: [Attribute], relationships: [Relationship], fetched: [FetchedProperty]

        var count: Int { attributes.count + relationships.count + fetched.count }

        func kind(at position: Int) -> PropertyKind {
            position < attributes.count
                ? .attribute
                : position < attributes.count + relationships.count ? .relationship : .fetchedProperty
        }

        func name(at position: Int) -> String {
            switch kind(at: position) {
            case .attribute: attributes[position].name
            case .relationship: relationships[position - attributes.count].name
            case .fetchedProperty: fetched[position - attributes.count - relationships.count].name
            }
        }

        func line(at position: Int) -> Int {
            switch kind(at: position) {
            case .attribute: attributes[position].location.line
            case .relationship: relationships[position - attributes.count].location.line
            case .fetchedProperty: fetched[position - attributes.count - relationships.count].location.line
            }
        }
    }

    /// How many properties each entity's objects have: its own names and every inherited one, a redeclared name
    /// once. Parents before children (the inheritance walk's order), so each entity costs its own properties only.
    static func visiblePropertyCounts(_ context: ValidationContext) -> [String: Int] {
        var counts: [String: Int] = [:]
        counts.reserveCapacity(context.walk.count)
        for name in context.walk {
            guard let own = context.declared[name] else { continue }
            // A root of the walk inherits nothing: its count is its own, without looking the entity up (a copy).
            guard context.tour[name]?.depth != 0 else {
                counts[name] = own.count
                continue
            }
            guard let entity = context.entitiesByName[name] else { continue }
            let inherited = entity.parentName.flatMap { counts[$0] } ?? 0
            let redeclared =
                inherited == 0 ? 0 : own.keys.filter { context.nearestAncestor(of: entity, declaring: $0) != nil }.count
            counts[name] = own.count + inherited - redeclared
        }
        return counts
    }

    /// Core Data lets a subentity redeclare an inherited property (real models do, and momc compiles
    /// them), but a redeclaration that changes the kind or type breaks stores and code alike.
    static func redeclaration(
        _ property: Property, of original: Property, in entity: String, from ancestor: String
    )
        -> Diagnostic
    {
        let label = "'\(entity).\(property.name)'"
        switch (property, original) {
        case let (.attribute(mine), .attribute(theirs)) where mine.type == theirs.type:
            return .warning(
                .propertyRedeclaresInherited,
                "\(label) redeclares the attribute it inherits from '\(ancestor)'; remove one of the two",
                at: property.location)
        case let (.relationship(mine), .relationship(theirs))
        where mine.destinationEntityName == theirs.destinationEntityName:
            return .warning(
                .propertyRedeclaresInherited,
                "\(label) redeclares the relationship it inherits from '\(ancestor)'; remove one of the two",
                at: property.location)
        default:
            return .error(
                .propertyShadowsInherited,
                "\(label) clashes with the \(original.kindName) '\(property.name)' it inherits from '\(ancestor)': "
                    + "a subentity cannot change an inherited property's kind or type", at: property.location)
        }
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let duplicateProperty: DiagnosticCode = "duplicate-property"
    static let propertyShadowsInherited: DiagnosticCode = "property-shadows-inherited"
    static let propertyRedeclaresInherited: DiagnosticCode = "property-redeclares-inherited"
    /// `too-many-properties`: an entity with more properties than momc accepts without a warning.
    public static let tooManyProperties: DiagnosticCode = "too-many-properties"
    static let reservedPropertyName: DiagnosticCode = "reserved-property-name"
    static let invalidName: DiagnosticCode = "invalid-name"
}
