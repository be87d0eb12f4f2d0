/// What a custom migration with a mapping model drops, said like any drop of an inferred one: the rows of a source
/// entity no entity mapping reads (an entity mapping of an ancestor reads its subentities too), and the data of a
/// destination property with no value expression whose source entity has that property (by name or renaming ID):
/// the migration manager leaves it unset, so the value the store held is gone.
enum MappingDrops {
    static func changes(
        _ hop: MappingModelRule.Hop, from source: CompiledVersion, to destination: CompiledVersion
    )
        -> [MigrationChange]
    {
        let pair = "\(source.versionName) -> \(destination.versionName): "
        let via = "'\(hop.mappingModel)'"
        let sourceEntities = source.model.entitiesByName, destinationEntities = destination.model.entitiesByName
        let read = Set(hop.entityMappings.compactMap(\.sourceEntityName))
        var changes: [MigrationChange] = []
        for entity in source.model.entities where !entity.isAbstract {
            guard !entity.lineageNames(in: sourceEntities).contains(where: read.contains) else { continue }
            changes.append(
                MigrationChange(
                    verdict: .dataLoss, code: .migrationEntityDropped, subject: entity.name,
                    message: pair + "entity '\(entity.name)' has no entity mapping in \(via): every row of it in the "
                        + "store is dropped; add an entity mapping for it", location: hop.location))
        }
        for mapping in hop.entityMappings where mapping.type != .remove && mapping.type != .add {
            guard let sourceName = mapping.sourceEntityName, let destinationName = mapping.destinationEntityName,
                let from = sourceEntities[sourceName], let to = destinationEntities[destinationName]
            else { continue }
            let sourceProperties = from.lineage(in: sourceEntities).flatMap(\.properties).filter(isStored)
            let expressions = Set(
                (mapping.attributeMappings + mapping.relationshipMappings)
                    .filter { $0.expression != nil }.map(\.name))
            for property in to.lineage(in: destinationEntities).flatMap(\.properties).filter(isStored)
            where !expressions.contains(property.name) {
                guard
                    let old = sourceProperties.first(where: {
                        $0.name == property.name || $0.renamingIdentifier == property.renamingIdentifier
                    })
                else { continue }
                let what = if case .relationship = property { "the links of" } else { "the data of" }
                changes.append(
                    MigrationChange(
                        verdict: .dataLoss, code: .migrationDataDropped,
                        subject: "\(sourceName).\(old.name)",
                        message: pair
                            + "'\(destinationName).\(property.name)' has no value expression in '\(mapping.name)' "
                            + "of \(via): \(what) '\(sourceName).\(old.name)' in the store are dropped; give it one "
                            + "(\"$source.\(old.name)\")", location: mapping.location))
            }
        }
        return changes
    }

    private static func isStored(_ property: Property) -> Bool {
        switch property {
        case .attribute(let attribute): attribute.isStored
        case .relationship(let relationship): relationship.isStored
        case .fetchedProperty: false
        }
    }
}
