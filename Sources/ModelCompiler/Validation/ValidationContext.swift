/// Indexes over one model version that the rules share, built once.
struct ValidationContext: Sendable {
    let model: ManagedObjectModel
    let entitiesByName: [String: Entity]
    let compositesByName: [String: Composite]

    init(_ model: ManagedObjectModel) {
        self.model = model
        entitiesByName = model.entitiesByName
        var composites: [String: Composite] = [:]
        for composite in model.composites where composites[composite.name] == nil { composites[composite.name] = composite }
        compositesByName = composites
    }

    /// The entity's ancestors, nearest first, stopping at a missing parent or a cycle.
    func ancestors(of entity: Entity) -> [Entity] {
        Array(entity.lineage(in: entitiesByName).dropFirst())
    }

    func property(named name: String, in entity: Entity) -> Property? {
        for candidate in [entity] + ancestors(of: entity) {
            if let attribute = candidate.attributes.first(where: { $0.name == name }) { return .attribute(attribute) }
            if let relationship = candidate.relationships.first(where: { $0.name == name }) { return .relationship(relationship) }
            if let fetched = candidate.fetchedProperties.first(where: { $0.name == name }) { return .fetchedProperty(fetched) }
        }
        return nil
    }

    func relationship(named name: String, in entity: Entity) -> Relationship? {
        if case .relationship(let relationship)? = property(named: name, in: entity) { return relationship }
        return nil
    }

    /// True when `entity` is `other` or inherits from it.
    func entity(_ entity: Entity, isKindOf other: String) -> Bool {
        entity.name == other || ancestors(of: entity).contains { $0.name == other }
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
        return rules.flatMap { $0.check(context) }
    }
}
