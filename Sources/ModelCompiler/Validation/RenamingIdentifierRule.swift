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
        var owners: [String: String] = [:]
        var seenNames: Set<String> = []
        let lineage = entity.parentName == nil ? [entity] : entity.lineage(in: context.entitiesByName)
        for (depth, declarer) in lineage.enumerated() {
            func visit(_ name: String, _ identifier: String, isStored: Bool, location: @autoclosure () -> SourceLocation) {
                guard seenNames.insert(name).inserted, isStored else { return }
                guard let other = owners[identifier] else {
                    owners[identifier] = name
                    return
                }
                if depth == 0 {
                    diagnostics.append(.error(.duplicateRenamingIdentifier,
                        "'\(entity.name).\(other)' and '\(entity.name).\(name)' share the renaming ID '\(identifier)': "
                        + "migration could map the old column to either", at: location()))
                }
            }
            // By index: a `for` over the array would copy every attribute whole.
            let attributes = declarer.attributes, relationships = declarer.relationships
            for index in attributes.indices {
                visit(attributes[index].name, attributes[index].effectiveRenamingIdentifier,
                      isStored: !attributes[index].isTransient && !attributes[index].isDerived, location: attributes[index].location)
            }
            for index in relationships.indices {
                visit(relationships[index].name, relationships[index].effectiveRenamingIdentifier,
                      isStored: !relationships[index].isTransient, location: relationships[index].location)
            }
            for fetched in declarer.fetchedProperties { visit(fetched.name, fetched.name, isStored: false, location: fetched.location) }
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
