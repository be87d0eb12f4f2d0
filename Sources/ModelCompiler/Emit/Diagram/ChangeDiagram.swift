/// What a picture of one upgrade shows (`diagram --from A --to B`): the entities of both versions, matched as Core
/// Data's inferred mapping matches them (by renaming identifier), each entity, attribute and relationship marked
/// added, removed, renamed (with its old name), changed or unchanged, and the upgrade's verdict in the title. The
/// DOT and Mermaid renderers colour it; Graphviz lays it out.
struct ChangeDiagram: Equatable {
    enum Status: String, CaseIterable, Sendable {
        case unchanged, added, removed, renamed, changed
    }

    struct Row: Equatable {
        var name: String
        var type: String
        var isOptional: Bool
        var status: Status
        var oldName: String?
    }

    struct Node: Equatable {
        /// Unique among the nodes: a removed entity whose name came back as another entity is `name (removed)`.
        var id: String
        var name: String
        var isAbstract: Bool
        var status: Status
        var oldName: String?
        var rows: [Row]
    }

    struct Edge: Equatable {
        var from: String
        var to: String
        var label: String
        var cardinality: String
        var status: Status
    }

    var title: String
    var nodes: [Node]
    var relationships: [Edge]
    /// (child id, parent id)
    var inheritance: [[String]]

    /// `changedEntities`: the entities whose version hash differs between the two versions (matched by name).
    init(
        from source: ManagedObjectModel, to destination: ManagedObjectModel, title: String,
        changedEntities: Set<String>
    ) {
        self.title = title
        let matcher = ModelMatcher(from: source, to: destination)
        let kept = Set(matcher.entityMapping.values)
        let destinationNames = Set(destination.entities.map(\.name))
        var nodes: [Node] = [], edges: [Edge] = [], inheritance: [[String]] = []
        var removedIDs: [String: String] = [:]
        for entity in source.entities where !kept.contains(entity.name) {
            removedIDs[entity.name] = destinationNames.contains(entity.name) ? entity.name + " (removed)" : entity.name
        }
        for entity in destination.entities {
            let old = matcher.entityMapping[entity.name].flatMap { matcher.sourceEntities[$0] }
            var status = Status.added
            if let old {
                status =
                    old.name != entity.name
                    ? .renamed
                    : changedEntities.contains(entity.name) ? .changed : .unchanged
            }
            let (rows, links) = Self.compare(old, entity)
            nodes.append(
                Node(
                    id: entity.name, name: entity.name, isAbstract: entity.isAbstract, status: status,
                    oldName: status == .renamed ? old?.name : nil, rows: rows))
            edges += links.map {
                Edge(
                    from: entity.name, to: $0.destination, label: $0.label, cardinality: $0.cardinality,
                    status: $0.status)
            }
            if let parent = entity.parentName, destinationNames.contains(parent) {
                inheritance.append([entity.name, parent])
            }
        }
        for entity in source.entities {
            guard let id = removedIDs[entity.name] else { continue }
            let (rows, links) = Self.compare(nil, entity)
            nodes.append(
                Node(
                    id: id, name: entity.name, isAbstract: entity.isAbstract, status: .removed, oldName: nil,
                    rows: rows.map {
                        var row = $0; row.status = .removed; return row
                    }))
            edges += links.map {
                Edge(
                    from: id,
                    to: removedIDs[$0.destination] ?? matcher.destinationNames[$0.destination]
                        ?? $0.destination, label: $0.label, cardinality: $0.cardinality, status: .removed)
            }
            if let parent = entity.parentName { inheritance.append([id, removedIDs[parent] ?? parent]) }
        }
        let ids = Set(nodes.map(\.id))
        self.nodes = nodes
        relationships = edges.filter { ids.contains($0.to) }
        self.inheritance = inheritance.filter { ids.contains($0[1]) }
    }

    /// Only what changed: the entities that are not unchanged, the edges between them, their parent links.
    var onlyChanges: ChangeDiagram {
        var copy = self
        copy.nodes = nodes.filter { $0.status != .unchanged }
        let ids = Set(copy.nodes.map(\.id))
        copy.relationships = relationships.filter { ids.contains($0.from) && ids.contains($0.to) }
        copy.inheritance = inheritance.filter { ids.contains($0[0]) && ids.contains($0[1]) }
        return copy
    }

    private struct Link {
        var destination: String
        var label: String
        var cardinality: String
        var status: Status
    }

    /// An entity's own attributes and relationships against its old self's, matched by renaming identifier; the old
    /// ones with no match follow as removed.
    private static func compare(_ old: Entity?, _ new: Entity) -> ([Row], [Link]) {
        let oldProperties =
            old.map { $0.attributes.map(Property.attribute) + $0.relationships.map(Property.relationship) }
            ?? []
        var unmatched = Dictionary(
            oldProperties.map { ($0.renamingIdentifier, $0) },
            uniquingKeysWith: { first, _ in first })
        func status(_ property: Property) -> (Status, String?) {
            guard old != nil else { return (.added, nil) }
            guard let previous = unmatched.removeValue(forKey: property.renamingIdentifier) else {
                return (.added, nil)
            }
            if previous.name != property.name { return (.renamed, previous.name) }
            return (signature(previous) == signature(property) ? .unchanged : .changed, nil)
        }
        var rows: [Row] = [], links: [Link] = []
        for attribute in new.attributes {
            let (state, oldName) = status(.attribute(attribute))
            rows.append(
                Row(
                    name: attribute.name, type: attribute.type?.rawValue ?? "Undefined",
                    isOptional: attribute.isOptional, status: state, oldName: oldName))
        }
        for relationship in new.relationships {
            let (state, oldName) = status(.relationship(relationship))
            guard let destination = relationship.destinationEntityName else { continue }
            links.append(
                Link(
                    destination: destination, label: relationship.name + (oldName.map { " (was \($0))" } ?? ""),
                    cardinality: ModelDiagram.cardinality(relationship), status: state))
        }
        for property in oldProperties where unmatched[property.renamingIdentifier] != nil {
            switch property {
            case .attribute(let attribute):
                rows.append(
                    Row(
                        name: attribute.name, type: attribute.type?.rawValue ?? "Undefined",
                        isOptional: attribute.isOptional, status: .removed))
            case .relationship(let relationship):
                guard let destination = relationship.destinationEntityName else { continue }
                links.append(
                    Link(
                        destination: destination, label: relationship.name,
                        cardinality: ModelDiagram.cardinality(relationship), status: .removed))
            case .fetchedProperty: break
            }
        }
        return (rows, links)
    }

    /// What a reviewer counts as a change of a kept property: what it stores and how it may be empty.
    private static func signature(_ property: Property) -> [String] {
        switch property {
        case .attribute(let a):
            [
                a.type?.rawValue ?? "", "\(a.isOptional)", "\(a.isTransient)", "\(a.isDerived)",
                "\(a.allowsExternalBinaryDataStorage)",
            ]
        case .relationship(let r):
            [
                r.destinationEntityName ?? "", "\(r.isOptional)", "\(r.isToMany)", "\(r.isOrdered)", "\(r.minCount)",
                "\(r.maxCount)", r.inverseName ?? "", "\(r.isTransient)",
            ]
        case .fetchedProperty: []
        }
    }
}
