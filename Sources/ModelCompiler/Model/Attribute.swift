/// An `<attribute>`: a stored, transient or derived value of an entity (or of a composite).
public struct Attribute: Hashable, Sendable {
    /// The attribute's name, as code reads it.
    public var name: String
    /// Nil when `attributeType` is missing or unknown (a diagnostic says which).
    public var type: AttributeType?
    /// True when the attribute may hold no value.
    public var isOptional = false
    /// True when the attribute is not stored (not in the store, not in the version hash's stored properties).
    public var isTransient = false
    /// `defaultValueString` as written.
    public var defaultValue: String?
    /// `usesScalarValueType`; nil when not written (code generation then picks the type's default).
    var usesScalarValueType: Bool?
    /// The old `indexed="YES"` form of a single-property index.
    var isIndexed = false
    var isIndexedBySpotlight = false
    var isStoredInTruthFile = false
    /// True when Core Data may keep a large binary value in a file beside the store.
    public var allowsExternalBinaryDataStorage = false
    var preservesValueInHistoryOnDeletion = false
    var allowsCloudEncryption = false
    var isDerived = false
    /// The settings most attributes never have, kept out of line (see `RareAttributeSettings`).
    private var rare = RareAttributeSettings()
    var span: SourceSpan

    init(name: String, span: SourceSpan) {
        self.name = name
        self.span = span
    }

    /// Where the `<attribute>` element is.
    public var location: SourceLocation { span.element }

    /// What Core Data reports as `renamingIdentifier`: the explicit one, else the property's own name.
    var effectiveRenamingIdentifier: String { renamingIdentifier?.value ?? name }

    /// Whether it has a column in the store: transient and derived values are never migrated.
    var isStored: Bool { !isTransient && !isDerived }

    /// `defaultDateTimeInterval`: seconds since 2001-01-01, the real default of a Date attribute.
    var defaultDateTimeInterval: String? {
        get { rare.box?.values.defaultDateTimeInterval ?? nil }
        set { if newValue != nil || rare.box != nil { rare.change { $0.defaultDateTimeInterval = newValue } } }
    }
    var minValue: String? {
        get { rare.box?.values.minValue ?? nil }
        set { if newValue != nil || rare.box != nil { rare.change { $0.minValue = newValue } } }
    }
    var maxValue: String? {
        get { rare.box?.values.maxValue ?? nil }
        set { if newValue != nil || rare.box != nil { rare.change { $0.maxValue = newValue } } }
    }
    var minDateTimeInterval: String? {
        get { rare.box?.values.minDateTimeInterval ?? nil }
        set { if newValue != nil || rare.box != nil { rare.change { $0.minDateTimeInterval = newValue } } }
    }
    /// `regularExpressionString` (Xcode's "Reg. Ex." validation of a String attribute), as written.
    var regularExpression: String? {
        get { rare.box?.values.regularExpression ?? nil }
        set { if newValue != nil || rare.box != nil { rare.change { $0.regularExpression = newValue } } }
    }
    var maxDateTimeInterval: String? {
        get { rare.box?.values.maxDateTimeInterval ?? nil }
        set { if newValue != nil || rare.box != nil { rare.change { $0.maxDateTimeInterval = newValue } } }
    }
    var valueTransformerName: String? {
        get { rare.box?.values.valueTransformerName ?? nil }
        set { if newValue != nil || rare.box != nil { rare.change { $0.valueTransformerName = newValue } } }
    }
    var customClassName: String? {
        get { rare.box?.values.customClassName ?? nil }
        set { if newValue != nil || rare.box != nil { rare.change { $0.customClassName = newValue } } }
    }
    var derivationExpression: ExpressionText? {
        get { rare.box?.values.derivationExpression ?? nil }
        set { if newValue != nil || rare.box != nil { rare.change { $0.derivationExpression = newValue } } }
    }
    /// `composite`: the model-level `<composite>` this Composite attribute stores.
    var compositeName: String? {
        get { rare.box?.values.compositeName ?? nil }
        set { if newValue != nil || rare.box != nil { rare.change { $0.compositeName = newValue } } }
    }
    /// The attribute's renaming identifier: the name it had in an earlier version, which matches it there.
    public var renamingIdentifier: RenamingIdentifier? {
        get { rare.box?.values.renamingIdentifier ?? nil }
        set { if newValue != nil || rare.box != nil { rare.change { $0.renamingIdentifier = newValue } } }
    }
    var versionHashModifier: String? {
        get { rare.box?.values.versionHashModifier ?? nil }
        set { if newValue != nil || rare.box != nil { rare.change { $0.versionHashModifier = newValue } } }
    }
    var userInfo: UserInfo {
        get { rare.box?.values.userInfo ?? UserInfo() }
        set { if !newValue.isEmpty || rare.box != nil { rare.change { $0.userInfo = newValue } } }
    }
}

/// An attribute's settings that most attributes never have, in one shared box: an `Attribute` is copied wherever
/// models are compared and typed, and with these inline it took 408 bytes (now 120). Copy on write; no box and a
/// box of nothing but defaults are equal.
struct RareAttributeSettings: Hashable, @unchecked Sendable {
    struct Values: Hashable, Sendable {
        var defaultDateTimeInterval: String?
        var minValue: String?
        var maxValue: String?
        var minDateTimeInterval: String?
        var maxDateTimeInterval: String?
        var regularExpression: String?
        var valueTransformerName: String?
        var customClassName: String?
        var derivationExpression: ExpressionText?
        var compositeName: String?
        var renamingIdentifier: RenamingIdentifier?
        var versionHashModifier: String?
        var userInfo = UserInfo()
    }

    /// Never changed once shared (`change` copies it first), which is what makes the value `Sendable`.
    fileprivate final class Box {
        var values: Values
        init(_ values: Values) { self.values = values }
    }

    /// Nil when no rare setting was ever set. Read in place (`box?.values.minValue`), never copied whole.
    fileprivate var box: Box?

    mutating func change(_ body: (inout Values) -> Void) {
        if box == nil {
            box = Box(Values())
        } else if !isKnownUniquelyReferenced(&box!) {
            box = Box(box!.values)
        }
        body(&box!.values)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.box === rhs.box || (lhs.box?.values ?? Values()) == (rhs.box?.values ?? Values())
    }

    func hash(into hasher: inout Hasher) { hasher.combine(box?.values ?? Values()) }
}
