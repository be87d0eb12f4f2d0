/// Renaming identifiers: no two entities, and no two properties of one entity, may share one (Core Data
/// could not tell which old column maps where); the older hand-written `renamingIdentifier` spelling is
/// honoured but flagged, because Apple's momc drops it and the same model built by Xcode loses the rename.
struct RenamingIdentifierRule: ModelRule {
    func check(_ context: ValidationContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var entityOwners: [String: String] = [:]
        for entity in context.model.entities {
            let entityIdentifier = entity.effectiveRenamingIdentifier
            if let other = entityOwners[entityIdentifier], other != entity.name {
                diagnostics.append(.error(.duplicateRenamingIdentifier,
                    "entities '\(other)' and '\(entity.name)' share the renaming ID '\(entityIdentifier)'",
                    at: entity.renamingIdentifier?.location ?? entity.location))
            } else {
                entityOwners[entityIdentifier] = entity.name
            }
            spelling(entity.renamingIdentifier, "entity '\(entity.name)'", into: &diagnostics)
            duplicateIdentifiers(in: entity, context, into: &diagnostics)
            for index in entity.attributes.indices where entity.attributes[index].renamingIdentifier?.spelling == .renamingIdentifier {
                let attribute = entity.attributes[index]
                spelling(attribute.renamingIdentifier, "'\(entity.name).\(attribute.name)'", into: &diagnostics)
            }
            for index in entity.relationships.indices where entity.relationships[index].renamingIdentifier?.spelling == .renamingIdentifier {
                let relationship = entity.relationships[index]
                spelling(relationship.renamingIdentifier, "'\(entity.name).\(relationship.name)'", into: &diagnostics)
            }
        }
        return diagnostics
    }

    /// Stored properties visible in the entity (own and inherited, nearest declaration winning) that share a
    /// renaming ID; reported where the entity declares the later one, once.
    private func duplicateIdentifiers(in entity: Entity, _ context: ValidationContext, into diagnostics: inout [Diagnostic]) {
        let visible = VisibleProperties(of: entity, in: context.entitiesByName)
        var owners: [String: String] = [:]
        for reference in visible.references where visible.isStored(reference) {
            let identifier = visible.renamingIdentifier(reference)
            guard let other = owners[identifier] else {
                owners[identifier] = reference.name
                continue
            }
            if reference.depth == 0 {
                diagnostics.append(.error(.duplicateRenamingIdentifier,
                    "'\(entity.name).\(other)' and '\(entity.name).\(reference.name)' share the renaming ID '\(identifier)': "
                    + "migration could map the old column to either", at: visible.property(reference).location))
            }
        }
    }

    private func spelling(_ identifier: RenamingIdentifier?, _ owner: @autoclosure () -> String, into diagnostics: inout [Diagnostic]) {
        guard let identifier, identifier.spelling == .renamingIdentifier else { return }
        diagnostics.append(.warning(.renamingIdentifierSpelling,
            "\(owner()) spells its renaming ID as renamingIdentifier=\"\(identifier.value)\"; Apple's momc drops that spelling, so "
            + "an Xcode build would lose the rename. Fix: write elementID=\"\(identifier.value)\" instead (openmomc honours both)",
            at: identifier.location))
    }
}
