/// The `#warning`s after a `@Model` class (spec 6): Xcode's texts, or corrected ones that name the model line and
/// say what the code must do, for everything SwiftData cannot keep as the model says.
enum SwiftDataWarnings {
    /// Derived attributes and ordered to-many relationships, in property order.
    static func xcode(_ entity: Entity) -> [String] {
        entity.attributes.filter(\.isDerived).map {
            "The property \"derived\" on \(entity.name):\($0.name) is unsupported in SwiftData."
        }
            + entity.relationships.filter { $0.isToMany && $0.isOrdered }
            .map { "The property \"ordered\" on \(entity.name):\($0.name) is unsupported in SwiftData." }
    }

    static func corrected(_ entity: Entity, model: ManagedObjectModel, shape: SwiftDataShape) -> [String] {
        let types = SwiftDataTypes(shape: shape)
        let place = { (location: SourceLocation) in "\(model.versionName).xcdatamodel/contents:\(location.line)" }
        var warnings: [String] = []
        if let parent = entity.parentName {
            warnings.append(
                "\(place(entity.location)): '\(entity.name)' inherits from '\(parent)': SwiftData models "
                    + "inheritance only from iOS 26, so it is a model of its own here, with the inherited properties (an "
                    + "inherited relationship without its inverse)")
        }
        if entity.isAbstract {
            warnings.append(
                "\(place(entity.location)): '\(entity.name)' is abstract: SwiftData has no abstract model, so "
                    + "objects of it can be made")
        }
        for attribute in entity.attributes {
            let subject = "\(place(attribute.location)): '\(entity.name).\(attribute.name)'"
            if attribute.isDerived {
                warnings.append(
                    "\(subject) is derived: SwiftData stores it as set and does not work it out; keep it "
                        + "up to date in code")
            }
            if attribute.type == .transformable, SwiftDataTypes.typeSpelling(attribute.customClassName) == nil {
                warnings.append(
                    "\(subject) is Transformable without a class: it is stored as Data here; give it a "
                        + "custom class (and a value transformer) in the model")
            }
            if attribute.type == .undefined || attribute.type == .objectID || attribute.type == nil {
                warnings.append("\(subject) has no type SwiftData stores: it is declared as Data here")
            }
            if attribute.minValue != nil || attribute.maxValue != nil || attribute.regularExpression != nil {
                warnings.append("\(subject) has validation SwiftData does not check: check it in code")
            }
            if attribute.defaultValue != nil, types.defaultLiteral(of: attribute) == nil {
                warnings.append("\(subject) has a default that is not a value of its type: it was left out")
            }
        }
        for relationship in entity.relationships
        where relationship.inverseName == relationship.name && relationship.destinationEntityName == entity.name {
            warnings.append(
                "\(place(relationship.location)): '\(entity.name).\(relationship.name)' is its own inverse: "
                    + "SwiftData cannot declare that, so it is declared without one; keep both ends in step in code")
        }
        for relationship in entity.relationships where relationship.isToMany && relationship.isOrdered {
            let subject = "\(place(relationship.location)): '\(entity.name).\(relationship.name)' is ordered"
            if let kept = SwiftDataOrder.ordered(relationship.name, of: entity, in: model) {
                warnings.append(
                    "\(subject): SwiftData keeps no order for a to-many relationship, so each "
                        + "\(kept.destination) keeps its place in '\(kept.position)'; read and set the order through "
                        + "'\(kept.accessor)'. The order in a store Core Data wrote is not carried over")
            } else {
                warnings.append(
                    "\(subject): SwiftData keeps no order for a to-many relationship, and this one (many-to-many, or "
                        + "without an inverse) has no place on its destination for it; keep the order in an attribute")
            }
        }
        for fetched in entity.fetchedProperties {
            warnings.append(
                "\(place(fetched.location)): fetched property '\(entity.name).\(fetched.name)' has no "
                    + "SwiftData form: write it as a query")
        }
        return warnings
    }
}

/// A composite attribute's type (corrected): a `Codable` struct with its attributes, which SwiftData stores as a
/// composite attribute; Xcode writes none (spec 8, item 4).
enum SwiftDataComposites {
    static func text(_ composite: Composite, model: ManagedObjectModel, options: SwiftDataOptions) -> String {
        var text = SwiftDataGenerator.header(composite.name + ".swift", options: options, publicImports: false)
        text += "\n\npublic struct \(composite.name): Codable, Hashable {\n"
        let types = SwiftDataTypes(shape: SwiftDataShape(flavor: .corrected, generation: .xcode16_4))
        for attribute in composite.attributes {
            // A composite holds plain values; anything else is kept as bytes.
            let plain = attribute.type.map { $0 != .composite && $0 != .transformable } ?? false
            let name = plain ? types.type(of: attribute, model: model).name : "Data"
            text += "    public var \(SwiftNames.identifier(attribute.name)): \(name)?\n"
        }
        return text + "\n    public init() {}\n}\n"
    }
}
