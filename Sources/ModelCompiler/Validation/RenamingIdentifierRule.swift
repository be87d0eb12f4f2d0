/// Renaming identifiers: no two entities, and no two properties of one entity, should share one (Core Data could not
/// tell which old column maps where). Apple's momc compiles such a model and renaming IDs matter only to migration, so
/// it is a warning saying what migration does with it. The older hand-written `renamingIdentifier` spelling is
/// honoured but flagged, because Apple's momc drops it and the same model built by Xcode loses the rename.
struct RenamingIdentifierRule: ModelRule {
    func check(_ context: ValidationContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var entityOwners: [String: String] = [:]
        for entity in context.model.entities {
            let entityIdentifier = entity.effectiveRenamingIdentifier
            if let other = entityOwners[entityIdentifier], other != entity.name {
                diagnostics.append(
                    .warning(
                        .duplicateRenamingIdentifier,
                        "entities '\(other)' and '\(entity.name)' share the renaming ID '\(entityIdentifier)': an inferred "
                            + "migration may take either for the old entity of that name, so one of them can get the other's rows",
                        at: entity.renamingIdentifier?.location ?? entity.location))
            } else {
                entityOwners[entityIdentifier] = entity.name
            }
            spelling(entity.renamingIdentifier, "entity '\(entity.name)'", into: &diagnostics)
            duplicateIdentifiers(in: entity, into: &diagnostics)
            for index in entity.attributes.indices
            where entity.attributes[index].renamingIdentifier?.spelling == .renamingIdentifier {
                let attribute = entity.attributes[index]
                spelling(attribute.renamingIdentifier, "'\(entity.name).\(attribute.name)'", into: &diagnostics)
            }
            for index in entity.relationships.indices
            where entity.relationships[index].renamingIdentifier?.spelling == .renamingIdentifier {
                let relationship = entity.relationships[index]
                spelling(relationship.renamingIdentifier, "'\(entity.name).\(relationship.name)'", into: &diagnostics)
            }
        }
        return diagnostics
    }

    /// Stored properties the entity declares (the first of each name) that share a renaming ID; reported where
    /// the later one is declared. Inherited ones are checked in the entity that declares them.
    private func duplicateIdentifiers(in entity: Entity, into diagnostics: inout [Diagnostic]) {
        var owners: [String: String] = [:]
        owners.reserveCapacity(entity.attributes.count + entity.relationships.count)
        func visit(_ name: String, _ identifier: String, isStored: Bool, location: @autoclosure () -> SourceLocation) {
            guard isStored else { return }
            // One hash per property: the first owner stays; a name declared twice is the duplicate-property error.
            guard let other = owners.updateValue(name, forKey: identifier) else { return }
            owners[identifier] = other
            guard other != name else { return }
            diagnostics.append(
                .warning(
                    .duplicateRenamingIdentifier,
                    "'\(entity.name).\(other)' and '\(entity.name).\(name)' share the renaming ID '\(identifier)': an "
                        + "inferred migration may fill either from the old '\(identifier)' and leave the other empty; give each "
                        + "its own renaming ID", at: location()))
        }
        // By index: a `for` over the array copies each large value.
        let attributes = entity.attributes, relationships = entity.relationships
        for index in attributes.indices {
            visit(
                attributes[index].name, attributes[index].effectiveRenamingIdentifier,
                isStored: attributes[index].isStored,
                location: attributes[index].location)
        }
        for index in relationships.indices {
            visit(
                relationships[index].name, relationships[index].effectiveRenamingIdentifier,
                isStored: relationships[index].isStored, location: relationships[index].location)
        }
    }

    private func spelling(
        _ identifier: RenamingIdentifier?, _ owner: @autoclosure () -> String, into diagnostics: inout [Diagnostic]
    ) {
        guard let identifier, identifier.spelling == .renamingIdentifier else { return }
        diagnostics.append(
            .warning(
                .renamingIdentifierSpelling,
                "\(owner()) spells its renaming ID as renamingIdentifier=\"\(identifier.value)\"; Apple's momc drops that spelling, so "
                    + "an Xcode build would lose the rename. Fix: write elementID=\"\(identifier.value)\" instead (openmomc honours both)",
                at: identifier.location))
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let duplicateRenamingIdentifier: DiagnosticCode = "duplicate-renaming-identifier"
    static let renamingIdentifierSpelling: DiagnosticCode = "renaming-identifier-spelling"
}
