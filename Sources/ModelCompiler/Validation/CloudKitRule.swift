/// Configurations synced with CloudKit follow CloudKit's schema rules; a model breaking them fails at
/// run time when NSPersistentCloudKitContainer loads the store.
struct CloudKitRule: ModelRule {
    func check(_ context: ValidationContext) -> [Diagnostic] {
        var synced: [(configuration: String, entities: [Entity])] = []
        if context.model.metadata.usedWithCloudKit {
            synced.append(("Default", context.model.entities))
        }
        for configuration in context.model.configurations where configuration.usedWithCloudKit {
            synced.append(
                (configuration.name, configuration.members.compactMap { context.entitiesByName[$0.entityName] }))
        }
        var diagnostics: [Diagnostic] = []
        var checked: Set<String> = []
        for (configuration, entities) in synced {
            for entity in entities where checked.insert(entity.name).inserted {
                diagnostics += check(entity, configuration: configuration)
            }
        }
        return diagnostics
    }

    private func check(_ entity: Entity, configuration: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let why = "configuration '\(configuration)' is used with CloudKit"
        for attribute in entity.attributes where !attribute.isOptional && !attribute.isTransient && !attribute.isDerived
        {
            if !attribute.hasCompiledDefault {
                diagnostics.append(
                    .error(
                        .cloudKitRequiredAttribute,
                        "'\(entity.name).\(attribute.name)' must be optional or have a default value: \(why)",
                        at: attribute.location))
            }
        }
        for constraint in entity.uniquenessConstraints {
            diagnostics.append(
                .error(
                    .cloudKitUniquenessConstraint,
                    "'\(entity.name)' must not have uniqueness constraints: \(why)", at: constraint.location))
        }
        for relationship in entity.relationships {
            let label = "\(entity.name).\(relationship.name)"
            if !relationship.isOptional {
                diagnostics.append(
                    .error(
                        .cloudKitRequiredRelationship,
                        "'\(label)' must be optional: \(why)", at: relationship.location))
            }
            if relationship.inverseName == nil {
                diagnostics.append(
                    .error(
                        .cloudKitMissingInverse,
                        "'\(label)' must have an inverse: \(why)", at: relationship.location))
            }
            if relationship.deleteRule == .deny {
                diagnostics.append(
                    .error(
                        .cloudKitDenyRule,
                        "'\(label)' must not use the Deny delete rule: \(why)",
                        at: relationship.span[setting: "deletionRule"]))
            }
            if relationship.isOrdered {
                diagnostics.append(
                    .error(
                        .cloudKitOrderedRelationship,
                        "'\(label)' must not be ordered: \(why)", at: relationship.span[setting: "ordered"]))
            }
        }
        return diagnostics
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let cloudKitRequiredAttribute: DiagnosticCode = "cloudkit-required-attribute"
    static let cloudKitUniquenessConstraint: DiagnosticCode = "cloudkit-uniqueness-constraint"
    static let cloudKitRequiredRelationship: DiagnosticCode = "cloudkit-required-relationship"
    static let cloudKitMissingInverse: DiagnosticCode = "cloudkit-missing-inverse"
    static let cloudKitDenyRule: DiagnosticCode = "cloudkit-deny-rule"
    static let cloudKitOrderedRelationship: DiagnosticCode = "cloudkit-ordered-relationship"
}
