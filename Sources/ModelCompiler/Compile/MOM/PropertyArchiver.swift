/// Attributes, relationships and fetched properties (spec §4.4-4.9).
extension GraphBuilder {
    /// The `_P` word: bit 0x1 always, then what the property is; the bool keys beside it repeat it.
    struct PropertyFlags {
        var isOptional = false, isReadOnly = false, isTransient = false, hasUserInfo = false
        var hasVersionHashModifier = false, isIndexedBySpotlight = false, isStoredInTruthFile = false
        var isOrdered = false, allowsCloudEncryption = false, hasValidation = false

        var word: Int64 {
            var value: Int64 = 0x1
            if !hasValidation { value |= 0x10 | 0x20 }
            if isOptional { value |= 0x2 }
            if isReadOnly { value |= 0x4 }
            if isTransient { value |= 0x8 }
            if !hasUserInfo { value |= 0x40 }
            if !hasVersionHashModifier { value |= 0x80 }
            if isIndexedBySpotlight { value |= 0x100 }
            if isStoredInTruthFile { value |= 0x200 }
            if isOrdered { value |= 0x400 }
            if allowsCloudEncryption { value |= 0x800 }
            return value
        }
    }

    /// The fields every property begins with; `userInfo`: its node, made beforehand (the fields lie side by side).
    mutating func writePropertyFields(
        name: String, renamingIdentifier: String, owner: Node, userInfo: Node?,
        versionHashModifier: String?, flags: PropertyFlags
    ) {
        let nameNumber = graph.number(name)
        graph.string(.NSPropertyName, number: nameNumber)
        graph.field(.NSEntity, .object(.node(owner)))
        // The renaming identifier is the name unless one was given: numbered once then.
        let identifierNumber = renamingIdentifier == name ? nameNumber : graph.number(renamingIdentifier)
        graph.string(.NSRenamingIdentifier, number: identifierNumber)
        if flags.isOptional { graph.field(.NSIsOptional, .bool(true)) }
        if flags.isReadOnly { graph.field(.NSIsReadOnly, .bool(true)) }
        if flags.isTransient { graph.field(.NSIsTransient, .bool(true)) }
        if flags.isIndexedBySpotlight { graph.field(.NSIndexedBySpotlight, .bool(true)) }
        if flags.isStoredInTruthFile { graph.field(.NSIsStoredInTruth, .bool(true)) }
        if flags.allowsCloudEncryption { graph.field(.NSAllowsCloudEncryption, .bool(true)) }
        if flags.isOrdered { graph.field(.NSIsOrdered, .bool(true)) }
        if let userInfo { graph.field(.NSUserInfo, .object(.node(userInfo))) }
        if let versionHashModifier, !versionHashModifier.isEmpty {
            graph.field(.NSVersionHashModifier, .object(.string(versionHashModifier)))
        }
        graph.field(._P, .int(flags.word))
    }

    static let valueClassNames: [AttributeType: String] = [
        .integer16: "NSNumber", .integer32: "NSNumber", .integer64: "NSNumber", .decimal: "NSDecimalNumber",
        .double: "NSNumber", .float: "NSNumber", .string: "NSString", .boolean: "NSNumber", .date: "NSDate",
        .binary: "NSData", .uuid: "NSUUID", .uri: "NSURL",
    ]

    /// momc archives the value of Foundation's transformer-name constants, not the constant's name.
    static let transformerConstants: [String: String] = [
        "NSSecureUnarchiveFromDataTransformerName": "NSSecureUnarchiveFromData",
        "NSKeyedUnarchiveFromDataTransformerName": "NSKeyedUnarchiveFromData",
        "NSUnarchiveFromDataTransformerName": "NSUnarchiveFromData",
        "NSNegateBooleanTransformerName": "NSNegateBoolean",
        "NSIsNilTransformerName": "NSIsNil",
        "NSIsNotNilTransformerName": "NSIsNotNil",
    ]

    /// `compositePath`: the composites being expanded around this attribute, so that a loop (which validation
    /// reports) cannot recurse without end.
    mutating func attributeNode(
        _ attribute: Attribute, owner: Node, indexed: Bool,
        compositePath: Set<String> = []
    ) -> Node {
        let isComposite = attribute.type == .composite
        // The nodes it points at first: its fields are written side by side.
        let userInfo = attribute.userInfo.isEmpty ? nil : userInfoNode(attribute.userInfo)
        let defaultValue = DefaultValueEncoder.value(for: attribute, in: &graph)
        let validation = ValidationArchiver.rules(for: attribute)
        var validationNodes: (predicates: Node, warnings: Node)?
        if !validation.isEmpty {
            var predicates: [Value] = []
            for rule in validation { predicates.append(.node(expressions.node(for: rule.predicate, in: &graph))) }
            validationNodes = (
                graph.array(predicates, mutable: false),
                graph.array(validation.map { .int($0.warning) }, mutable: false)
            )
        }
        var derivation: Node?
        if attribute.isDerived, let expression = attribute.derivationExpression?.validated {
            derivation = expressions.node(for: expression, in: &graph)
        }
        var composite: Node?
        if isComposite, let compositeName = attribute.compositeName {
            let elements = compositeElements(compositeName, owner: owner, path: compositePath)
            composite = graph.array(elements, mutable: false)
        }
        let chain =
            attribute.isDerived
            ? chains.derivedAttribute
            : isComposite ? chains.compositeAttribute : chains.attribute
        let node = graph.node(chain)
        graph.begin(node)
        var flags = PropertyFlags()
        flags.isOptional = attribute.isOptional
        flags.isReadOnly = attribute.isDerived
        flags.isTransient = attribute.isTransient
        flags.hasUserInfo = userInfo != nil
        flags.hasVersionHashModifier = !(attribute.versionHashModifier ?? "").isEmpty
        flags.isIndexedBySpotlight = attribute.isIndexedBySpotlight
        flags.isStoredInTruthFile = attribute.isStoredInTruthFile
        flags.allowsCloudEncryption = attribute.allowsCloudEncryption
        flags.hasValidation = validationNodes != nil
        writePropertyFields(
            name: attribute.name, renamingIdentifier: attribute.effectiveRenamingIdentifier,
            owner: owner, userInfo: userInfo, versionHashModifier: attribute.versionHashModifier,
            flags: flags)
        let type = attribute.type ?? .undefined
        graph.field(.NSAttributeType, .int(Int64(type.attributeTypeCode)))
        if type == .transformable {
            graph.field(.NSAttributeValueClassName, .object(attribute.customClassName.map { .string($0) } ?? .null))
        } else if let number = valueClassNumber(type) {
            graph.string(.NSAttributeValueClassName, number: number)
        } else {
            graph.field(.NSAttributeValueClassName, .object(.null))
        }
        graph.field(.NSDefaultValue, .object(defaultValue))
        let transformer = attribute.valueTransformerName.map { Self.transformerConstants[$0] ?? $0 }
        graph.field(.NSValueTransformerName, .object(transformer.map { .string($0) } ?? .null))
        var storageFlags: Int64 = 0
        if attribute.allowsExternalBinaryDataStorage { storageFlags |= 0x04 }
        if attribute.preservesValueInHistoryOnDeletion { storageFlags |= 0x10 }
        graph.field(.NSFlagsKey, .int(storageFlags))
        if indexed { graph.field(.NSIsIndexed, .bool(true)) }
        if let validationNodes {
            graph.field(.NSValidationPredicates, .object(.node(validationNodes.predicates)))
            graph.field(.NSValidationWarnings, .object(.node(validationNodes.warnings)))
        }
        if attribute.isDerived {
            graph.field(.NSDerivationExpression, .object(derivation.map { .node($0) } ?? .null))
            graph.field(.NSFilteringPredicate, .object(.null))
        }
        if let composite { graph.field(.NSCompositeElements, .object(.node(composite))) }
        graph.end()
        return node
    }

    /// The archive's number of a value class name, numbered once per type (by its code: each is a distinct
    /// multiple of 100 below 3,200).
    private mutating func valueClassNumber(_ type: AttributeType) -> Int? {
        let slot = type.attributeTypeCode / 100
        if valueClassNumbers[slot] >= 0 { return valueClassNumbers[slot] }
        guard let name = Self.valueClassNames[type] else { return nil }
        valueClassNumbers[slot] = graph.number(name)
        return valueClassNumbers[slot]
    }

    /// Each use of a composite gets its own copies of the element attributes (spec §4.7, UNVERIFIED).
    private mutating func compositeElements(_ name: String, owner: Node, path: Set<String>) -> [Value] {
        var path = path
        guard let composite = model.composites.first(where: { $0.name == name }), path.insert(name).inserted else {
            return []
        }
        var elements: [Value] = []
        for attribute in composite.attributes {
            elements.append(.node(attributeNode(attribute, owner: owner, indexed: false, compositePath: path)))
        }
        return elements
    }

    mutating func relationshipNode(_ relationship: Relationship, of entity: Entity, owner: Node) -> Node {
        let userInfo = relationship.userInfo.isEmpty ? nil : userInfoNode(relationship.userInfo)
        let node = relationshipNodes[entity.name]?[relationship.name] ?? graph.node(chains.relationship)
        graph.begin(node)
        var flags = PropertyFlags()
        flags.isOptional = relationship.isOptional
        flags.isTransient = relationship.isTransient
        flags.hasUserInfo = userInfo != nil
        flags.hasVersionHashModifier = !(relationship.versionHashModifier ?? "").isEmpty
        flags.isOrdered = relationship.isOrdered
        writePropertyFields(
            name: relationship.name, renamingIdentifier: relationship.effectiveRenamingIdentifier,
            owner: owner, userInfo: userInfo, versionHashModifier: relationship.versionHashModifier,
            flags: flags)
        let destination = relationship.destinationEntityName.flatMap { entityNodes[$0] }
        graph.field(.NSDestinationEntity, .object(destination.map { .node($0) } ?? .null))
        graph.field(._NSDestinationEntityName, .object(relationship.destinationEntityName.map { .string($0) } ?? .null))
        if let inverse = inverseNode(of: relationship) {
            graph.field(.NSInverseRelationship, .object(.node(inverse)))
            graph.field(._NSInverseRelationshipName, .object(.string(relationship.inverseName!)))
        } else {
            // Apple's momc writes the name's key even without an inverse (VERIFIED, Xcode 16.3: spec §4.8).
            graph.field(.NSInverseRelationship, .object(.null))
            graph.field(._NSInverseRelationshipName, .object(.null))
        }
        graph.field(.NSMinCount, .int(Int64(relationship.minCount)))
        graph.field(.NSMaxCount, .int(Int64(relationship.maxCount)))
        graph.field(.NSDeleteRule, .int(Int64(relationship.deleteRule.deleteRuleCode)))
        graph.end()
        return node
    }

    /// The inverse declared on the destination or its nearest ancestor. Walks names, not entities: copying each
    /// entity of the lineage was most of what an inverse cost.
    private func inverseNode(of relationship: Relationship) -> Node? {
        guard let inverseName = relationship.inverseName, let destination = relationship.destinationEntityName,
            entityNodes.index(forKey: destination) != nil
        else { return nil }
        var current: String? = destination, steps = 0
        // Bounded, for an inheritance cycle (a validation error): a revisited entity has been searched already.
        while let name = current, steps <= entityNodes.count {
            if let node = relationshipNodes[name]?[inverseName] { return node }
            current = parents[name]
            steps += 1
        }
        return nil
    }

    mutating func fetchedPropertyNode(_ fetched: FetchedProperty, owner: Node) -> Node {
        let userInfo = fetched.userInfo.isEmpty ? nil : userInfoNode(fetched.userInfo)
        let request = fetched.fetchRequest.map { fetchRequestNode($0) }
        let node = graph.node(chains.fetchedProperty)
        graph.begin(node)
        var flags = PropertyFlags()
        flags.isOptional = fetched.isOptional
        flags.isReadOnly = true
        flags.isTransient = true
        flags.hasUserInfo = userInfo != nil
        writePropertyFields(
            name: fetched.name, renamingIdentifier: fetched.name, owner: owner, userInfo: userInfo,
            versionHashModifier: nil, flags: flags)
        if let request, let fetchRequest = fetched.fetchRequest {
            graph.field(.NSFetchRequest, .object(.node(request)))
            graph.field(._NSFetchRequestEntityName, .object(fetchRequest.entityName.map { .string($0) } ?? .null))
        }
        graph.end()
        return node
    }

    mutating func fetchRequestNode(_ request: FetchRequest) -> Node {
        var predicate: Node?
        if let parsed = request.predicate?.validated { predicate = expressions.node(for: parsed, in: &graph) }
        let node = graph.node(chains.fetchRequest)
        graph.begin(node)
        graph.field(.NSEntity, .object(request.entityName.flatMap { entityNodes[$0] }.map { .node($0) } ?? .null))
        graph.field(.NSPredicate, .object(predicate.map { .node($0) } ?? .null))
        graph.field(.NSSortDescriptors, .object(.null))
        graph.field(.NSFetchLimit, .int(Int64(request.fetchLimit ?? 0)))
        graph.field(.NSFetchOffset, .int(0))
        graph.field(.NSBatchSize, .int(Int64(request.fetchBatchSize ?? 0)))
        graph.field(.NSAllocationType, .int(0))
        graph.field(.NSRelationshipKeyPathsForPrefetching, .object(.null))
        graph.field(.NSResultType, .int(Int64(request.resultType ?? 0)))
        graph.field(.NSValuesToFetch, .object(.null))
        graph.field(.NSValuesToGroupBy, .object(.null))
        graph.field(.NSHavingPredicate, .object(.null))
        graph.field(.NSHasFetchRequestFlags, .bool(true))
        graph.field(.NSFetchRequestFlags, .int(Self.fetchRequestFlags(request)))
        graph.end()
        return node
    }

    /// NSFetchRequest's defaults (30), the XML's YES/NO, then what `setResultType:` clears (spec §4.9).
    static func fetchRequestFlags(_ request: FetchRequest) -> Int64 {
        var flags: Int64 = 0x02 | 0x04 | 0x08 | 0x10
        let settings: [(Bool?, Int64)] = [
            (request.returnsDistinctResults, 0x01), (request.includesSubentities, 0x02),
            (request.includesPropertyValues, 0x04), (request.returnsObjectsAsFaults, 0x08),
            (request.includesPendingChanges, 0x10),
        ]
        for (setting, bit) in settings {
            if setting == true { flags |= bit } else if setting == false { flags &= ~bit }
        }
        switch request.resultType ?? 0 {
        case 1: flags &= ~0x04
        case 2: flags &= ~0x10
        default: break
        }
        return flags
    }
}
