/// Indexes over one model version that the rules share, built once. Walks up the hierarchy go by name through
/// these indexes and never copy an entity, so a deep hierarchy costs lookups, not copies.
struct ValidationContext: Sendable {
    let model: ManagedObjectModel
    let entitiesByName: [String: Entity]
    let compositesByName: [String: Composite]
    /// Entity name -> the name of each property it declares -> where (the first declaration of the name).
    let declared: [String: [String: Declared]]

    /// Property name -> the entities with subentities that declare it (only they can be an ancestor).
    let declarers: [String: [String]]
    /// A depth-first walk of the inheritance forest: `a` is an ancestor of `b` exactly when a's interval holds b's.
    /// Entities on an inheritance cycle (an error) are not in it.
    let tour: [String: (enter: Int, exit: Int, depth: Int)]
    /// The entities of `tour` in the walk's order: every parent before its children.
    let walk: [String]

    struct Declared: Sendable {
        var kind: PropertyKind
        /// Position in the entity's `attributes`, `relationships` or `fetchedProperties`.
        var index: Int
    }

    init(_ model: ManagedObjectModel) {
        self.model = model
        var composites: [String: Composite] = [:]
        for composite in model.composites where composites[composite.name] == nil {
            composites[composite.name] = composite
        }
        compositesByName = composites
        // The hierarchy and each run of entities' declarations are indexed side by side, as one list of jobs so that
        // every core takes a share (a run nested inside one of two jobs left the other core idle): every rule waits
        // for all of them.
        let entities = model.entities
        let ranges = Parallel.ranges(entities.count, minimum: 64)
        typealias Tour = [String: (enter: Int, exit: Int, depth: Int)]
        typealias Job = (
            hierarchy: (byName: [String: Entity], tour: Tour, walk: [String])?, names: [[String: Declared]]
        )
        let jobs = Parallel.map(1 + ranges.count) { job -> Job in
            guard job > 0 else {
                let byName = model.entitiesByName
                let (tour, walk) = Self.tour(entities, byName)
                return ((byName, tour, walk), [])
            }
            return (nil, ranges[job - 1].map { Self.declarations(entities[$0]) })
        }
        let hierarchy = jobs[0].hierarchy!
        (declared, declarers) = Self.declarations(entities, jobs.dropFirst().lazy.flatMap { (job: Job) in job.names })
        entitiesByName = hierarchy.byName
        tour = hierarchy.tour
        walk = hierarchy.walk
    }

    /// `indexed`: each entity's own declarations, in model order.
    private static func declarations(
        _ entities: [Entity], _ indexed: some Sequence<[String: Declared]>
    )
        -> (declared: [String: [String: Declared]], declarers: [String: [String]])
    {
        var declared: [String: [String: Declared]] = [:]
        declared.reserveCapacity(entities.count)
        // By position: an entity is large, and a walk over the array copied each one.
        for (position, names) in indexed.enumerated() where declared[entities[position].name] == nil {
            declared[entities[position].name] = names
        }
        // Most entities have no subentities, and their names are never looked up here.
        let parents = Set(entities.indices.compactMap { entities[$0].parentName })
        var declarers: [String: [String]] = [:]
        for (entity, names) in declared where parents.contains(entity) {
            for name in names.keys { declarers[name, default: []].append(entity) }
        }
        return (declared, declarers)
    }

    /// Each name the entity declares, where first declared.
    private static func declarations(_ entity: Entity) -> [String: Declared] {
        var names: [String: Declared] = [:]
        names.reserveCapacity(entity.attributes.count + entity.relationships.count + entity.fetchedProperties.count)
        // By position, names only: enumerating the properties copied each one whole. Backwards, each name simply
        // written: the first declaration is written last, one lookup per property.
        for index in entity.fetchedProperties.indices.reversed() {
            names[entity.fetchedProperties[index].name] = Declared(kind: .fetchedProperty, index: index)
        }
        for index in entity.relationships.indices.reversed() {
            names[entity.relationships[index].name] = Declared(kind: .relationship, index: index)
        }
        for index in entity.attributes.indices.reversed() {
            names[entity.attributes[index].name] = Declared(kind: .attribute, index: index)
        }
        return names
    }

    private static func tour(
        _ entities: [Entity], _ byName: [String: Entity]
    )
        -> ([String: (enter: Int, exit: Int, depth: Int)], walk: [String])
    {
        var children: [String: [String]] = [:], roots: [String] = [], seen: Set<String> = []
        for entity in entities where seen.insert(entity.name).inserted {
            if let parent = entity.parentName, byName[parent] != nil {
                children[parent, default: []].append(entity.name)
            } else {
                roots.append(entity.name)
            }
        }
        var tour: [String: (enter: Int, exit: Int, depth: Int)] = [:], clock = 0, walk: [String] = []
        for root in roots {
            var stack: [(name: String, next: Int)] = [(root, 0)]
            tour[root] = (clock, 0, 0)
            walk.append(root)
            clock += 1
            while let top = stack.last {
                let kids = children[top.name] ?? []
                if top.next < kids.count {
                    stack[stack.count - 1].next += 1
                    let child = kids[top.next]
                    guard tour[child] == nil else { continue }
                    tour[child] = (clock, 0, stack.count)
                    walk.append(child)
                    clock += 1
                    stack.append((child, 0))
                } else {
                    tour[top.name]!.exit = clock
                    clock += 1
                    stack.removeLast()
                }
            }
        }
        return (tour, walk)
    }

    /// True when `ancestor` is a proper ancestor of `entity`.
    func isAncestor(_ ancestor: String, of entity: String) -> Bool {
        guard ancestor != entity, let a = tour[ancestor], let b = tour[entity] else { return false }
        return a.enter < b.enter && b.exit < a.exit
    }

    /// The nearest ancestor of `entity` that declares `name`, in constant time per declaring entity.
    func nearestAncestor(of entity: Entity, declaring name: String) -> String? {
        guard entity.parentName != nil else { return nil }
        return declarers[name]?.filter { isAncestor($0, of: entity.name) }.max { tour[$0]!.depth < tour[$1]!.depth }
    }

    /// The names of the entity's ancestors, nearest first, stopping at a missing parent or a cycle (after as many
    /// steps as there are entities). Lazy: most walks stop at the first match.
    func ancestorNames(of entity: Entity) -> some Sequence<String> {
        let limit = entitiesByName.count
        var steps = 0
        return sequence(first: entity.parentName ?? "") { [entitiesByName] name in
            steps += 1
            return steps < limit ? entitiesByName[name]?.parentName : nil
        }
        .prefix { [entitiesByName] name in entitiesByName[name] != nil && name != entity.name }
    }

    /// The property `name` of `entityName` as declared there.
    func property(_ declared: Declared, of entityName: String) -> Property? {
        guard let entity = entitiesByName[entityName] else { return nil }
        switch declared.kind {
        case .attribute: return .attribute(entity.attributes[declared.index])
        case .relationship: return .relationship(entity.relationships[declared.index])
        case .fetchedProperty: return .fetchedProperty(entity.fetchedProperties[declared.index])
        }
    }

    /// The nearest declaration of `name` in the entity or its ancestors.
    func property(named name: String, in entity: Entity) -> Property? {
        declaration(of: name, in: entity).flatMap { property($0.declared, of: $0.entity) }
    }

    func hasProperty(named name: String, in entity: Entity) -> Bool { declaration(of: name, in: entity) != nil }

    /// Where the nearest declaration of `name` is: the entity itself or the nearest ancestor declaring it.
    private func declaration(of name: String, in entity: Entity) -> (entity: String, declared: Declared)? {
        if let found = declared[entity.name]?[name] { return (entity.name, found) }
        for candidate in ancestorNames(of: entity) {
            if let found = declared[candidate]?[name] { return (candidate, found) }
        }
        return nil
    }

    func relationship(named name: String, in entity: Entity) -> Relationship? {
        if case .relationship(let relationship)? = property(named: name, in: entity) { return relationship }
        return nil
    }

    /// True when `entity` is `other` or inherits from it.
    func entity(_ entity: Entity, isKindOf other: String) -> Bool {
        entity.name == other || ancestorNames(of: entity).contains(other)
    }
}

/// A family of model checks. Each rule reports with its own stable code.
protocol ModelRule: Sendable {
    func check(_ context: ValidationContext) -> [Diagnostic]
}

/// Runs every model rule over one version.
enum ModelValidator {
    static let rules: [any ModelRule] = [
        EntityHierarchyRule(),
        PropertyNameRule(),
        RelationshipRule(),
        AttributeValueRule(),
        ReferenceRule(),
        CloudKitRule(),
        ExpressionRule(),
        RenamingIdentifierRule(),
    ]

    static func validate(_ model: ManagedObjectModel) -> [Diagnostic] {
        StageTrace.record(.validated, model.versionName)
        let context = ValidationContext(model)
        // Rules are independent of one another: they run side by side, their findings kept in rule order.
        return supersedingWarnings(Parallel.map(rules.count) { rules[$0].check(context) }.flatMap { $0 })
    }

    /// What a model must be whichever way it entered (a compiled `.mom`, a mapping model's snapshot): no entity its
    /// own ancestor, no parent that does not exist. Hashing or typing such a model would follow the loop.
    static func structuralErrors(_ model: ManagedObjectModel) -> [Diagnostic] {
        EntityHierarchyRule().check(ValidationContext(model)).filter {
            $0.severity == .error && [.inheritanceCycle, .parentEntityNotFound].contains($0.code)
        }
    }

    /// Stricter rules that restate a general warning as an error, at the same place: the error alone is reported.
    static let superseded: [DiagnosticCode: DiagnosticCode] = [.cloudKitMissingInverse: .missingInverse]

    private static func supersedingWarnings(_ found: [Diagnostic]) -> [Diagnostic] {
        let places = Set(found.compactMap { finding in superseded[finding.code].map { "\($0)@\(finding.location)" } })
        guard !places.isEmpty else { return found }
        return found.filter { !places.contains("\($0.code)@\($0.location)") }
    }
}
