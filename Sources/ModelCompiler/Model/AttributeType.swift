/// Attribute types as the XML spells them, with Core Data's `NSAttributeType` raw values.
public enum AttributeType: String, CaseIterable, Hashable, Sendable {
    /// No type (only transient attributes may have it).
    case undefined = "Undefined"
    /// `Int16`.
    case integer16 = "Integer 16"
    /// `Int32`.
    case integer32 = "Integer 32"
    /// `Int64`.
    case integer64 = "Integer 64"
    /// `NSDecimalNumber`.
    case decimal = "Decimal"
    /// `Double`.
    case double = "Double"
    /// `Float`.
    case float = "Float"
    /// `String`.
    case string = "String"
    /// `Bool`.
    case boolean = "Boolean"
    /// `Date`.
    case date = "Date"
    /// `Data`.
    case binary = "Binary"
    /// `UUID`.
    case uuid = "UUID"
    /// `URL`.
    case uri = "URI"
    /// A value stored through a value transformer.
    case transformable = "Transformable"
    /// An object ID (only transient or derived attributes may have it).
    case objectID = "ObjectID"
    /// A composite attribute: several attributes stored as one.
    case composite = "Composite"

    /// The type named `rawValue`. By length first, then the few names of that length: the synthesized initializer
    /// compares the text with every name in turn, and each attribute of a model asks once.
    public init?(rawValue: String) {
        let length = rawValue.utf8.count
        guard let found = Self.names.first(where: { $0.name.utf8.count == length && $0.name == rawValue }) else {
            return nil
        }
        self = found.type
    }

    private static let names = allCases.map { (name: $0.rawValue, type: $0) }

    /// `NSAttributeType.rawValue`.
    var attributeTypeCode: Int {
        switch self {
        case .undefined: 0
        case .integer16: 100
        case .integer32: 200
        case .integer64: 300
        case .decimal: 400
        case .double: 500
        case .float: 600
        case .string: 700
        case .boolean: 800
        case .date: 900
        case .binary: 1000
        case .uuid: 1100
        case .uri: 1200
        case .transformable: 1800
        case .objectID: 2000
        case .composite: 2100
        }
    }

    var isInteger: Bool { self == .integer16 || self == .integer32 || self == .integer64 }
    var isNumeric: Bool { isInteger || self == .decimal || self == .double || self == .float }
}

extension AttributeType {
    /// Whether every value of `narrower` is a value of this type: Integer 16 -> 32 -> 64, Float -> Double.
    func widens(_ narrower: AttributeType) -> Bool {
        switch (narrower, self) {
        case (.integer16, .integer32), (.integer16, .integer64), (.integer32, .integer64), (.float, .double): true
        default: false
        }
    }

    /// What Core Data's inferred migration does when an attribute's type becomes this one (Docs/CompatibilityChoices.md,
    /// "Numeric type changes").
    enum Conversion: Equatable {
        /// Inferred: each value is converted (widening, and an integer to Double: Integer 64 -> Double VERIFIED).
        case converted
        /// Both numeric, but no evidence either way of what inference does with the values.
        case unverified
        /// Never inferred: the store fails to open (134140).
        case notInferable
    }

    func conversion(from old: AttributeType) -> Conversion {
        if widens(old) || (old.isInteger && self == .double) { return .converted }
        return old.isNumeric && isNumeric ? .unverified : .notInferable
    }
}
