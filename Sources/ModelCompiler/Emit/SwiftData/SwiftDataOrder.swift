/// Ordered to-many relationships in the corrected flavour (spec 8, item 5). SwiftData keeps no order for a to-many
/// relationship, so the order gets a place of its own: each object of a one-to-many's destination holds its position
/// in an `Int` attribute named for the relationship (`shelfItemsPosition`), and the owner reads and sets the order
/// through `<name>InOrder`. A many-to-many, or one without an inverse, has no such place (an object can be in many
/// owners' lists): it stays a build warning. Recorded in Docs/CompatibilityChoices.md.
enum SwiftDataOrder {
    /// An ordered to-many whose order a position on its destination can keep.
    struct Ordered {
        var owner: String
        var relationship: String
        var destination: String
        var position: String
        /// The owner's `<name>InOrder`.
        var accessor: String
    }

    /// Every such relationship of `model`, in entity then property order (inherited ones once, at their declarer).
    static func ordered(_ model: ManagedObjectModel) -> [Ordered] {
        // Asked once per class: most models have no ordered relationship, and are done with without copying.
        guard model.entities.contains(where: { $0.relationships.contains { $0.isToMany && $0.isOrdered } }) else {
            return []
        }
        let entities = model.entitiesByName
        // Names no property of the model has, so that neither side's class gets one twice.
        var result: [Ordered] = [], used = Set(model.entities.flatMap(\.propertyNames))
        for entity in model.entities {
            for relationship in entity.relationships where relationship.isToMany && relationship.isOrdered {
                guard let destination = relationship.destinationEntityName.flatMap({ entities[$0] }),
                    let inverseName = relationship.inverseName,
                    let inverse = destination.lineage(in: entities).lazy.compactMap({
                        $0.relationships.first { $0.name == inverseName }
                    }).first,
                    !inverse.isToMany
                else { continue }
                let position = free(
                    SwiftNames.loweredFirst(entity.name) + SwiftNames.capitalizedFirst(relationship.name) + "Position",
                    &used)
                result.append(
                    Ordered(
                        owner: entity.name, relationship: relationship.name, destination: destination.name,
                        position: position, accessor: free(relationship.name + "InOrder", &used)))
            }
        }
        return result
    }

    /// The one for `owner.relationship` (declared there or by an ancestor), if its order can be kept.
    static func ordered(_ relationship: String, of owner: Entity, in model: ManagedObjectModel) -> Ordered? {
        // Most models have none: then no table of entities is made, once per class.
        let all = ordered(model)
        guard !all.isEmpty else { return nil }
        let lineage = Set(owner.lineageNames(in: model.entitiesByName))
        return all.first { $0.relationship == relationship && lineage.contains($0.owner) }
    }

    /// The positions `entity`'s class holds: one per kept order into it or an ancestor (the corrected flavour writes
    /// inherited properties into each class).
    static func positions(of entity: Entity, in model: ManagedObjectModel) -> [Ordered] {
        let all = ordered(model)
        guard !all.isEmpty else { return [] }
        let lineage = Set(entity.lineageNames(in: model.entitiesByName))
        return all.filter { lineage.contains($0.destination) }
    }

    /// The stored position: a comment line and the attribute, for the destination's class.
    static func positionLines(_ ordered: Ordered) -> [String] {
        [
            "/// Its place in '\(ordered.owner).\(ordered.relationship)', whose order SwiftData does not keep.",
            "public var \(ordered.position): Int = 0",
        ]
    }

    /// `<name>InOrder`: the relationship sorted by position, and setting it numbers the objects in the order given.
    static func accessorLines(_ ordered: Ordered, property: String, optional: Bool) -> [String] {
        let all = optional ? "(\(property) ?? [])" : property
        return [
            "/// '\(ordered.relationship)' in its order, kept in each \(ordered.destination)'s '\(ordered.position)'.",
            "public var \(SwiftNames.identifier(ordered.accessor)): [\(ordered.destination)] {",
            "    get { \(all).sorted { $0.\(ordered.position) < $1.\(ordered.position) } }",
            "    set {",
            "        for (position, element) in newValue.enumerated() { element.\(ordered.position) = position }",
            "        \(property) = newValue",
            "    }",
            "}",
        ]
    }

    /// `name`, or `name_`, `name__` ... the first that is not in `used`, which it joins.
    static func free(_ name: String, _ used: inout Set<String>) -> String {
        var name = name
        while used.contains(name) { name += "_" }
        used.insert(name)
        return name
    }

}
