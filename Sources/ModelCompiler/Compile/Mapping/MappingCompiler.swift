/// Works out what mapc writes for a mapping model (../shared/spec/mapping-model-format.md §3.1): entity mappings in
/// `mappingnumber` order, named and typed as mapc names and types them, with the hashes of the snapshots' entities
/// and the expressions mapc generates; property mappings sorted by name ignoring case. The OPEN rules are in
/// Docs/CompatibilityChoices.md ("Mapping models").
enum MappingCompiler {
    static func compile(_ model: MappingModel) -> (CompiledMapping?, [Diagnostic]) {
        let sourceHashes = CompiledVersion(model: model.source).entityHashes
        let destinationHashes = CompiledVersion(model: model.destination).entityHashes
        var diagnostics: [Diagnostic] = []
        let context = Context(model: model)
        var names: [String: SourceLocation] = [:]
        var entities: [CompiledMapping.Entity] = []
        for mapping in model.entityMappings {
            let name = context.name(of: mapping)
            if let earlier = names[name] {
                diagnostics.append(
                    .error(
                        .mappingModelMalformed,
                        "two entity mappings are named '\(name)' (the other "
                            + "is at line \(earlier.line)); Core Data refuses a mapping model whose mapping names repeat",
                        at: mapping.location))
                continue
            }
            names[name] = mapping.location
            var sourceHash: [UInt8]?, destinationHash: [UInt8]?
            for (side, entityName, hashes) in [
                ("source", mapping.sourceEntityName, sourceHashes),
                ("destination", mapping.destinationEntityName, destinationHashes),
            ] {
                guard let entityName else { continue }
                guard let hash = hashes[entityName] else {
                    diagnostics.append(
                        .error(
                            .mappingModelMalformed,
                            "entity mapping '\(name)' names \(side) entity "
                                + "'\(entityName)', which the \(side) model snapshot does not have; refresh the mapping model "
                                + "in Xcode (Editor > Refresh Data Models) or remove the mapping", at: mapping.location)
                    )
                    continue
                }
                if side == "source" { sourceHash = hash } else { destinationHash = hash }
            }
            var attributes: [CompiledMapping.Property] = [], relationships: [CompiledMapping.Property] = []
            for property in mapping.attributeMappings {
                attributes.append(
                    .init(name: property.name, expression: context.attributeExpression(property, mapping)))
            }
            for property in mapping.relationshipMappings {
                let (expression, found) = context.relationshipExpression(property, mapping, mappingName: name)
                diagnostics += found
                relationships.append(.init(name: property.name, expression: expression))
            }
            entities.append(
                .init(
                    name: name, type: context.type(of: mapping), sourceEntityName: mapping.sourceEntityName,
                    destinationEntityName: mapping.destinationEntityName, sourceHash: sourceHash,
                    destinationHash: destinationHash, userInfo: mapping.userInfo,
                    migrationPolicyClassName: mapping.migrationPolicyClassName,
                    attributeMappings: sortedByName(attributes), relationshipMappings: sortedByName(relationships),
                    location: mapping.location))
        }
        guard !diagnostics.hasErrors else { return (nil, diagnostics) }
        return (
            CompiledMapping(
                name: model.name, entityMappings: entities, sourceHashes: sourceHashes,
                destinationHashes: destinationHashes), diagnostics
        )
    }

    /// mapc's order: by name ignoring case (128 of 128 lists, §3.1), then as written.
    static func sortedByName(_ properties: [CompiledMapping.Property]) -> [CompiledMapping.Property] {
        properties.enumerated().sorted { a, b in
            let (left, right) = (a.element.name.lowercased(), b.element.name.lowercased())
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
    }

    /// `$variable.path` as a source key path (`$source.books`, `$source.countries.@distinctUnionOfSets.moods`).
    static func keyPath(_ text: String) -> CompiledMapping.Expression? {
        guard text.hasPrefix("$"), let dot = text.firstIndex(of: ".") else { return nil }
        let variable = String(text[text.index(after: text.startIndex)..<dot])
        let path = String(text[text.index(after: dot)...])
        guard !variable.isEmpty, !path.isEmpty, !path.contains(where: \.isWhitespace),
            variable.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return .keyPath(variable: variable, path: path)
    }
}
