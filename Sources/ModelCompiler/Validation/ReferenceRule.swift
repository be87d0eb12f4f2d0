/// Names used by constraints, indexes, configurations, fetched properties and fetch requests exist.
struct ReferenceRule: ModelRule {
    func check(_ context: ValidationContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for entity in context.model.entities {
            diagnostics += checkMembers(of: entity, context)
            for fetched in entity.fetchedProperties {
                guard let request = fetched.fetchRequest, let target = request.entityName else { continue }
                if context.entitiesByName[target] == nil {
                    diagnostics.append(
                        .error(
                            .fetchedPropertyUnknownEntity,
                            "fetched property '\(entity.name).\(fetched.name)' fetches entity '\(target)', which is not in the model",
                            at: request.span[setting: "entity"]))
                }
            }
        }
        var requestNames: Set<String> = []
        for request in context.model.fetchRequests {
            if !requestNames.insert(request.name).inserted {
                diagnostics.append(
                    .error(
                        .duplicateFetchRequest,
                        "duplicate fetch request template '\(request.name)'", at: request.location))
            }
            if let target = request.entityName, context.entitiesByName[target] == nil {
                diagnostics.append(
                    .error(
                        .fetchRequestUnknownEntity,
                        "fetch request '\(request.name)' fetches entity '\(target)', which is not in the model",
                        at: request.span[setting: "entity"]))
            }
        }
        var configurationNames: Set<String> = []
        for configuration in context.model.configurations {
            if !configurationNames.insert(configuration.name).inserted || configuration.name == "Default" {
                diagnostics.append(
                    .error(
                        .duplicateConfiguration,
                        configuration.name == "Default"
                            ? "'Default' is the name of the configuration every model has; choose another name"
                            : "duplicate configuration '\(configuration.name)'", at: configuration.location))
            }
            for member in configuration.members where context.entitiesByName[member.entityName] == nil {
                diagnostics.append(
                    .error(
                        .configurationUnknownEntity,
                        "configuration '\(configuration.name)' lists entity '\(member.entityName)', which is not in the model",
                        at: member.location))
            }
        }
        return diagnostics
    }

    private func checkMembers(of entity: Entity, _ context: ValidationContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // A constraint may name a composite's element as `composite.element`; the attribute must exist.
        func known(_ path: String) -> Bool {
            context.hasProperty(named: String(path.split(separator: ".", maxSplits: 1).first ?? ""), in: entity)
        }
        for constraint in entity.uniquenessConstraints {
            for member in constraint.members where !known(member.value) {
                diagnostics.append(
                    .error(
                        .constraintUnknownProperty,
                        "uniqueness constraint of '\(entity.name)' names '\(member.value)', which is not a property of the entity",
                        at: member.location))
            }
        }
        for index in entity.fetchIndexes {
            for element in index.elements {
                guard let property = element.property, !known(property) else { continue }
                diagnostics.append(
                    .error(
                        .fetchIndexUnknownProperty,
                        "fetch index '\(index.name)' of '\(entity.name)' names '\(property)', which is not a property of the entity",
                        at: element.span[setting: "property"]))
            }
        }
        for index in entity.compoundIndexes {
            for member in index.members where !known(member.value) {
                diagnostics.append(
                    .error(
                        .fetchIndexUnknownProperty,
                        "compound index of '\(entity.name)' names '\(member.value)', which is not a property of the entity",
                        at: member.location))
            }
        }
        return diagnostics
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let constraintUnknownProperty: DiagnosticCode = "constraint-unknown-property"
    static let fetchIndexUnknownProperty: DiagnosticCode = "fetch-index-unknown-property"
    static let configurationUnknownEntity: DiagnosticCode = "configuration-unknown-entity"
    static let duplicateConfiguration: DiagnosticCode = "duplicate-configuration"
    static let fetchedPropertyUnknownEntity: DiagnosticCode = "fetched-property-unknown-entity"
    static let duplicateFetchRequest: DiagnosticCode = "duplicate-fetch-request"
}
