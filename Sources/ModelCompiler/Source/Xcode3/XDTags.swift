/// The stereotypes and tags of Xcode 3's binary model format (../shared/spec/xcode3-format.md §3.4, §4): every tag
/// seen in 122 real files. Anything else is reported and skipped, never guessed at.
enum XDTags {
    static let entityStereotypes: Set<String> = ["XD_PStereotype"]
    static let attributeStereotypes: Set<String> = ["XD_PPropStereotype", "XD_PAtt_Stereotype"]
    static let relationshipStereotypes: Set<String> = ["XD_PPropStereotype", "XD_PR_Stereotype"]
    static let fetchedPropertyStereotypes: Set<String> = ["XD_PPropStereotype", "XD_PFP_Stereotype"]

    static let entity: Set<String> = [
        "XD_PSK_classMapping", "XD_PSK_entityClassName", "XD_PSK_fetchRequestsArray", "XD_PSK_isAbstract",
        "XD_PSK_userInfo", "XD_PSK_versionHashModifier", "XD_PSK_elementID", "XDPMCompoundIndexes",
        "XDPMUniquenessConstraints",
    ]
    static let property: Set<String> = [
        "XD_PPSK_isOptional", "XD_PPSK_isTransient", "XD_PPSK_isIndexed", "XD_PPSK_isSpotlightIndexed",
        "XD_PPSK_isStoredInTruthFile", "XD_PPSK_elementID", "XD_PPSK_versionHashModifier", "XD_PPSK_userInfo",
    ]
    static let attribute: Set<String> = property.union([
        "XD_PAttK_attributeType", "XD_PAttK_defaultValueAsString", "XD_PAttK_minValueString",
        "XD_PAttK_maxValueString", "XD_PAttK_regularExpressionString", "XD_PAttK_valueTransformerName",
        "XD_PAttK_allowsExternalBinaryDataStorage",
    ])
    static let relationship: Set<String> = property.union([
        "XD_PRK_destination", "XD_PRK_inverseRelationship", "XD_PRK_isToMany", "XD_PRK_minCount", "XD_PRK_maxCount",
        "XD_PRK_deleteRule", "XD_PRK_ordered",
    ])
    static let fetchedProperty: Set<String> = property.union(["XD_PFP_fetchRequestKey"])

    /// `XD_PAttK_attributeType` is the `NSAttributeType` code; 0 is Undefined, written with no `attributeType`.
    /// (Source comes before Model, so the names are spelled here as the XML spells them.)
    static let attributeTypes = [
        100: "Integer 16", 200: "Integer 32", 300: "Integer 64", 400: "Decimal", 500: "Double", 600: "Float",
        700: "String", 800: "Boolean", 900: "Date", 1000: "Binary", 1100: "UUID", 1200: "URI", 1800: "Transformable",
    ]

    /// `XD_PRK_deleteRule` is the `NSDeleteRule` code.
    static let deletionRules = [0: "No Action", 1: "Nullify", 2: "Cascade", 3: "Deny"]

    /// Sync Services settings, which momc drops from userInfo (§6.1) and which are not all strings.
    static let syncServicesPrefix = "com.apple.syncservices."
}
