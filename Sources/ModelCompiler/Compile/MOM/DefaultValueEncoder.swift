#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `NSDefaultValue` objects from `defaultValueString` / `defaultDateTimeInterval` (spec §4.5).
enum DefaultValueEncoder {
    static func value(for attribute: Attribute, in graph: inout ArchiveGraph) -> ArchiveGraph.Value {
        guard !attribute.isDerived, let type = attribute.type else { return .null }
        var fields = ArchiveGraph.Fields()
        if type == .date {
            guard let interval = attribute.defaultDateTimeInterval.flatMap({ Double($0.trimmingSpaces) }) else { return .null }
            fields.set(.NS_time, .real(interval))
            return .node(graph.node(ClassChain.date, fields))
        }
        guard let text = attribute.defaultValue else { return .null }
        switch type {
        case .integer16, .integer32, .integer64: return .int(longLongValue(text))
        case .boolean: return .bool(boolValue(text))
        case .double: return .real(Double(text.trimmingSpaces) ?? 0)
        case .float: return .float(Float(text.trimmingSpaces) ?? 0)
        case .string: return .string(text)
        case .decimal: return .node(graph.node(ClassChain.decimalNumber, decimalNumber(text)))
        case .uuid:
            guard let uuid = UUID(uuidString: text.trimmingSpaces) else { return .null }
            fields.set(.NS_uuidbytes, .data(withUnsafeBytes(of: uuid.uuid) { Array($0) }))
            return .node(graph.node(ClassChain.uuid, fields))
        case .uri:
            fields.set(.NS_base, .object(.null))
            fields.set(.NS_relative, .object(.string(text)))
            return .node(graph.node(ClassChain.url, fields))
        case .date, .binary, .transformable, .objectID, .composite, .undefined:
            return .null
        }
    }

    /// NSString `longLongValue`: optional spaces and sign, then leading digits; "0.0" is 0.
    static func longLongValue(_ text: String) -> Int64 {
        var scalars = Substring(text).drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        var negative = false
        if let sign = scalars.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            scalars = scalars.dropFirst()
        }
        var value: Int64 = 0
        for character in scalars {
            guard let digit = character.wholeNumberValue, character.isASCII else { break }
            let (multiplied, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (added, overflow2) = multiplied.addingReportingOverflow(Int64(digit))
            if overflow1 || overflow2 { return negative ? .min : .max }
            value = added
        }
        return negative ? -value : value
    }

    /// NSString `boolValue`: true on a leading Y, y, T, t or a non-zero digit after spaces, a sign and zeros.
    static func boolValue(_ text: String) -> Bool {
        var rest = Substring(text).drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        if let sign = rest.first, sign == "-" || sign == "+" { rest = rest.dropFirst() }
        rest = rest.drop { $0 == "0" }
        guard let first = rest.first else { return false }
        return "YyTt123456789".contains(first)
    }

    /// An NSDecimalNumber as Foundation archives it: up to 38 digits of mantissa in eight little-endian
    /// 16-bit words, a power-of-ten exponent, trailing zeros compacted and the value
    /// marked compact, except for zero itself.
    static func decimalNumber(_ text: String) -> ArchiveGraph.Fields {
        // Validation refuses what NSDecimal cannot hold (DecimalLiteral.problem), so the mantissa fits 128 bits.
        let literal = DecimalLiteral(text)
        let isZero = literal.isZero
        let (significant, exponent) = literal.compacted
        let mantissa = significant.reduce([UInt16](repeating: 0, count: 8)) { words, digit in multiplyAdd(words, 10, UInt32(digit)) }
        // Foundation's compaction marks every non-zero value compact, stripped or not; zero never.
        let compact = !isZero
        let negative = literal.negative && !isZero
        let length = isZero ? 0 : (mantissa.lastIndex { $0 != 0 }.map { $0 + 1 } ?? 0)
        var fields = ArchiveGraph.Fields(capacity: 6)
        fields.set(.NS_exponent, .int(Int64(exponent)))
        fields.set(.NS_length, .int(Int64(length)))
        fields.set(.NS_negative, .bool(negative))
        fields.set(.NS_compact, .bool(compact))
        fields.set(.NS_mantissa_bo, .int(1))
        fields.set(.NS_mantissa, .data(mantissa.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        return fields
    }

    private static func multiplyAdd(_ words: [UInt16], _ factor: UInt32, _ addend: UInt32) -> [UInt16] {
        var carry = addend
        return words.map { word in
            let value = UInt32(word) * factor + carry
            carry = value >> 16
            return UInt16(value & 0xFFFF)
        }
    }
}
