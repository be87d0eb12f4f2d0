/// Relationships point at entities that exist, inverses point back, counts make sense; momc's
/// warnings for a missing inverse and the No Action delete rule.
struct RelationshipRule: ModelRule {
    func check(_ context: ValidationContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for entity in context.model.entities {
            for relationship in entity.relationships {
                diagnostics += check(relationship, of: entity, context)
            }
        }
        return diagnostics
    }

    private func check(_ relationship: Relationship, of entity: Entity, _ context: ValidationContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var label: String { "\(entity.name).\(relationship.name)" }
        if relationship.maxCount > 0 && relationship.minCount > relationship.maxCount {
            // Apple's momc compiles it; Core Data then refuses every save of the relationship with objects in it.
            diagnostics.append(
                .warning(
                    .minCountAboveMaxCount,
                    "'\(label)' has a minimum count of \(relationship.minCount) above its maximum of \(relationship.maxCount): "
                        + "Core Data refuses to save it with any objects in it",
                    at: relationship.span[setting: "minCount"]))
        }
        if relationship.deleteRule == .noAction {
            diagnostics.append(
                .warning(
                    .noActionDeleteRule,
                    "Setting the No Action Delete Rule on \(label) is an advanced setting: deleting the object "
                        + "leaves dangling references to it", at: relationship.span[setting: "deletionRule"]))
        }
        guard let destinationName = relationship.destinationEntityName else { return diagnostics }
        guard let destination = context.entitiesByName[destinationName] else {
            diagnostics.append(
                .error(
                    .destinationEntityNotFound,
                    "'\(label)' points at entity '\(destinationName)', which is not in the model",
                    at: relationship.span[setting: "destinationEntity"]))
            return diagnostics
        }
        guard let inverseName = relationship.inverseName, !inverseName.isEmpty else {
            diagnostics.append(
                .warning(
                    .missingInverse,
                    "\(label) should have an inverse; without one, deleting objects can leave the store inconsistent",
                    at: relationship.location))
            return diagnostics
        }
        // The inverse may be declared on an ancestor of the destination, and `inverseEntity` then names it.
        if let inverseEntity = relationship.inverseEntityName, !context.entity(destination, isKindOf: inverseEntity) {
            diagnostics.append(
                .error(
                    .inverseEntityMismatch,
                    "'\(label)' names its inverse on '\(inverseEntity)' but its destination is '\(destinationName)'",
                    at: relationship.span[setting: "inverseEntity"]))
            return diagnostics
        }
        guard let inverse = context.relationship(named: inverseName, in: destination) else {
            // Real shipped models carry dangling inverses and momc compiles them, so this warns; the
            // relationship then has no inverse at run time.
            diagnostics.append(
                .warning(
                    .inverseNotFound,
                    "'\(label)' names '\(inverseName)' as its inverse, but '\(destinationName)' has no relationship "
                        + "of that name; the relationship will have no inverse",
                    at: relationship.span[setting: "inverseName"]))
            return diagnostics
        }
        let related =
            inverse.destinationEntityName.map { name in
                context.entity(entity, isKindOf: name)
                    || context.entitiesByName[name].map { context.entity($0, isKindOf: entity.name) } == true
            } ?? false
        if inverse.inverseName != relationship.name || !related {
            let theirs = inverse.inverseName.map { "'\(inverse.destinationEntityName ?? "?").\($0)'" }
            // Apple's momc compiles it with a warning (seen on shipping apps: two relationships naming one inverse).
            diagnostics.append(
                .warning(
                    .inverseNotReciprocal,
                    "'\(label)' has inverse '\(destinationName).\(inverseName)', but "
                        + (theirs.map { "that relationship's inverse is \($0)" } ?? "that relationship has no inverse")
                        + ": Core Data updates each side by its own inverse, so a change made through one is not reflected in "
                        + "the other and the object graph goes out of step; make the two name each other",
                    at: relationship.span[setting: "inverseName"]))
        }
        return diagnostics
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let inverseNotReciprocal: DiagnosticCode = "inverse-not-reciprocal"
    static let inverseEntityMismatch: DiagnosticCode = "inverse-entity-mismatch"
    /// `missing-inverse`: a relationship without an inverse (momc's warning; `momc --no-inverse-warnings` drops it).
    public static let missingInverse: DiagnosticCode = "missing-inverse"
    static let minCountAboveMaxCount: DiagnosticCode = "min-count-above-max-count"
    /// `no-action-delete-rule`: a relationship whose delete rule is No Action (momc's warning).
    public static let noActionDeleteRule: DiagnosticCode = "no-action-delete-rule"
}
