#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A default, minimum or maximum value as Apple's momc reads it from the model's text: NSString's numeric readings
/// (`longLongValue`, `doubleValue`, `floatValue`, `boolValue`), which take the longest leading number and give 0 when
/// there is none, never refusing a spelling. Validation warns where the text means something else than what it
/// compiles to, and the archive writes exactly `value`: one reading for both, so they cannot disagree.
struct AttributeValueReading: Equatable {
    enum Value: Equatable {
        case integer(Int64)
        case boolean(Bool)
        case double(Double)
        case float(Float)
        case decimal(DecimalLiteral)
        /// An NSDecimalNumber that is not a number: what Foundation's parser gives text without one.
        case decimalNotANumber
        case string(String)
        case uuid([UInt8])
        case uri(String)
        /// Seconds since 2001-01-01.
        case date(Double)
    }

    /// What is compiled; nil when the value compiles to none at all (an unreadable UUID or URL).
    var value: Value?
    /// Whether the text is a spelling of `value` (spaces aside), so that nothing needs saying about it.
    var isExact: Bool
    /// Set when the value is outside what the attribute's type holds (an integer beyond Integer 16's range).
    var outsideRange: ClosedRange<Int64>?

    /// `text` read as a value of `type`: a default (`defaultValueString`, `defaultDateTimeInterval` for dates).
    static func value(_ text: String, as type: AttributeType) -> AttributeValueReading? {
        switch type {
        case .integer16, .integer32, .integer64:
            let (value, exact) = NumberText.integer(text)
            let range = type.integerRange
            return AttributeValueReading(
                value: .integer(value), isExact: exact,
                outsideRange: range.flatMap { $0.contains(value) ? nil : $0 })
        case .double, .date:
            let (value, exact) = NumberText.real(text)
            return AttributeValueReading(value: type == .date ? .date(value) : .double(value), isExact: exact)
        case .float:
            let (prefix, exact) = NumberText.realPrefix(text)
            return AttributeValueReading(value: .float(prefix.flatMap { Float(String($0)) } ?? 0), isExact: exact)
        case .boolean:
            return boolean(text)
        case .decimal:
            let (prefix, exact) = NumberText.realPrefix(text)
            guard let prefix else { return AttributeValueReading(value: .decimalNotANumber, isExact: false) }
            return AttributeValueReading(value: .decimal(DecimalLiteral(String(prefix))), isExact: exact)
        case .string:
            return AttributeValueReading(value: .string(text), isExact: true)
        case .uuid:
            guard let uuid = UUID(uuidString: text.trimmingSpaces) else {
                return AttributeValueReading(value: nil, isExact: false)
            }
            return AttributeValueReading(value: .uuid(withUnsafeBytes(of: uuid.uuid) { Array($0) }), isExact: true)
        case .uri:
            guard URL(string: text) != nil else { return AttributeValueReading(value: nil, isExact: false) }
            return AttributeValueReading(value: .uri(text), isExact: true)
        case .binary, .transformable, .objectID, .composite, .undefined:
            return nil
        }
    }

    /// NSString `boolValue`: true on a leading Y, y, T, t or a non-zero digit after spaces, a sign and zeros.
    /// Exact when the text says yes or no in a way a reader would take for that value.
    private static func boolean(_ text: String) -> AttributeValueReading {
        var rest = Substring(text).drop(while: NumberText.isLeadingSpace)
        if let sign = rest.first, sign == "-" || sign == "+" { rest = rest.dropFirst() }
        rest = rest.drop { $0 == "0" }
        let value = rest.first.map { "YyTt123456789".contains($0) } ?? false
        let word = text.trimmingSpaces.lowercased()
        let meant: Bool? =
            ["yes", "true"].contains(word)
            ? true
            : ["no", "false"].contains(word)
                ? false
                : Double(word).map { $0 != 0 }
        return AttributeValueReading(value: .boolean(value), isExact: meant == value)
    }

    /// The value as a number, for comparing a minimum with a maximum.
    var numericValue: Double? {
        switch value {
        case .integer(let number)?: return Double(number)
        case .double(let number)?, .date(let number)?: return number
        case .float(let number)?: return Double(number)
        case .decimal(let literal)?: return Double(literal.text)
        default: return nil
        }
    }

    /// How a warning names the compiled value.
    var compiledDescription: String {
        switch value {
        case nil: return "no default value"
        case .integer(let number)?: return String(number)
        case .boolean(let flag)?: return flag ? "YES" : "NO"
        case .double(let number)?, .date(let number)?: return NumberText.describe(number)
        case .float(let number)?: return NumberText.describe(Double(number))
        case .decimal(let literal)?: return literal.text
        case .decimalNotANumber?: return "NaN (not a number)"
        case .string(let text)?, .uri(let text)?: return "'\(text)'"
        case .uuid(let bytes)?: return UUIDText.string(bytes)
        }
    }
}

extension Attribute {
    /// Whether the compiled attribute has a default value: the text a default is read from gives one (an unreadable
    /// UUID gives none; a Date's default is its `defaultDateTimeInterval`, never its `defaultValueString`).
    var hasCompiledDefault: Bool {
        guard !isDerived, let type else { return false }
        guard let text = type == .date ? defaultDateTimeInterval : defaultValue else { return false }
        return AttributeValueReading.value(text, as: type)?.value != nil
    }
}

extension AttributeType {
    /// The values an integer type holds; nil for Integer 64 (every value read fits) and other types.
    var integerRange: ClosedRange<Int64>? {
        switch self {
        case .integer16: return Int64(Int16.min)...Int64(Int16.max)
        case .integer32: return Int64(Int32.min)...Int64(Int32.max)
        default: return nil
        }
    }
}
