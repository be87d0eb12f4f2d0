/// The XML attributes each element of a `.xcdatamodel/contents` may carry (../shared spec §7). The
/// reader warns about any other; lists are static so that checking costs a lookup, not a set per element.
enum ModelSchema {
    static let model: Set<String> = [
        "type", "documentVersion", "lastSavedToolsVersion", "systemVersion", "minimumToolsVersion", "macOSVersion",
        "iOSVersion", "sourceLanguage", "userDefinedModelVersionIdentifier", "name", "usedWithSwiftData",
        "usedWithCloudKit",
    ]
    static let entity: Set<String> = [
        "name", "representedClassName", "parentEntity", "isAbstract", "versionHashModifier", "elementID",
        "renamingIdentifier", "syncable", "codeGenerationType",
    ]
    static let attribute: Set<String> = [
        "name", "attributeType", "optional", "transient", "defaultValueString", "defaultDateTimeInterval",
        "minValueString", "maxValueString", "minDateTimeInterval", "maxDateTimeInterval", "usesScalarValueType",
        "indexed", "spotlightIndexingEnabled", "storedInTruthFile", "allowsExternalBinaryDataStorage",
        "preserveAfterDeletion", "allowsCloudEncryption", "valueTransformerName", "customClassName", "derived",
        "derivationExpression", "composite", "elementID", "renamingIdentifier", "versionHashModifier", "syncable",
        "regularExpressionString",
    ]
    static let relationship: Set<String> = [
        "name", "destinationEntity", "inverseName", "inverseEntity", "optional", "toMany", "ordered", "minCount",
        "maxCount", "deletionRule", "transient", "indexed", "elementID", "renamingIdentifier", "versionHashModifier",
        "syncable",
    ]
    // A fetched property is always transient: Xcode may still write `transient="YES"` on one.
    static let fetchedProperty: Set<String> = ["name", "optional", "syncable", "transient"]
    static let fetchRequest: Set<String> = [
        "name", "entity", "predicateString", "resultType", "includeSubentities", "includePropertyValues",
        "includesPendingChanges", "returnObjectsAsFaults", "returnDistinctResults", "fetchLimit", "fetchBatchSize",
    ]
    static let configuration: Set<String> = ["name", "usedWithCloudKit"]
    static let composite: Set<String> = ["name"]
    static let fetchIndex: Set<String> = ["name"]
    static let fetchIndexElement: Set<String> = ["property", "expression", "expressionType", "type", "order"]
    static let entry: Set<String> = ["key", "value"]
    static let named: Set<String> = ["name"]
    static let valued: Set<String> = ["value"]
    static let none: Set<String> = []
}
