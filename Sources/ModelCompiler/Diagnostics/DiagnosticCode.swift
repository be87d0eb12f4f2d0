/// A stable identifier for a kind of diagnostic. Codes are part of the public contract: tools and
/// `--format json` consumers match on them, so an existing code is never renamed or reused.
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }

    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

// Reading files and bundles.
extension DiagnosticCode {
    public static let fileNotFound: DiagnosticCode = "file-not-found"
    public static let unreadableFile: DiagnosticCode = "unreadable-file"
    public static let notAModel: DiagnosticCode = "not-a-model"
    public static let missingContents: DiagnosticCode = "missing-contents"
    public static let xcode3BinaryModel: DiagnosticCode = "xcode3-binary-model"
    public static let xcode3ArchiveMalformed: DiagnosticCode = "xcode3-archive-malformed"
    public static let xcode3UnknownTag: DiagnosticCode = "xcode3-unknown-tag"
    public static let xcode3UnverifiedSetting: DiagnosticCode = "xcode3-unverified-setting"
    public static let emptyBundle: DiagnosticCode = "empty-bundle"
    public static let xmlNotWellFormed: DiagnosticCode = "xml-not-well-formed"
    public static let rootNotModel: DiagnosticCode = "root-not-model"
    public static let unknownXMLElement: DiagnosticCode = "unknown-xml-element"
    public static let unknownXMLAttribute: DiagnosticCode = "unknown-xml-attribute"
    public static let missingRequiredAttribute: DiagnosticCode = "missing-required-attribute"
    public static let invalidNumber: DiagnosticCode = "invalid-number"
    public static let invalidEnumValue: DiagnosticCode = "invalid-enum-value"
    public static let duplicateUserInfoKey: DiagnosticCode = "duplicate-user-info-key"
    public static let invalidArgument: DiagnosticCode = "invalid-argument"
}

// The current-version pointer (`.xccurrentversion`).
extension DiagnosticCode {
    public static let currentVersionMalformed: DiagnosticCode = "current-version-malformed"
    public static let currentVersionMissing: DiagnosticCode = "current-version-missing"
    public static let currentVersionNotFound: DiagnosticCode = "current-version-not-found"
    public static let currentVersionOutsideBundle: DiagnosticCode = "current-version-outside-bundle"
}

// Compiling.
extension DiagnosticCode {
    public static let outputNotWritable: DiagnosticCode = "output-not-writable"
    public static let outputNotAFolder: DiagnosticCode = "output-not-a-folder"
    public static let codegenNameClash: DiagnosticCode = "codegen-name-clash"
    public static let configurationInvalid: DiagnosticCode = "configuration-invalid"
}

// Naming versions (`new-version`) and converting Xcode 3 binary ones (`convert`).
extension DiagnosticCode {
    public static let versionNotFound: DiagnosticCode = "version-not-found"
    public static let versionNameInvalid: DiagnosticCode = "version-name-invalid"
    public static let nothingToConvert: DiagnosticCode = "nothing-to-convert"
    public static let conversionRefused: DiagnosticCode = "conversion-refused"
}

// Shipped versions and the version history.
extension DiagnosticCode {
    public static let shippedRecordMalformed: DiagnosticCode = "shipped-record-malformed"
    public static let shippedVersionModified: DiagnosticCode = "shipped-version-modified"
    public static let shippedVersionMissing: DiagnosticCode = "shipped-version-missing"
    public static let currentVersionStale: DiagnosticCode = "current-version-stale"
    public static let multipleUnshippedVersions: DiagnosticCode = "multiple-unshipped-versions"
    public static let noShippedRecord: DiagnosticCode = "no-shipped-record"
    public static let frozenVersionFindings: DiagnosticCode = "frozen-version-findings"
    public static let upgradePaths: DiagnosticCode = "upgrade-paths"
    public static let acknowledgementMalformed: DiagnosticCode = "acknowledgement-malformed"
    public static let acknowledgementStale: DiagnosticCode = "acknowledgement-stale"
    public static let acknowledgementRefused: DiagnosticCode = "acknowledgement-refused"
}

// Model rules.
extension DiagnosticCode {
    public static let duplicateEntity: DiagnosticCode = "duplicate-entity"
    public static let duplicateProperty: DiagnosticCode = "duplicate-property"
    public static let propertyShadowsInherited: DiagnosticCode = "property-shadows-inherited"
    public static let propertyRedeclaresInherited: DiagnosticCode = "property-redeclares-inherited"
    public static let unknownAttributeType: DiagnosticCode = "unknown-attribute-type"
    public static let undefinedStoredAttribute: DiagnosticCode = "undefined-stored-attribute"
    public static let compositeNotFound: DiagnosticCode = "composite-not-found"
    public static let duplicateComposite: DiagnosticCode = "duplicate-composite"
    public static let compositeCycle: DiagnosticCode = "composite-cycle"
    public static let parentEntityNotFound: DiagnosticCode = "parent-entity-not-found"
    public static let inheritanceCycle: DiagnosticCode = "inheritance-cycle"
    public static let destinationEntityNotFound: DiagnosticCode = "destination-entity-not-found"
    public static let inverseNotFound: DiagnosticCode = "inverse-not-found"
    public static let inverseNotReciprocal: DiagnosticCode = "inverse-not-reciprocal"
    public static let inverseEntityMismatch: DiagnosticCode = "inverse-entity-mismatch"
    public static let missingInverse: DiagnosticCode = "missing-inverse"
    public static let minCountAboveMaxCount: DiagnosticCode = "min-count-above-max-count"
    public static let noActionDeleteRule: DiagnosticCode = "no-action-delete-rule"
    public static let tooManyProperties: DiagnosticCode = "too-many-properties"
    public static let reservedPropertyName: DiagnosticCode = "reserved-property-name"
    public static let invalidName: DiagnosticCode = "invalid-name"
    public static let invalidDefaultValue: DiagnosticCode = "invalid-default-value"
    public static let invalidValueRange: DiagnosticCode = "invalid-value-range"
    public static let valueReinterpreted: DiagnosticCode = "value-reinterpreted"
    public static let valueOutOfRange: DiagnosticCode = "value-out-of-range"
    public static let constraintUnknownProperty: DiagnosticCode = "constraint-unknown-property"
    public static let fetchIndexUnknownProperty: DiagnosticCode = "fetch-index-unknown-property"
    public static let configurationUnknownEntity: DiagnosticCode = "configuration-unknown-entity"
    public static let duplicateConfiguration: DiagnosticCode = "duplicate-configuration"
    public static let fetchedPropertyUnknownEntity: DiagnosticCode = "fetched-property-unknown-entity"
    public static let fetchRequestUnknownEntity: DiagnosticCode = "fetch-request-unknown-entity"
    public static let duplicateFetchRequest: DiagnosticCode = "duplicate-fetch-request"
    public static let invalidExpression: DiagnosticCode = "invalid-expression"
    public static let duplicateRenamingIdentifier: DiagnosticCode = "duplicate-renaming-identifier"
    public static let renamingIdentifierSpelling: DiagnosticCode = "renaming-identifier-spelling"
    public static let renamingIdentifierUnknown: DiagnosticCode = "renaming-identifier-unknown"
    public static let cloudKitRequiredAttribute: DiagnosticCode = "cloudkit-required-attribute"
    public static let cloudKitUniquenessConstraint: DiagnosticCode = "cloudkit-uniqueness-constraint"
    public static let cloudKitRequiredRelationship: DiagnosticCode = "cloudkit-required-relationship"
    public static let cloudKitMissingInverse: DiagnosticCode = "cloudkit-missing-inverse"
    public static let cloudKitDenyRule: DiagnosticCode = "cloudkit-deny-rule"
    public static let cloudKitOrderedRelationship: DiagnosticCode = "cloudkit-ordered-relationship"
}

// Core Data SQLite stores (`openmomc store`).
extension DiagnosticCode {
    public static let storeNotSQLite: DiagnosticCode = "store-not-sqlite"
    public static let storeNotCoreData: DiagnosticCode = "store-not-core-data"
    public static let storeUnreadable: DiagnosticCode = "store-unreadable"
    public static let storeMetadataMalformed: DiagnosticCode = "store-metadata-malformed"
    public static let storeModelCacheUnreadable: DiagnosticCode = "store-model-cache-unreadable"
    public static let storeChecksumMismatch: DiagnosticCode = "store-checksum-mismatch"
    public static let storeModelNotFound: DiagnosticCode = "store-model-not-found"
}

// Mapping models (`.xcmappingmodel`, `.cdm`).
extension DiagnosticCode {
    public static let mappingModelMalformed: DiagnosticCode = "mapping-model-malformed"
    public static let mappingExpressionInvalid: DiagnosticCode = "mapping-expression-invalid"
    public static let mappingModelHops: DiagnosticCode = "mapping-model-hops"
    public static let mappingModelStale: DiagnosticCode = "mapping-model-stale"
    public static let mappingModelDrift: DiagnosticCode = "mapping-model-drift"
    public static let mappingModelSubsetHazard: DiagnosticCode = "mapping-model-subset-hazard"
    public static let mappingPolicyNotQualified: DiagnosticCode = "mapping-policy-not-qualified"
    public static let mappingModelNotInResources: DiagnosticCode = "mapping-model-not-in-resources"
}
