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

    func fillProperty(_ fields: inout ArchiveFields, name: String, renamingIdentifier: String, owner: ArchiveNode,
                      userInfo: UserInfo, versionHashModifier: String?, flags: PropertyFlags) {
        fields.set("NSPropertyName", .object(.string(name)))
        fields.set("NSEntity", .object(.node(owner)))
        fields.set("NSRenamingIdentifier", .object(.string(renamingIdentifier)))
        if flags.isOptional { fields.set("NSIsOptional", .bool(true)) }
        if flags.isReadOnly { fields.set("NSIsReadOnly", .bool(true)) }
        if flags.isTransient { fields.set("NSIsTransient", .bool(true)) }
        if flags.isIndexedBySpotlight { fields.set("NSIndexedBySpotlight", .bool(true)) }
        if flags.isStoredInTruthFile { fields.set("NSIsStoredInTruth", .bool(true)) }
        if flags.allowsCloudEncryption { fields.set("NSAllowsCloudEncryption", .bool(true)) }
        if flags.isOrdered { fields.set("NSIsOrdered", .bool(true)) }
        if !userInfo.isEmpty { fields.set("NSUserInfo", .object(.node(userInfoNode(userInfo)))) }
        if let versionHashModifier, !versionHashModifier.isEmpty {
            fields.set("NSVersionHashModifier", .object(.string(versionHashModifier)))
        }
        fields.set("_P", .int(flags.word))
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
    func attributeNode(_ attribute: Attribute, owner: ArchiveNode, indexed: Bool, compositePath: Set<String> = []) -> ArchiveNode {
        let isComposite = attribute.type == .composite
        let node = ArchiveNode(attribute.isDerived ? ClassChain.derivedAttribute
                               : isComposite ? ClassChain.compositeAttribute : ClassChain.attribute)
        var fields = ArchiveFields(capacity: 16)
        var flags = PropertyFlags()
        flags.isOptional = attribute.isOptional
        flags.isReadOnly = attribute.isDerived
        flags.isTransient = attribute.isTransient
        flags.hasUserInfo = !attribute.userInfo.isEmpty
        flags.hasVersionHashModifier = !(attribute.versionHashModifier ?? "").isEmpty
        flags.isIndexedBySpotlight = attribute.isIndexedBySpotlight
        flags.isStoredInTruthFile = attribute.isStoredInTruthFile
        flags.allowsCloudEncryption = attribute.allowsCloudEncryption
        let validation = ValidationArchiver.rules(for: attribute)
        flags.hasValidation = !validation.isEmpty
        fillProperty(&fields, name: attribute.name, renamingIdentifier: attribute.effectiveRenamingIdentifier,
                     owner: owner, userInfo: attribute.userInfo, versionHashModifier: attribute.versionHashModifier,
                     flags: flags)
        let type = attribute.type ?? .undefined
        fields.set("NSAttributeType", .int(Int64(type.attributeTypeCode)))
        let className = type == .transformable ? attribute.customClassName : Self.valueClassNames[type]
        fields.set("NSAttributeValueClassName", .object(className.map { .string($0) } ?? .null))
        fields.set("NSDefaultValue", .object(DefaultValueEncoder.value(for: attribute)))
        let transformer = attribute.valueTransformerName.map { Self.transformerConstants[$0] ?? $0 }
        fields.set("NSValueTransformerName", .object(transformer.map { .string($0) } ?? .null))
        var storageFlags: Int64 = 0
        if attribute.allowsExternalBinaryDataStorage { storageFlags |= 0x04 }
        if attribute.preservesValueInHistoryOnDeletion { storageFlags |= 0x10 }
        fields.set("NSFlagsKey", .int(storageFlags))
        if indexed { fields.set("NSIsIndexed", .bool(true)) }
        if !validation.isEmpty {
            let predicates = validation.map { ArchiveValue.node(expressions.node(for: $0.predicate)) }
            fields.set("NSValidationPredicates", .object(.node(.array(predicates, mutable: false))))
            let warnings = validation.map { ArchiveValue.int($0.warning) }
            fields.set("NSValidationWarnings", .object(.node(.array(warnings, mutable: false))))
        }
        if attribute.isDerived {
            let expression = attribute.derivationExpression?.validated
            fields.set("NSDerivationExpression", .object(expression.map { .node(expressions.node(for: $0)) } ?? .null))
            fields.set("NSFilteringPredicate", .object(.null))
        }
        if isComposite, let compositeName = attribute.compositeName {
            let elements = compositeElements(compositeName, owner: owner, path: compositePath)
            fields.set("NSCompositeElements", .object(.node(.array(elements, mutable: false))))
        }
        node.add(fields)
        return node
    }

    /// Each use of a composite gets its own copies of the element attributes (spec §4.7, UNVERIFIED).
    private func compositeElements(_ name: String, owner: ArchiveNode, path: Set<String>) -> [ArchiveValue] {
        var path = path
        guard let composite = model.composites.first(where: { $0.name == name }), path.insert(name).inserted else { return [] }
        return composite.attributes.map { .node(attributeNode($0, owner: owner, indexed: false, compositePath: path)) }
    }

    func relationshipNode(_ relationship: Relationship, of entity: Entity, owner: ArchiveNode) -> ArchiveNode {
        let node = relationshipNodes[entity.name]?[relationship.name] ?? ArchiveNode(ClassChain.relationship)
        var fields = ArchiveFields(capacity: 16)
        var flags = PropertyFlags()
        flags.isOptional = relationship.isOptional
        flags.isTransient = relationship.isTransient
        flags.hasUserInfo = !relationship.userInfo.isEmpty
        flags.hasVersionHashModifier = !(relationship.versionHashModifier ?? "").isEmpty
        flags.isOrdered = relationship.isOrdered
        fillProperty(&fields, name: relationship.name, renamingIdentifier: relationship.effectiveRenamingIdentifier,
                     owner: owner, userInfo: relationship.userInfo, versionHashModifier: relationship.versionHashModifier,
                     flags: flags)
        let destination = relationship.destinationEntityName.flatMap { entityNodes[$0] }
        fields.set("NSDestinationEntity", .object(destination.map { .node($0) } ?? .null))
        fields.set("_NSDestinationEntityName", .object(relationship.destinationEntityName.map { .string($0) } ?? .null))
        if let inverse = inverseNode(of: relationship) {
            fields.set("NSInverseRelationship", .object(.node(inverse)))
            fields.set("_NSInverseRelationshipName", .object(.string(relationship.inverseName!)))
        } else {
            fields.set("NSInverseRelationship", .object(.null))
        }
        fields.set("NSMinCount", .int(Int64(relationship.minCount)))
        fields.set("NSMaxCount", .int(Int64(relationship.maxCount)))
        fields.set("NSDeleteRule", .int(Int64(relationship.deleteRule.deleteRuleCode)))
        node.add(fields)
        return node
    }

    /// The inverse declared on the destination or its nearest ancestor. Walks names, not entities: copying each
    /// entity of the lineage was most of what an inverse cost.
    private func inverseNode(of relationship: Relationship) -> ArchiveNode? {
        guard let inverseName = relationship.inverseName, let destination = relationship.destinationEntityName,
              entities.index(forKey: destination) != nil else { return nil }
        var current: String? = destination, steps = 0
        // Bounded, for an inheritance cycle (a validation error): a revisited entity has been searched already.
        while let name = current, steps <= entities.count {
            if let node = relationshipNodes[name]?[inverseName] { return node }
            current = parents[name]
            steps += 1
        }
        return nil
    }

    func fetchedPropertyNode(_ fetched: FetchedProperty, owner: ArchiveNode) -> ArchiveNode {
        let node = ArchiveNode(ClassChain.fetchedProperty)
        var fields = ArchiveFields(capacity: 16)
        var flags = PropertyFlags()
        flags.isOptional = fetched.isOptional
        flags.isReadOnly = true
        flags.isTransient = true
        flags.hasUserInfo = !fetched.userInfo.isEmpty
        fillProperty(&fields, name: fetched.name, renamingIdentifier: fetched.name, owner: owner,
                     userInfo: fetched.userInfo, versionHashModifier: nil, flags: flags)
        if let request = fetched.fetchRequest {
            fields.set("NSFetchRequest", .object(.node(fetchRequestNode(request))))
            fields.set("_NSFetchRequestEntityName", .object(request.entityName.map { .string($0) } ?? .null))
        }
        node.add(fields)
        return node
    }

    func fetchRequestNode(_ request: FetchRequest) -> ArchiveNode {
        let node = ArchiveNode(ClassChain.fetchRequest)
        var fields = ArchiveFields(capacity: 16)
        fields.set("NSEntity", .object(request.entityName.flatMap { entityNodes[$0] }.map { .node($0) } ?? .null))
        let predicate = request.predicate?.validated
        fields.set("NSPredicate", .object(predicate.map { .node(expressions.node(for: $0)) } ?? .null))
        fields.set("NSSortDescriptors", .object(.null))
        fields.set("NSFetchLimit", .int(Int64(request.fetchLimit ?? 0)))
        fields.set("NSFetchOffset", .int(0))
        fields.set("NSBatchSize", .int(Int64(request.fetchBatchSize ?? 0)))
        fields.set("NSAllocationType", .int(0))
        fields.set("NSRelationshipKeyPathsForPrefetching", .object(.null))
        fields.set("NSResultType", .int(Int64(request.resultType ?? 0)))
        fields.set("NSValuesToFetch", .object(.null))
        fields.set("NSValuesToGroupBy", .object(.null))
        fields.set("NSHavingPredicate", .object(.null))
        fields.set("NSHasFetchRequestFlags", .bool(true))
        fields.set("NSFetchRequestFlags", .int(Self.fetchRequestFlags(request)))
        node.add(fields)
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
