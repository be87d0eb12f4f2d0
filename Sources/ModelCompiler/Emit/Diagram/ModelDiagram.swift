/// What an entity-relationship picture of one version shows, worked out once from the typed model and drawn by the
/// DOT and Mermaid renderers: each entity with its own attributes, each relationship once (a pair of inverses is one
/// edge with both ends' cardinalities), and each parent link. Graphviz does the layout; nothing here places anything.
struct ModelDiagram: Equatable {
    struct Node: Equatable {
        var name: String
        var isAbstract: Bool
        /// (name, type, optional) of the attributes the entity declares, in model order.
        var attributes: [(String, String, Bool)]

        static func == (a: Node, b: Node) -> Bool {
            a.name == b.name && a.isAbstract == b.isAbstract && a.attributes.elementsEqual(b.attributes) { $0 == $1 }
        }
    }

    struct Edge: Equatable {
        var from: String
        var to: String
        /// The relationship's name, and its inverse's when there is one (`author / books`).
        var label: String
        /// The far end's cardinality (`0..1`, `1`, `0..*`, `1..*`, `2..5`), and the near end's for an inverse pair.
        var toCardinality: String
        var fromCardinality: String?
    }

    var title: String
    var nodes: [Node]
    var relationships: [Edge]
    /// (child, parent)
    var inheritance: [(String, String)]

    static func == (a: ModelDiagram, b: ModelDiagram) -> Bool {
        a.title == b.title && a.nodes == b.nodes && a.relationships == b.relationships
            && a.inheritance.elementsEqual(b.inheritance) { $0 == $1 }
    }

    init(_ model: ManagedObjectModel, title: String) {
        self.title = title
        let entities = model.entities
        let names = Set(entities.map(\.name))
        nodes = entities.map { entity in
            Node(
                name: entity.name, isAbstract: entity.isAbstract,
                attributes: entity.attributes.map { ($0.name, $0.type?.rawValue ?? "Undefined", $0.isOptional) })
        }
        inheritance = entities.compactMap { entity in
            entity.parentName.flatMap { names.contains($0) ? (entity.name, $0) : nil }
        }
        // A relationship and its inverse are one edge, drawn from the first of the two in model order.
        var drawn: Set<String> = []
        var edges: [Edge] = []
        let byName = model.entitiesByName
        for entity in entities {
            for relationship in entity.relationships {
                guard let destination = relationship.destinationEntityName, names.contains(destination),
                    drawn.insert("\(entity.name).\(relationship.name)").inserted
                else { continue }
                var edge = Edge(
                    from: entity.name, to: destination, label: relationship.name,
                    toCardinality: Self.cardinality(relationship), fromCardinality: nil)
                if let inverseName = relationship.inverseName,
                    let inverse = byName[destination]?.relationships.first(where: { $0.name == inverseName }),
                    inverse.inverseName == relationship.name, inverse.destinationEntityName == entity.name,
                    drawn.insert("\(destination).\(inverseName)").inserted
                {
                    edge.label += " / " + inverseName
                    edge.fromCardinality = Self.cardinality(inverse)
                }
                edges.append(edge)
            }
        }
        relationships = edges
    }

    static func cardinality(_ relationship: Relationship) -> String {
        let low = relationship.isOptional ? 0 : max(relationship.minCount, 1)
        let high = relationship.maxCount
        if !relationship.isToMany || high == 1 { return low == 0 ? "0..1" : "1" }
        return high == 0 ? "\(low)..*" : "\(low)..\(high)"
    }
}
