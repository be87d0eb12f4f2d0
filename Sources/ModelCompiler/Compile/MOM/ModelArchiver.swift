/// Builds the NSManagedObjectModel object graph of one model version, as Apple's momc archives it
/// (spec §4). Entities are created first so that every reference (superentity, destination, inverse,
/// fetch request entity) points at the one object.
enum ModelArchiver {
    /// The `.mom` file bytes of a version. `helper`: another job may build half of the entities' graph.
    static func momData(for model: ManagedObjectModel, helper: SharedWork<ArchiveGraph>? = nil) -> [UInt8] {
        var builder = GraphBuilder(model)
        let root = builder.build(helper: helper)
        return builder.takeGraph().archive(root: root).binaryPropertyList()
    }

    static func graph(for model: ManagedObjectModel) -> (graph: ArchiveGraph, root: ArchiveGraph.Node) {
        var builder = GraphBuilder(model)
        let root = builder.build()
        return (builder.takeGraph(), root)
    }
}

struct GraphBuilder {
    typealias Node = ArchiveGraph.Node
    typealias Value = ArchiveGraph.Value

    let model: ManagedObjectModel
    var graph = ArchiveGraph()
    var expressions = ExpressionArchiver()
    /// Value class names (`NSString`, ...) by attribute type code / 100, numbered once; -1 before.
    var valueClassNumbers = [Int](repeating: -1, count: 32)
    let chains: Chains
    let root: Node
    /// Entity name -> its node, for the first entity of each name (validation reports the others).
    var entityNodes: [String: Node] = [:]
    /// Relationship nodes by entity and name, so inverses can point at each other.
    var relationshipNodes: [String: [String: Node]] = [:]
    /// Direct subentities by parent name, found once (searching per entity was quadratic).
    let children: [String: [String]]
    /// Entity name -> its parent's, when the parent exists, as the first entity of that name declares it (the one
    /// `entities` holds, as `Entity.lineage` goes): an inverse is looked up along it.
    let parents: [String: String]

    /// The class chains of the nodes made per entity and property, looked up once.
    struct Chains {
        let entity, attribute, derivedAttribute, compositeAttribute, relationship, fetchedProperty: ArchiveGraph.Chain
        let fetchRequest, fetchIndex, fetchIndexElement: ArchiveGraph.Chain

        init(_ graph: inout ArchiveGraph) {
            (entity, attribute) = (graph.chain(ClassChain.entity), graph.chain(ClassChain.attribute))
            derivedAttribute = graph.chain(ClassChain.derivedAttribute)
            compositeAttribute = graph.chain(ClassChain.compositeAttribute)
            relationship = graph.chain(ClassChain.relationship)
            fetchedProperty = graph.chain(ClassChain.fetchedProperty)
            fetchRequest = graph.chain(ClassChain.fetchRequest)
            fetchIndex = graph.chain(ClassChain.fetchIndex)
            fetchIndexElement = graph.chain(ClassChain.fetchIndexElement)
        }
    }

    init(_ model: ManagedObjectModel) {
        self.model = model
        // Names only: a dictionary of the entities themselves copied each one (every field counted once more).
        let names = Set(model.entities.map(\.name))
        var children: [String: [String]] = [:], parents: [String: String] = [:], seen: Set<String> = []
        for entity in model.entities {
            let isFirstOfItsName = seen.insert(entity.name).inserted
            guard let parent = entity.parentName else { continue }
            children[parent, default: []].append(entity.name)
            if isFirstOfItsName, names.contains(parent) { parents[entity.name] = parent }
        }
        self.children = children
        self.parents = parents
        chains = Chains(&graph)
        root = graph.node(ClassChain.model)
    }

    /// The graph, once built: the builder is done with it.
    mutating func takeGraph() -> ArchiveGraph {
        defer { graph = ArchiveGraph() }
        return graph
    }

    /// By name in NSString order, equal names in their given order. Positions are sorted, not the pairs: moving a
    /// name and a node costs four reference counts, and the property sorts alone were 2% of a compile.
    static func sorted<T>(_ pairs: [(String, T)]) -> [(String, T)] {
        guard pairs.count > 1 else { return pairs }
        return NameOrder.sortedPositions(pairs.map(\.0)).map { pairs[$0] }
    }

    /// Entries named and sorted as an archived dictionary's keys.
    private static func entries(_ pairs: [(String, Node)]) -> [(Value, Value)] {
        sorted(pairs).map { (.string($0.0), .node($0.1)) }
    }

    /// Below this many entities a model's graph is built by one job: sharing the work costs more than it saves.
    static let sharedEntities = 64

    /// `helper`: offered the second half of the entities to fill into a segment of the graph, joined when done.
    mutating func build(helper: SharedWork<ArchiveGraph>? = nil) -> Node {
        // What a property and an entity take, about (a property 13-16 fields, its name and node in two lists): a
        // little more than most need, since room left untouched costs nothing.
        let properties = model.entities.reduce(0) { $0 + $1.attributes.count + $1.relationships.count }
        let entities = model.entities.count
        graph.reserve(
            nodes: 2 * properties + 8 * entities + 16, fields: 18 * properties + 32 * entities + 64,
            listEntries: 6 * properties + 24 * entities + 64)
        // Every entity's node (the first of each name: validation reports the others) and its relationships' nodes
        // exist before any is filled, so that references in any direction point at them.
        var firstOfName: [Entity] = []
        entityNodes.reserveCapacity(model.entities.count)
        relationshipNodes.reserveCapacity(model.entities.count)
        for entity in model.entities where entityNodes[entity.name] == nil {
            entityNodes[entity.name] = graph.node(chains.entity)
            var relationships: [String: Node] = [:]
            for relationship in entity.relationships where relationships[relationship.name] == nil {
                relationships[relationship.name] = graph.node(chains.relationship)
            }
            relationshipNodes[entity.name] = relationships
            firstOfName.append(entity)
        }
        if let helper, firstOfName.count >= Self.sharedEntities {
            // Apple archives one SELF expression for the whole model: made here, so that both halves point at it.
            expressions.prepareSelfExpression(in: &graph)
            let half = firstOfName.count / 2
            var other = self
            other.graph = graph.segment()
            other.graph.reserve(
                nodes: properties + 4 * entities, fields: 9 * properties + 16 * entities,
                listEntries: 3 * properties + 12 * entities)
            let rest = firstOfName[half...]
            helper.offer {
                for entity in rest { other.fillEntity(entity) }
                return other.takeGraph()
            }
            for entity in firstOfName[..<half] { fillEntity(entity) }
            graph.join(helper.result())
        } else {
            helper?.withdraw()
            for entity in firstOfName { fillEntity(entity) }
        }
        var fields = ArchiveGraph.Fields(capacity: 4)
        let entityEntries = Self.entries(entityNodes.map { ($0.key, $0.value) })
        fields.set(.NSEntities, .object(.node(graph.dictionary(entityEntries, mutable: true))))
        if model.fetchRequests.isEmpty {
            fields.set(.NSFetchRequestTemplates, .object(.null))
        } else {
            var templates: [(String, Node)] = []
            for request in model.fetchRequests where !templates.contains(where: { $0.0 == request.name }) {
                templates.append((request.name, fetchRequestNode(request)))
            }
            let dictionary = graph.dictionary(Self.entries(templates), mutable: true)
            fields.set(.NSFetchRequestTemplates, .object(.node(dictionary)))
        }
        let identifiers = graph.set([.string(model.metadata.versionIdentifier ?? "")])
        fields.set(.NSVersionIdentifiers, .object(.node(identifiers)))
        if !model.configurations.isEmpty {
            var configurations: [(String, Node)] = []
            for configuration in model.configurations
            where !configurations.contains(where: { $0.0 == configuration.name }) {
                let members = configuration.members.compactMap { entityNodes[$0.entityName] }
                configurations.append((configuration.name, graph.set(members.map { .node($0) })))
            }
            fields.set(.NSConfigurations, .object(.node(graph.dictionary(Self.entries(configurations), mutable: true))))
        }
        graph.add(fields, to: root)
        return root
    }

    mutating func fillEntity(_ entity: Entity) {
        let node = entityNodes[entity.name]!
        // The nodes it points at first: its fields are written side by side.
        let children = (self.children[entity.name] ?? []).compactMap { name in entityNodes[name].map { (name, $0) } }
        let subentities = graph.dictionary(Self.entries(children), mutable: true)
        let properties = graph.dictionary(propertiesByName(of: entity, owner: node), mutable: true)
        let userInfo = userInfoNode(entity.userInfo)
        var uniqueTuples: Node?
        if !entity.uniquenessConstraints.isEmpty {
            let tuples = entity.uniquenessConstraints.map { constraint in
                Value.node(graph.array(constraint.members.map { .string($0.value) }, mutable: true))
            }
            uniqueTuples = graph.array(tuples, mutable: true)
        }
        let indexes = indexNodes(of: entity, node: node)
        graph.begin(node)
        graph.field(.NSEntityName, .object(.string(entity.name)))
        let className = entity.className.flatMap { $0.isEmpty || $0 == "NSManagedObject" ? nil : $0 }
        graph.field(.NSClassNameForEntity, .object(className.map { .string($0) } ?? .null))
        if entity.isAbstract { graph.field(.NSIsAbstract, .bool(true)) }
        graph.field(.NSManagedObjectModel, .object(.node(root)))
        graph.field(.NSSuperentity, .object(entity.parentName.flatMap { entityNodes[$0] }.map { .node($0) } ?? .null))
        graph.field(.NSSubentities, .object(.node(subentities)))
        graph.field(.NSProperties, .object(.node(properties)))
        graph.field(.NSUserInfo, .object(.node(userInfo)))
        let modifier = entity.versionHashModifier.flatMap { $0.isEmpty ? nil : Value.string($0) }
        graph.field(.NSVersionHashModifier, .object(modifier ?? .null))
        graph.field(.NSRenamingIdentifier, .object(.string(entity.effectiveRenamingIdentifier)))
        if let uniqueTuples { graph.field(.NSUniqueTuples, .object(.node(uniqueTuples))) }
        if let indexes {
            graph.field(.NSFetchIndexDescriptions, .object(.node(indexes.descriptions)))
            graph.field(.NSCompoundIndexes, .object(.node(indexes.compound)))
        }
        graph.end()
    }

    /// The entity's properties by name, the first of each name (validation rejects a model with two): equal names
    /// sort side by side, the first declared first, so no set of names is needed.
    private mutating func propertiesByName(of entity: Entity, owner node: Node) -> [(Value, Value)] {
        let names = entity.propertyNames
        let order = NameOrder.sortedPositions(names)
        var kept = [Bool](repeating: false, count: names.count)
        for (rank, position) in order.enumerated() where rank == 0 || names[order[rank - 1]] != names[position] {
            kept[position] = true
        }
        // Made in declaration order, as before; placed in name order.
        var nodes = [Node?](repeating: nil, count: names.count)
        let indexed = singlyIndexedAttributes(of: entity)
        let relationshipsStart = entity.attributes.count, fetchedStart = relationshipsStart + entity.relationships.count
        for (offset, attribute) in entity.attributes.enumerated() where kept[offset] {
            nodes[offset] = attributeNode(attribute, owner: node, indexed: indexed.contains(attribute.name))
        }
        for (offset, relationship) in entity.relationships.enumerated() where kept[relationshipsStart + offset] {
            nodes[relationshipsStart + offset] = relationshipNode(relationship, of: entity, owner: node)
        }
        for (offset, fetched) in entity.fetchedProperties.enumerated() where kept[fetchedStart + offset] {
            nodes[fetchedStart + offset] = fetchedPropertyNode(fetched, owner: node)
        }
        return order.compactMap { position in nodes[position].map { (.string(names[position]), .node($0)) } }
    }

    /// Attributes that `NSIsIndexed` marks: named by a one-element fetch index, or `indexed="YES"`.
    private func singlyIndexedAttributes(of entity: Entity) -> Set<String> {
        var names = Set(entity.attributes.filter(\.isIndexed).map(\.name))
        for index in entity.fetchIndexes where index.elements.count == 1 {
            if let property = index.elements[0].property { names.insert(property) }
        }
        return names
    }

    private mutating func indexNodes(of entity: Entity, node: Node) -> (descriptions: Node, compound: Node)? {
        let oldStyle = entity.attributes.filter(\.isIndexed)
        guard !entity.fetchIndexes.isEmpty || !oldStyle.isEmpty || !entity.compoundIndexes.isEmpty else { return nil }
        var descriptions: [Value] = []
        for index in entity.fetchIndexes {
            descriptions.append(
                .node(
                    fetchIndexNode(
                        name: index.name,
                        elements: index.elements.map {
                            ($0.property ?? $0.expression ?? "", $0.kind == .rTree ? 1 : 0, $0.isAscending)
                        }, entity: node)))
        }
        // Old `indexed="YES"`: one description per attribute, named after it, with no entity (VERIFIED).
        for attribute in oldStyle {
            let description = fetchIndexNode(name: attribute.name, elements: [(attribute.name, 0, true)], entity: nil)
            descriptions.append(.node(description))
        }
        var compound: [Value] = []
        for index in entity.fetchIndexes where index.elements.count > 1 {
            let names = index.elements.map { Value.string($0.property ?? $0.expression ?? "") }
            compound.append(.node(graph.array(names, mutable: true)))
        }
        for index in entity.compoundIndexes {
            compound.append(.node(graph.array(index.members.map { .string($0.value) }, mutable: true)))
        }
        return (graph.array(descriptions, mutable: true), graph.array(compound, mutable: true))
    }

    /// An index and its elements point at each other: the index node exists before the elements are made.
    private mutating func fetchIndexNode(name: String, elements: [(String, Int64, Bool)], entity: Node?) -> Node {
        let index = graph.node(chains.fetchIndex)
        let elementNodes: [Value] = elements.map { property, type, ascending in
            var fields = ArchiveGraph.Fields(capacity: 4)
            fields.set(.NSPropertyName, .object(.string(property)))
            fields.set(.NSFetchIndexElementType, .int(type))
            fields.set(.NSAscending, .bool(ascending))
            fields.set(.NSFetchIndexDescription, .object(.node(index)))
            return .node(graph.node(chains.fetchIndexElement, fields))
        }
        var fields = ArchiveGraph.Fields(capacity: 4)
        fields.set(.NSIndexName, .object(.string(name)))
        fields.set(.NSIndexElements, .object(.node(graph.array(elementNodes, mutable: false))))
        fields.set(.NSEntity, .object(entity.map { .node($0) } ?? .null))
        fields.set(.NSPartialIndexPredicate, .object(.null))
        graph.add(fields, to: index)
        return index
    }

    mutating func userInfoNode(_ userInfo: UserInfo) -> Node {
        let entries = Self.sorted(userInfo.dictionary.map { ($0.key, $0.value) })
            .map { (Value.string($0.0), Value.string($0.1)) }
        return graph.dictionary(entries, mutable: false)
    }
}
