/// Builds attributes, relationships and fetched properties.
enum PropertyBuilder {
    static func renamingIdentifier(_ reader: inout ElementReader) -> RenamingIdentifier? {
        // Xcode writes `elementID`; the older hand-written spelling is honoured too (and warned about later).
        if let value = reader.string("elementID"), !value.isEmpty {
            _ = reader.string("renamingIdentifier")
            return RenamingIdentifier(value: value, spelling: .elementID, span: reader.span)
        }
        if let value = reader.string("renamingIdentifier"), !value.isEmpty {
            return RenamingIdentifier(value: value, spelling: .renamingIdentifier, span: reader.span)
        }
        return nil
    }

    static func attribute(_ element: SourceElement, diagnostics: inout [Diagnostic]) -> Attribute? {
        var reader = ElementReader(element, known: ModelSchema.attribute)
        guard let name = reader.required("name", what: "attribute") else {
            diagnostics += reader.finish()
            return nil
        }
        var attribute = Attribute(name: name, span: reader.span)
        // Older Xcode omits the default type: a missing `attributeType` is Undefined, as momc compiles it.
        let typeName = reader.string("attributeType") ?? AttributeType.undefined.rawValue
        attribute.type = AttributeType(rawValue: typeName)
        if attribute.type == nil {
            reader.report(
                .error(
                    .unknownAttributeType,
                    "attribute '\(name)' has unknown type '\(typeName)'; expected one of "
                        + AttributeType.allCases.map(\.rawValue).joined(separator: ", "),
                    at: element.location(ofAttribute: "attributeType")))
        }
        attribute.isOptional = reader.flag("optional")
        attribute.isTransient = reader.flag("transient")
        attribute.defaultValue = reader.string("defaultValueString")
        attribute.defaultDateTimeInterval = reader.string("defaultDateTimeInterval")
        attribute.minValue = reader.string("minValueString")
        attribute.maxValue = reader.string("maxValueString")
        attribute.minDateTimeInterval = reader.string("minDateTimeInterval")
        attribute.maxDateTimeInterval = reader.string("maxDateTimeInterval")
        attribute.regularExpression = reader.string("regularExpressionString")
        attribute.usesScalarValueType = reader.optionalFlag("usesScalarValueType")
        attribute.isIndexed = reader.flag("indexed")
        attribute.isIndexedBySpotlight = reader.flag("spotlightIndexingEnabled")
        attribute.isStoredInTruthFile = reader.flag("storedInTruthFile")
        attribute.allowsExternalBinaryDataStorage = reader.flag("allowsExternalBinaryDataStorage")
        attribute.preservesValueInHistoryOnDeletion = reader.flag("preserveAfterDeletion")
        attribute.allowsCloudEncryption = reader.flag("allowsCloudEncryption")
        attribute.valueTransformerName = reader.string("valueTransformerName")
        attribute.customClassName = reader.string("customClassName")
        attribute.isDerived = reader.flag("derived")
        attribute.derivationExpression = reader.string("derivationExpression").map {
            ExpressionText($0, parsedBy: ExpressionParser.parse)
        }
        attribute.compositeName = reader.string("composite")
        attribute.renamingIdentifier = renamingIdentifier(&reader)
        attribute.versionHashModifier = reader.string("versionHashModifier")
        diagnostics += reader.finish()
        attribute.userInfo = UserInfoBuilder.onlyChild(of: element, diagnostics: &diagnostics)
        return attribute
    }

    static func relationship(_ element: SourceElement, diagnostics: inout [Diagnostic]) -> Relationship? {
        var reader = ElementReader(element, known: ModelSchema.relationship)
        guard let name = reader.required("name", what: "relationship") else {
            diagnostics += reader.finish()
            return nil
        }
        var relationship = Relationship(name: name, span: reader.span)
        relationship.destinationEntityName = reader.required("destinationEntity", what: "relationship '\(name)'")
        relationship.inverseName = reader.string("inverseName")
        relationship.inverseEntityName = reader.string("inverseEntity")
        relationship.isOptional = reader.flag("optional")
        relationship.isToMany = reader.flag("toMany")
        relationship.isOrdered = reader.flag("ordered")
        relationship.minCountValue = reader.integer("minCount")
        relationship.maxCountValue = reader.integer("maxCount")
        if let rule = reader.string("deletionRule") {
            relationship.deleteRuleValue = Relationship.DeleteRule(rawValue: rule)
            if relationship.deleteRuleValue == nil {
                reader.report(
                    .error(
                        .invalidEnumValue,
                        "relationship '\(name)' has unknown delete rule '\(rule)'; expected one of "
                            + Relationship.DeleteRule.allCases.map(\.rawValue).joined(separator: ", "),
                        at: element.location(ofAttribute: "deletionRule")))
            }
        }
        relationship.isTransient = reader.flag("transient")
        relationship.isIndexed = reader.flag("indexed")
        relationship.renamingIdentifier = renamingIdentifier(&reader)
        relationship.versionHashModifier = reader.string("versionHashModifier")
        diagnostics += reader.finish()
        relationship.userInfo = UserInfoBuilder.onlyChild(of: element, diagnostics: &diagnostics)
        return relationship
    }

    static func fetchedProperty(_ element: SourceElement, diagnostics: inout [Diagnostic]) -> FetchedProperty? {
        var reader = ElementReader(element, known: ModelSchema.fetchedProperty)
        guard let name = reader.required("name", what: "fetched property") else {
            diagnostics += reader.finish()
            return nil
        }
        var fetched = FetchedProperty(name: name, span: reader.span)
        fetched.isOptional = reader.flag("optional")
        diagnostics += reader.finish()
        for child in element.children {
            switch child.name {
            case "fetchRequest":
                fetched.fetchRequest = FetchRequestBuilder.build(child, diagnostics: &diagnostics)
            case "userInfo":
                fetched.userInfo = UserInfoBuilder.build(child, diagnostics: &diagnostics)
            default:
                diagnostics.append(ModelBuilder.unknownElement(child, in: element))
            }
        }
        if fetched.fetchRequest == nil {
            diagnostics.append(
                .error(
                    .missingRequiredAttribute,
                    "fetched property '\(name)' has no <fetchRequest>", at: element.location))
        }
        return fetched
    }
}

enum FetchRequestBuilder {
    static func build(_ element: SourceElement, diagnostics: inout [Diagnostic]) -> FetchRequest? {
        var reader = ElementReader(element, known: ModelSchema.fetchRequest)
        let name = reader.required("name", what: "fetch request")
        var request = FetchRequest(name: name ?? "", span: reader.span)
        request.entityName = reader.required("entity", what: "fetch request '\(name ?? "")'")
        request.predicate = reader.string("predicateString").map { PredicateText($0, parsedBy: PredicateParser.parse) }
        request.resultType = reader.integer("resultType")
        request.includesSubentities = reader.optionalFlag("includeSubentities")
        request.includesPropertyValues = reader.optionalFlag("includePropertyValues")
        request.includesPendingChanges = reader.optionalFlag("includesPendingChanges")
        request.returnsObjectsAsFaults = reader.optionalFlag("returnObjectsAsFaults")
        request.returnsDistinctResults = reader.optionalFlag("returnDistinctResults")
        request.fetchLimit = reader.integer("fetchLimit")
        request.fetchBatchSize = reader.integer("fetchBatchSize")
        diagnostics += reader.finish()
        for child in element.children {
            diagnostics.append(ModelBuilder.unknownElement(child, in: element))
        }
        return name == nil ? nil : request
    }
}
