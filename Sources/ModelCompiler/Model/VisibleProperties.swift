/// Attributes, relationships and fetched properties share one namespace within an entity hierarchy.
enum PropertyKind: Hashable, Sendable {
    case attribute, relationship, fetchedProperty

    /// As messages name it.
    var name: String {
        switch self {
        case .attribute: "attribute"
        case .relationship: "relationship"
        case .fetchedProperty: "fetched property"
        }
    }
}

/// The properties an entity's objects have: its own, then each ancestor's, nearest first, the nearest
/// declaration of a name hiding the others (a store row holds exactly these). Properties are referred to by
/// position and read in place: hashing, validation and migration walk every entity's, and copying each
/// property whole dominated their cost.
struct VisibleProperties {
    struct Reference: Sendable {
        let kind: PropertyKind
        /// Position in the declaring entity's `attributes`, `relationships` or `fetchedProperties`.
        let index: Int
        /// Position of the declaring entity in `lineage`: 0 for the entity itself.
        let depth: Int
        let name: String
    }

    /// The entity, then its ancestors nearest first (`Entity.lineage`).
    let lineage: [Entity]
    let references: [Reference]

    init(of entity: Entity, in entities: [String: Entity]) {
        lineage = entity.lineage(in: entities)
        let count = lineage.reduce(0) { $0 + $1.attributes.count + $1.relationships.count + $1.fetchedProperties.count }
        var seen = FirstOccurrences(expecting: count), references: [Reference] = []
        references.reserveCapacity(count)
        for (depth, declarer) in lineage.enumerated() {
            func add(_ kind: PropertyKind, _ index: Int, _ name: String) {
                guard seen.earlierPosition(of: name, meeting: references.count) == nil else { return }
                references.append(Reference(kind: kind, index: index, depth: depth, name: name))
            }
            for index in declarer.attributes.indices { add(.attribute, index, declarer.attributes[index].name) }
            for index in declarer.relationships.indices {
                add(.relationship, index, declarer.relationships[index].name)
            }
            for index in declarer.fetchedProperties.indices {
                add(.fetchedProperty, index, declarer.fetchedProperties[index].name)
            }
        }
        self.references = references
    }

    func declarer(of reference: Reference) -> Entity { lineage[reference.depth] }

    /// The property itself (a copy).
    func property(_ reference: Reference) -> Property {
        let declarer = lineage[reference.depth]
        switch reference.kind {
        case .attribute: return .attribute(declarer.attributes[reference.index])
        case .relationship: return .relationship(declarer.relationships[reference.index])
        case .fetchedProperty: return .fetchedProperty(declarer.fetchedProperties[reference.index])
        }
    }

    /// Whether it has a column in the store (`Property.isStored`).
    func isStored(_ reference: Reference) -> Bool {
        let declarer = lineage[reference.depth]
        switch reference.kind {
        case .attribute: return declarer.attributes[reference.index].isStored
        case .relationship: return declarer.relationships[reference.index].isStored
        case .fetchedProperty: return false
        }
    }

    /// What Core Data reports as its renaming identifier (`Property.renamingIdentifier`).
    func renamingIdentifier(_ reference: Reference) -> String {
        let declarer = lineage[reference.depth]
        switch reference.kind {
        case .attribute: return declarer.attributes[reference.index].effectiveRenamingIdentifier
        case .relationship: return declarer.relationships[reference.index].effectiveRenamingIdentifier
        case .fetchedProperty: return declarer.fetchedProperties[reference.index].name
        }
    }
}
