extension MappingCompiler {
    /// The two snapshots' entities, and the mappings by destination entity: what mapc's naming, typing and generated
    /// expressions look at.
    struct Context {
        let model: MappingModel
        let sourceEntities: [String: Entity]
        let destinationEntities: [String: Entity]

        init(model: MappingModel) {
            self.model = model
            sourceEntities = model.source.entitiesByName
            destinationEntities = model.destination.entitiesByName
        }

        /// The user's name, else `<Source>To<Destination>`; an Add mapping is named after its destination (§3.1) and
        /// a Remove mapping after its source (no sample: a choice).
        func name(of mapping: EntityMapping) -> String {
            if let explicit = mapping.explicitName { return explicit }
            switch (mapping.sourceEntityName, mapping.destinationEntityName) {
            case (let source?, let destination?): return source + "To" + destination
            case (nil, let destination?): return destination
            case (let source?, nil): return source
            case (nil, nil): return ""
            }
        }

        /// Add without a source, Remove without a destination, Custom with a policy class, else Copy when the
        /// entity keeps its name and every source property is in the destination as it was, else Transform
        /// (55 of 55 mappings, §3.1; the rule is derived, not confirmed by Xcode).
        func type(of mapping: EntityMapping) -> CompiledMapping.MappingType {
            guard let sourceName = mapping.sourceEntityName else { return .add }
            guard let destinationName = mapping.destinationEntityName else { return .remove }
            if mapping.migrationPolicyClassName != nil { return .custom }
            guard sourceName == destinationName, let source = sourceEntities[sourceName],
                let destination = destinationEntities[destinationName]
            else { return .transform }
            let kept = Dictionary(
                properties(of: destination, in: destinationEntities).map { ($0.name, $0) },
                uniquingKeysWith: { first, _ in first })
            for property in properties(of: source, in: sourceEntities) {
                guard let match = kept[property.name], Self.describedAlike(property, match) else { return .transform }
            }
            return .copy
        }

        /// Attributes: type, optional, transient; relationships: destination, to-many, inverse, optional, counts,
        /// ordered (the editor's description of a property).
        static func describedAlike(_ a: Property, _ b: Property) -> Bool {
            switch (a, b) {
            case (.attribute(let a), .attribute(let b)):
                return a.type == b.type && a.isOptional == b.isOptional && a.isTransient == b.isTransient
            case (.relationship(let a), .relationship(let b)):
                return a.destinationEntityName == b.destinationEntityName && a.isToMany == b.isToMany
                    && a.inverseName == b.inverseName && a.isOptional == b.isOptional
                    && a.minCountValue == b.minCountValue && a.maxCountValue == b.maxCountValue
                    && a.isOrdered == b.isOrdered
            case (.fetchedProperty, .fetchedProperty): return true
            default: return false
            }
        }

        /// An entity's properties with the inherited ones, nearest declaration first.
        func properties(of entity: Entity, in entities: [String: Entity]) -> [Property] {
            entity.lineage(in: entities).flatMap(\.properties)
        }

        func sourceProperty(_ name: String, of mapping: EntityMapping) -> Property? {
            guard let sourceName = mapping.sourceEntityName, let entity = sourceEntities[sourceName] else { return nil }
            return properties(of: entity, in: sourceEntities).first { $0.name == name }
        }

        /// The typed expression, else `$source.<name>` when the source entity (inherited attributes counted) has
        /// that attribute, else none (373 of 373, §3.1).
        func attributeExpression(_ property: PropertyMapping, _ mapping: EntityMapping) -> CompiledMapping.Expression? {
            if let archived = property.valueExpression { return .archived(archived) }
            guard case .attribute? = sourceProperty(property.name, of: mapping) else { return nil }
            return .keyPath(variable: "source", path: property.name)
        }

        /// The typed expression; else the source mapping and key path the user chose; else, generated, the
        /// destination instances of the mapping whose destination is the relationship's destination entity, from
        /// `$source.<name>`, or (when that entity's subentities have mappings of their own) the instances for the
        /// source relationship (§3.1; the second form is seen once, so the rule for it is a choice).
        func relationshipExpression(
            _ property: PropertyMapping, _ mapping: EntityMapping, mappingName: String
        )
            -> (CompiledMapping.Expression?, [Diagnostic])
        {
            if let archived = property.valueExpression { return (.archived(archived), []) }
            let instances: CompiledMapping.Expression
            if let text = property.sourceKeyPath {
                guard let parsed = MappingCompiler.keyPath(text) else {
                    return (
                        nil,
                        [
                            .error(
                                .mappingExpressionInvalid,
                                "the source key path '\(text)' of '\(mappingName)."
                                    + "\(property.name)' is not of the form $source.keyPath, the only form openmomc compiles",
                                at: property.location)
                        ]
                    )
                }
                instances = parsed
            } else {
                instances = .keyPath(variable: "source", path: property.name)
            }
            if let chosen = property.sourceMappingName { return (.instancesOfMapping(chosen, instances), []) }
            guard property.generatesExpression || property.sourceKeyPath != nil else { return (nil, []) }
            guard
                property.sourceKeyPath != nil
                    || {
                        if case .relationship? = sourceProperty(property.name, of: mapping) { true } else { false }
                    }()
            else { return (nil, []) }
            guard let target = destinationTarget(of: property.name, in: mapping) else {
                return (.instancesOfSourceRelationship(property.name, instances), [])
            }
            let mapped = model.entityMappings.filter { $0.destinationEntityName != nil }
            let subentities = Set(
                destinationEntities.values.filter {
                    $0.name != target && $0.lineageNames(in: destinationEntities).contains(target)
                }.map(\.name))
            if mapped.contains(where: { subentities.contains($0.destinationEntityName!) }) {
                return (.instancesOfSourceRelationship(property.name, instances), [])
            }
            guard let targetMapping = mapped.first(where: { $0.destinationEntityName == target }) else {
                return (.instancesOfSourceRelationship(property.name, instances), [])
            }
            return (.instancesOfMapping(name(of: targetMapping), instances), [])
        }

        /// The destination entity of the destination relationship `name`.
        private func destinationTarget(of name: String, in mapping: EntityMapping) -> String? {
            guard let destinationName = mapping.destinationEntityName,
                let entity = destinationEntities[destinationName]
            else { return nil }
            let property = properties(of: entity, in: destinationEntities).first { $0.name == name }
            guard case .relationship(let relationship)? = property else { return nil }
            return relationship.destinationEntityName
        }
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let mappingExpressionInvalid: DiagnosticCode = "mapping-expression-invalid"
}
