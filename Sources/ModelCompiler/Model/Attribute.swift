/// An `<attribute>`: a stored, transient or derived value of an entity (or of a composite).
public struct Attribute: Hashable, Sendable {
    public var name: String
    /// Nil when `attributeType` is missing or unknown (a diagnostic says which).
    public var type: AttributeType?
    public var isOptional = false
    public var isTransient = false
    /// `defaultValueString` as written.
    public var defaultValue: String?
    /// `defaultDateTimeInterval`: seconds since 2001-01-01, the real default of a Date attribute.
    public var defaultDateTimeInterval: String?
    public var minValue: String?
    public var maxValue: String?
    public var minDateTimeInterval: String?
    public var maxDateTimeInterval: String?
    /// `usesScalarValueType`; nil when not written (code generation then picks the type's default).
    public var usesScalarValueType: Bool?
    /// The old `indexed="YES"` form of a single-property index.
    public var isIndexed = false
    public var isIndexedBySpotlight = false
    public var isStoredInTruthFile = false
    public var allowsExternalBinaryDataStorage = false
    public var preservesValueInHistoryOnDeletion = false
    public var allowsCloudEncryption = false
    public var valueTransformerName: String?
    public var customClassName: String?
    public var isDerived = false
    public var derivationExpression: ExpressionText?
    /// `composite`: the model-level `<composite>` this Composite attribute stores.
    public var compositeName: String?
    public var renamingIdentifier: RenamingIdentifier?
    public var versionHashModifier: String?
    public var userInfo = UserInfo()
    public var span: SourceSpan

    public init(name: String, span: SourceSpan) {
        self.name = name
        self.span = span
    }

    public var location: SourceLocation { span.element }

    /// What Core Data reports as `renamingIdentifier`: the explicit one, else the property's own name.
    public var effectiveRenamingIdentifier: String { renamingIdentifier?.value ?? name }

    /// Whether it has a column in the store: transient and derived values are never migrated.
    public var isStored: Bool { !isTransient && !isDerived }
}
