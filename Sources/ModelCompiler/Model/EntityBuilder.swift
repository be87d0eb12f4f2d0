/// Builds an `Entity` from `<entity>` and its children.
enum EntityBuilder {
    static func build(_ element: SourceElement, diagnostics: inout [Diagnostic]) -> Entity? {
        var reader = ElementReader(element, known: ModelSchema.entity)
        guard let name = reader.required("name", what: "entity") else {
            diagnostics += reader.finish()
            return nil
        }
        var entity = Entity(name: name, span: reader.span)
        entity.className = reader.string("representedClassName")
        entity.parentName = reader.string("parentEntity")
        entity.isAbstract = reader.flag("isAbstract")
        entity.versionHashModifier = reader.string("versionHashModifier")
        entity.renamingIdentifier = PropertyBuilder.renamingIdentifier(&reader)
        switch reader.string("codeGenerationType") {
        case nil: entity.codeGeneration = .manual
        case "class": entity.codeGeneration = .classDefinition
        case "category": entity.codeGeneration = .category
        case let other?:
            reader.report(
                .warning(
                    .invalidEnumValue,
                    "unknown codeGenerationType '\(other)'; expected 'class' or 'category'; treated as Manual/None",
                    at: element.location(ofAttribute: "codeGenerationType")))
        }
        diagnostics += reader.finish()

        // Exact capacities: attributes are the model's largest values, and doubling left a third of them unused.
        entity.attributes.reserveCapacity(element.children.count { $0.name == "attribute" })
        entity.relationships.reserveCapacity(element.children.count { $0.name == "relationship" })
        for child in element.children {
            switch child.name {
            case "attribute":
                if let attribute = PropertyBuilder.attribute(child, diagnostics: &diagnostics) {
                    entity.attributes.append(attribute)
                }
            case "relationship":
                if let relationship = PropertyBuilder.relationship(child, diagnostics: &diagnostics) {
                    entity.relationships.append(relationship)
                }
            case "fetchedProperty":
                if let fetched = PropertyBuilder.fetchedProperty(child, diagnostics: &diagnostics) {
                    entity.fetchedProperties.append(fetched)
                }
            case "fetchIndex":
                if let index = fetchIndex(child, diagnostics: &diagnostics) { entity.fetchIndexes.append(index) }
            case "compoundIndexes":
                entity.compoundIndexes += memberLists(
                    child, list: "compoundIndex", member: "index", diagnostics: &diagnostics
                )
                .map { CompoundIndex(members: $0.members, location: $0.location) }
            case "uniquenessConstraints":
                entity.uniquenessConstraints += memberLists(
                    child, list: "uniquenessConstraint", member: "constraint",
                    diagnostics: &diagnostics)
            case "userInfo":
                entity.userInfo = UserInfoBuilder.build(child, diagnostics: &diagnostics)
            default:
                diagnostics.append(ModelBuilder.unknownElement(child, in: element))
            }
        }
        return entity
    }

    private static func fetchIndex(_ element: SourceElement, diagnostics: inout [Diagnostic]) -> FetchIndex? {
        var reader = ElementReader(element, known: ModelSchema.fetchIndex)
        let name = reader.required("name", what: "fetch index")
        diagnostics += reader.finish()
        var elements: [FetchIndex.Element] = []
        for child in element.children {
            guard child.name == "fetchIndexElement" else {
                diagnostics.append(ModelBuilder.unknownElement(child, in: element))
                continue
            }
            var elementReader = ElementReader(child, known: ModelSchema.fetchIndexElement)
            var indexElement = FetchIndex.Element(
                property: elementReader.string("property"),
                expression: elementReader.string("expression"),
                expressionType: elementReader.string("expressionType"),
                span: elementReader.span)
            switch elementReader.string("type") {
            case nil, "Binary": indexElement.kind = .binary
            case "RTree": indexElement.kind = .rTree
            case let other?:
                elementReader.report(
                    .error(
                        .invalidEnumValue,
                        "unknown fetch index type '\(other)'; expected 'Binary' or 'RTree'",
                        at: child.location(ofAttribute: "type")))
            }
            switch elementReader.string("order") {
            case nil, "ascending": indexElement.isAscending = true
            case "descending": indexElement.isAscending = false
            case let other?:
                elementReader.report(
                    .error(
                        .invalidEnumValue,
                        "unknown fetch index order '\(other)'; expected 'ascending' or 'descending'",
                        at: child.location(ofAttribute: "order")))
            }
            if indexElement.property == nil && indexElement.expression == nil {
                elementReader.report(
                    .error(
                        .missingRequiredAttribute,
                        "fetch index element needs a 'property' or an 'expression'", at: child.location))
            }
            diagnostics += elementReader.finish()
            elements.append(indexElement)
        }
        guard let name else { return nil }
        return FetchIndex(name: name, elements: elements, span: reader.span)
    }

    /// `<uniquenessConstraints>` and the old `<compoundIndexes>` share one shape: lists of `value`s.
    private static func memberLists(
        _ element: SourceElement, list: String, member: String,
        diagnostics: inout [Diagnostic]
    ) -> [UniquenessConstraint] {
        var reader = ElementReader(element, known: ModelSchema.none)
        diagnostics += reader.finish()
        var result: [UniquenessConstraint] = []
        for listElement in element.children {
            guard listElement.name == list else {
                diagnostics.append(ModelBuilder.unknownElement(listElement, in: element))
                continue
            }
            var listReader = ElementReader(listElement, known: ModelSchema.none)
            diagnostics += listReader.finish()
            var members: [UniquenessConstraint.Member] = []
            for memberElement in listElement.children {
                guard memberElement.name == member else {
                    diagnostics.append(ModelBuilder.unknownElement(memberElement, in: listElement))
                    continue
                }
                var memberReader = ElementReader(memberElement, known: ModelSchema.valued)
                if let value = memberReader.required("value", what: "<\(member)>") {
                    members.append(.init(value: value, location: memberElement.location(ofAttribute: "value")))
                }
                diagnostics += memberReader.finish()
            }
            result.append(UniquenessConstraint(members: members, location: listElement.location))
        }
        return result
    }
}
