/// A stable identifier for a kind of diagnostic. Codes are part of the public contract: tools and
/// `--format json` consumers match on them, so an existing code is never renamed or reused.
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The code as written, e.g. `missing-inverse`.
    public var rawValue: String
    /// The code spelled `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The code spelled by a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }
    /// The code as written.
    public var description: String { rawValue }

    /// Decodes a code from its string.
    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the code as its string.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

// Reading files and bundles.
extension DiagnosticCode {
    static let fileNotFound: DiagnosticCode = "file-not-found"
    static let unreadableFile: DiagnosticCode = "unreadable-file"
    static let notAModel: DiagnosticCode = "not-a-model"
    static let missingContents: DiagnosticCode = "missing-contents"
    static let xcode3BinaryModel: DiagnosticCode = "xcode3-binary-model"
    static let xcode3ArchiveMalformed: DiagnosticCode = "xcode3-archive-malformed"
    static let xcode3UnknownTag: DiagnosticCode = "xcode3-unknown-tag"
    static let xcode3UnverifiedSetting: DiagnosticCode = "xcode3-unverified-setting"
    static let emptyBundle: DiagnosticCode = "empty-bundle"
    static let xmlNotWellFormed: DiagnosticCode = "xml-not-well-formed"
    static let rootNotModel: DiagnosticCode = "root-not-model"
    static let unknownXMLElement: DiagnosticCode = "unknown-xml-element"
    static let unknownXMLAttribute: DiagnosticCode = "unknown-xml-attribute"
    static let missingRequiredAttribute: DiagnosticCode = "missing-required-attribute"
    static let invalidNumber: DiagnosticCode = "invalid-number"
    static let invalidEnumValue: DiagnosticCode = "invalid-enum-value"
    static let duplicateUserInfoKey: DiagnosticCode = "duplicate-user-info-key"
    static let invalidArgument: DiagnosticCode = "invalid-argument"
}

// The current-version pointer (`.xccurrentversion`).
extension DiagnosticCode {
    static let currentVersionMalformed: DiagnosticCode = "current-version-malformed"
    static let currentVersionMissing: DiagnosticCode = "current-version-missing"
    static let currentVersionNotFound: DiagnosticCode = "current-version-not-found"
    static let currentVersionOutsideBundle: DiagnosticCode = "current-version-outside-bundle"
}

// Compiling.
extension DiagnosticCode {
    static let outputNotWritable: DiagnosticCode = "output-not-writable"
    static let outputNotAFolder: DiagnosticCode = "output-not-a-folder"
    static let outputRefused: DiagnosticCode = "output-refused"
    /// A fixtures folder that could not be swapped whole: its pairs were moved in one after the other.
    static let fixturesReplacedOneByOne: DiagnosticCode = "fixtures-replaced-one-by-one"
    static let codegenNameClash: DiagnosticCode = "codegen-name-clash"
    /// `configuration-invalid`: an `openmomc.json` or command-line setting openmomc cannot use.
    public static let configurationInvalid: DiagnosticCode = "configuration-invalid"
}

// Naming versions (`new-version`) and converting Xcode 3 binary ones (`convert`).
extension DiagnosticCode {
    static let versionNotFound: DiagnosticCode = "version-not-found"
    static let versionNameInvalid: DiagnosticCode = "version-name-invalid"
    static let nothingToConvert: DiagnosticCode = "nothing-to-convert"
    static let conversionRefused: DiagnosticCode = "conversion-refused"
}

// Shipped versions and the version history.
extension DiagnosticCode {
    static let shippedRecordMalformed: DiagnosticCode = "shipped-record-malformed"
    static let shippedVersionModified: DiagnosticCode = "shipped-version-modified"
    static let shippedVersionMissing: DiagnosticCode = "shipped-version-missing"
    static let currentVersionStale: DiagnosticCode = "current-version-stale"
    static let multipleUnshippedVersions: DiagnosticCode = "multiple-unshipped-versions"
    static let noShippedRecord: DiagnosticCode = "no-shipped-record"
    static let frozenVersionFindings: DiagnosticCode = "frozen-version-findings"
    static let upgradePaths: DiagnosticCode = "upgrade-paths"
    static let shippedUpgradeFindings: DiagnosticCode = "shipped-upgrade-findings"
    static let acknowledgementMalformed: DiagnosticCode = "acknowledgement-malformed"
    static let acknowledgementStale: DiagnosticCode = "acknowledgement-stale"
    static let acknowledgementRefused: DiagnosticCode = "acknowledgement-refused"
}

// Model rules.
extension DiagnosticCode {
    static let duplicateEntity: DiagnosticCode = "duplicate-entity"
    static let duplicateProperty: DiagnosticCode = "duplicate-property"
    static let propertyShadowsInherited: DiagnosticCode = "property-shadows-inherited"
    static let propertyRedeclaresInherited: DiagnosticCode = "property-redeclares-inherited"
    static let unknownAttributeType: DiagnosticCode = "unknown-attribute-type"
    static let undefinedStoredAttribute: DiagnosticCode = "undefined-stored-attribute"
    static let compositeNotFound: DiagnosticCode = "composite-not-found"
    static let duplicateComposite: DiagnosticCode = "duplicate-composite"
    static let compositeCycle: DiagnosticCode = "composite-cycle"
    static let parentEntityNotFound: DiagnosticCode = "parent-entity-not-found"
    static let inheritanceCycle: DiagnosticCode = "inheritance-cycle"
    static let destinationEntityNotFound: DiagnosticCode = "destination-entity-not-found"
    static let inverseNotFound: DiagnosticCode = "inverse-not-found"
    static let inverseNotReciprocal: DiagnosticCode = "inverse-not-reciprocal"
    static let inverseEntityMismatch: DiagnosticCode = "inverse-entity-mismatch"
    /// `missing-inverse`: a relationship without an inverse (momc's warning; `momc --no-inverse-warnings` drops it).
    public static let missingInverse: DiagnosticCode = "missing-inverse"
    static let minCountAboveMaxCount: DiagnosticCode = "min-count-above-max-count"
    /// `no-action-delete-rule`: a relationship whose delete rule is No Action (momc's warning).
    public static let noActionDeleteRule: DiagnosticCode = "no-action-delete-rule"
    /// `too-many-properties`: an entity with more properties than momc accepts without a warning.
    public static let tooManyProperties: DiagnosticCode = "too-many-properties"
    static let reservedPropertyName: DiagnosticCode = "reserved-property-name"
    static let invalidName: DiagnosticCode = "invalid-name"
    static let invalidDefaultValue: DiagnosticCode = "invalid-default-value"
    static let invalidValueRange: DiagnosticCode = "invalid-value-range"
    static let valueReinterpreted: DiagnosticCode = "value-reinterpreted"
    static let valueOutOfRange: DiagnosticCode = "value-out-of-range"
    static let constraintUnknownProperty: DiagnosticCode = "constraint-unknown-property"
    static let fetchIndexUnknownProperty: DiagnosticCode = "fetch-index-unknown-property"
    static let configurationUnknownEntity: DiagnosticCode = "configuration-unknown-entity"
    static let duplicateConfiguration: DiagnosticCode = "duplicate-configuration"
    static let fetchedPropertyUnknownEntity: DiagnosticCode = "fetched-property-unknown-entity"
    static let fetchRequestUnknownEntity: DiagnosticCode = "fetch-request-unknown-entity"
    static let duplicateFetchRequest: DiagnosticCode = "duplicate-fetch-request"
    static let invalidExpression: DiagnosticCode = "invalid-expression"
    static let duplicateRenamingIdentifier: DiagnosticCode = "duplicate-renaming-identifier"
    static let renamingIdentifierSpelling: DiagnosticCode = "renaming-identifier-spelling"
    static let renamingIdentifierUnknown: DiagnosticCode = "renaming-identifier-unknown"
    static let cloudKitRequiredAttribute: DiagnosticCode = "cloudkit-required-attribute"
    static let cloudKitUniquenessConstraint: DiagnosticCode = "cloudkit-uniqueness-constraint"
    static let cloudKitRequiredRelationship: DiagnosticCode = "cloudkit-required-relationship"
    static let cloudKitMissingInverse: DiagnosticCode = "cloudkit-missing-inverse"
    static let cloudKitDenyRule: DiagnosticCode = "cloudkit-deny-rule"
    static let cloudKitOrderedRelationship: DiagnosticCode = "cloudkit-ordered-relationship"
}

// Core Data SQLite stores (`openmomc store`).
extension DiagnosticCode {
    static let storeNotSQLite: DiagnosticCode = "store-not-sqlite"
    static let storeNotCoreData: DiagnosticCode = "store-not-core-data"
    static let storeUnreadable: DiagnosticCode = "store-unreadable"
    static let storeMetadataMalformed: DiagnosticCode = "store-metadata-malformed"
    static let storeModelCacheUnreadable: DiagnosticCode = "store-model-cache-unreadable"
    static let storeChecksumMismatch: DiagnosticCode = "store-checksum-mismatch"
    static let storeModelNotFound: DiagnosticCode = "store-model-not-found"
}

// Mapping models (`.xcmappingmodel`, `.cdm`).
extension DiagnosticCode {
    static let mappingModelMalformed: DiagnosticCode = "mapping-model-malformed"
    static let mappingExpressionInvalid: DiagnosticCode = "mapping-expression-invalid"
    static let mappingModelHops: DiagnosticCode = "mapping-model-hops"
    static let mappingModelStale: DiagnosticCode = "mapping-model-stale"
    static let mappingModelDrift: DiagnosticCode = "mapping-model-drift"
    static let mappingModelSubsetHazard: DiagnosticCode = "mapping-model-subset-hazard"
    static let mappingPolicyNotQualified: DiagnosticCode = "mapping-policy-not-qualified"
    static let mappingModelNotInResources: DiagnosticCode = "mapping-model-not-in-resources"
    /// A mapping model links a version of the bundle with a version of another bundle beside it (#49).
    static let mappingModelLinksBundles: DiagnosticCode = "mapping-model-links-bundles"
    /// A mapping model named for the bundle maps none of its versions; its snapshots match another model's (#49).
    static let mappingModelOtherModel: DiagnosticCode = "mapping-model-other-model"
    /// Bundles that mapping models link were checked as one history (#49).
    static let bundlesCheckedTogether: DiagnosticCode = "bundles-checked-together"
}
