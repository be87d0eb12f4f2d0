/// The facts of formats 2 and 3, table by table (Docs/ShippedRecordFormat.md lists them). What counts is what the
/// compiled model holds: code generation, scalar types, layout and tool versions are not facts.
enum FingerprintFacts {
    static let entity: [Fact<Entity>] = [
        Fact("className", readable: "class name") { .nonEmpty($0.className == "NSManagedObject" ? nil : $0.className) },
        Fact("parent") { .string($0.parentName) },
        Fact("abstract", readable: "abstract flag") { .flag($0.isAbstract) },
        Fact("renamingIdentifier", readable: "renaming ID") { .renaming($0.renamingIdentifier, name: $0.name) },
        Fact("versionHashModifier", readable: "version hash modifier") { .nonEmpty($0.versionHashModifier) },
        Fact("userInfo") { .userInfo($0.userInfo) },
        Fact("uniquenessConstraints") { entity in
            entity.uniquenessConstraints.isEmpty
                ? nil
                : .list(entity.uniquenessConstraints.map { .list($0.members.map { .string($0.value) }) })
        },
        Fact("fetchIndexes") { entity in
            entity.fetchIndexes.isEmpty
                ? nil
                : .list(
                    entity.fetchIndexes.map { index in
                        .map(["name": .string(index.name), "elements": .list(index.elements.map(fetchIndexElement))])
                    })
        },
        Fact("compoundIndexes") { entity in
            entity.compoundIndexes.isEmpty
                ? nil : .list(entity.compoundIndexes.map { .list($0.members.map { .string($0.value) }) })
        },
    ]

    private static func fetchIndexElement(_ element: FetchIndex.Element) -> CanonicalValue {
        var entries: [String: CanonicalValue] = [:]
        if let property = element.property { entries["property"] = .string(property) }
        if let expression = element.expression {
            entries["expression"] = CanonicalValue.normalizedExpression(expression)
        }
        if let type = element.expressionType { entries["expressionType"] = .string(type) }
        if element.kind != .binary { entries["kind"] = .string(element.kind.rawValue) }
        if !element.isAscending { entries["descending"] = .bool(true) }
        return .map(entries)
    }

    static let attribute: [Fact<Attribute>] = [
        Fact("type") { .string($0.type?.rawValue) },
        Fact("optional") { .flag($0.isOptional) },
        Fact("transient") { .flag($0.isTransient) },
        Fact("derivation") { attribute in
            attribute.isDerived
                ? attribute.derivationExpression.map { CanonicalValue.normalizedExpression($0.text) } : nil
        },
        Fact("composite") { .string($0.compositeName) },
        Fact("defaultValue", readable: "default value") { .string($0.defaultValue) },
        Fact("defaultDateTimeInterval", readable: "default date") { .string($0.defaultDateTimeInterval) },
        Fact("minValue", readable: "minimum") { .string($0.minValue) },
        Fact("maxValue", readable: "maximum") { .string($0.maxValue) },
        Fact("minDateTimeInterval", readable: "earliest date") { .string($0.minDateTimeInterval) },
        Fact("maxDateTimeInterval", readable: "latest date") { .string($0.maxDateTimeInterval) },
        // Dropped as unknown before format 3, so only records of format 3 on hold it.
        Fact("regularExpression", since: 3, readable: "regular expression") {
            $0.type == .string ? .string($0.regularExpression) : nil
        },
        Fact("valueTransformer", readable: "value transformer") { .string($0.valueTransformerName) },
        // Only a transformable attribute archives its class; the other types have a fixed one.
        Fact("valueClass", readable: "value class") { .nonEmpty($0.type == .transformable ? $0.customClassName : nil) },
        Fact("externalStorage") { .flag($0.allowsExternalBinaryDataStorage) },
        Fact("preservesValueInHistoryOnDeletion") { .flag($0.preservesValueInHistoryOnDeletion) },
        Fact("indexed") { .flag($0.isIndexed) },
        Fact("indexedBySpotlight") { .flag($0.isIndexedBySpotlight) },
        Fact("storedInTruthFile") { .flag($0.isStoredInTruthFile) },
        Fact("cloudEncryption") { .flag($0.allowsCloudEncryption) },
        Fact("renamingIdentifier", readable: "renaming ID") { .renaming($0.renamingIdentifier, name: $0.name) },
        Fact("versionHashModifier", readable: "version hash modifier") { .nonEmpty($0.versionHashModifier) },
        Fact("userInfo") { .userInfo($0.userInfo) },
    ]

    static let relationship: [Fact<Relationship>] = [
        Fact("destination") { .string($0.destinationEntityName) },
        Fact("inverse") { .string($0.inverseName) },
        Fact("optional") { .flag($0.isOptional) },
        Fact("transient") { .flag($0.isTransient) },
        Fact("toMany") { .flag($0.isToMany) },
        Fact("ordered") { .flag($0.isOrdered) },
        Fact("minCount") { $0.minCount == 0 ? nil : .int($0.minCount) },
        Fact("maxCount") { $0.maxCount == ($0.isToMany ? 0 : 1) ? nil : .int($0.maxCount) },
        Fact("deleteRule", readable: "delete rule") {
            $0.deleteRule == .nullify ? nil : .string($0.deleteRule.rawValue)
        },
        Fact("renamingIdentifier", readable: "renaming ID") { .renaming($0.renamingIdentifier, name: $0.name) },
        Fact("versionHashModifier", readable: "version hash modifier") { .nonEmpty($0.versionHashModifier) },
        Fact("userInfo") { .userInfo($0.userInfo) },
    ]

    static let fetchRequest: [Fact<FetchRequest>] = [
        Fact("entity") { .string($0.entityName) },
        Fact("predicate") { $0.predicate.map { CanonicalValue.normalizedExpression($0.text) } },
        Fact("resultType") { .number($0.resultType) },
        Fact("includesSubentities") { .setting($0.includesSubentities) },
        Fact("includesPropertyValues") { .setting($0.includesPropertyValues) },
        Fact("includesPendingChanges") { .setting($0.includesPendingChanges) },
        Fact("returnsObjectsAsFaults") { .setting($0.returnsObjectsAsFaults) },
        Fact("returnsDistinctResults") { .setting($0.returnsDistinctResults) },
        Fact("fetchLimit") { .number($0.fetchLimit) },
        Fact("fetchBatchSize") { .number($0.fetchBatchSize) },
    ]

    /// A fetched property's request follows these, its facts' keys prefixed `fetchRequest.`.
    static let fetchedProperty: [Fact<FetchedProperty>] = [
        Fact("optional") { .flag($0.isOptional) },
        Fact("userInfo") { .userInfo($0.userInfo) },
    ]
}
