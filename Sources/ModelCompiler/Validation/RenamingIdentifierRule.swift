/// Renaming identifiers: no two entities, and no two properties of one entity, may share one (Core Data
/// could not tell which old column maps where); the older hand-written `renamingIdentifier` spelling is
/// honoured but flagged, because Apple's momc drops it and the same model built by Xcode loses the rename.
struct RenamingIdentifierRule: ModelRule {
    func check(_ context: ValidationContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var entityOwners: [String: String] = [:]
        for entity in context.model.entities {
            if let other = entityOwners[entity.effectiveRenamingIdentifier], other != entity.name {
                diagnostics.append(.error(.duplicateRenamingIdentifier,
                    "entities '\(other)' and '\(entity.name)' share the renaming ID '\(entity.effectiveRenamingIdentifier)'",
                    at: entity.renamingIdentifier?.location ?? entity.location))
            } else {
                entityOwners[entity.effectiveRenamingIdentifier] = entity.name
            }
            diagnostics += spelling(entity.renamingIdentifier, "entity '\(entity.name)'")
            var propertyOwners: [String: String] = [:]
            let ownNames = Set(entity.propertyNames)
            for property in ModelMatcher.visibleProperties(of: entity, in: context.entitiesByName) where property.isStored {
                let identifier = property.renamingIdentifier
                if let other = propertyOwners[identifier] {
                    // Reported where the entity declares it, once.
                    if ownNames.contains(property.name) {
                        diagnostics.append(.error(.duplicateRenamingIdentifier,
                            "'\(entity.name).\(other)' and '\(entity.name).\(property.name)' share the renaming ID '\(identifier)': "
                            + "migration could map the old column to either", at: property.location))
                    }
                } else {
                    propertyOwners[identifier] = property.name
                }
            }
            for attribute in entity.attributes { diagnostics += spelling(attribute.renamingIdentifier, "'\(entity.name).\(attribute.name)'") }
            for relationship in entity.relationships {
                diagnostics += spelling(relationship.renamingIdentifier, "'\(entity.name).\(relationship.name)'")
            }
        }
        return diagnostics
    }

    private func spelling(_ identifier: RenamingIdentifier?, _ owner: String) -> [Diagnostic] {
        guard let identifier, identifier.spelling == .renamingIdentifier else { return [] }
        return [.warning(.renamingIdentifierSpelling,
            "\(owner) spells its renaming ID as renamingIdentifier=\"\(identifier.value)\"; Apple's momc drops that spelling, so "
            + "an Xcode build would lose the rename. Fix: write elementID=\"\(identifier.value)\" instead (openmomc honours both)",
            at: identifier.location)]
    }
}
