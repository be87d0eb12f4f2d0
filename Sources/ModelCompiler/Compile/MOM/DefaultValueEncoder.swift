#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `NSDefaultValue` objects from `defaultValueString` / `defaultDateTimeInterval` (spec §4.5).
enum DefaultValueEncoder {
    static func value(for attribute: Attribute, in graph: inout ArchiveGraph) -> ArchiveGraph.Value {
        guard !attribute.isDerived, let type = attribute.type else { return .null }
        let text = type == .date ? attribute.defaultDateTimeInterval : attribute.defaultValue
        guard let text, let value = AttributeValueReading.value(text, as: type)?.value else { return .null }
        var fields = ArchiveGraph.Fields()
        switch value {
        case .integer(let number): return .int(number)
        case .boolean(let flag): return .bool(flag)
        case .double(let number): return .real(number)
        case .float(let number): return .float(number)
        case .string(let string): return .string(string)
        case .decimal(let literal): return .node(graph.node(ClassChain.decimalNumber, decimalNumber(literal)))
        case .decimalNotANumber: return .node(graph.node(ClassChain.decimalNumber, decimalNotANumber))
        case .date(let seconds):
            fields.set(.NS_time, .real(seconds))
            return .node(graph.node(ClassChain.date, fields))
        case .uuid(let bytes):
            fields.set(.NS_uuidbytes, .data(bytes))
            return .node(graph.node(ClassChain.uuid, fields))
        case .uri(let string):
            fields.set(.NS_base, .object(.null))
            fields.set(.NS_relative, .object(.string(string)))
            return .node(graph.node(ClassChain.url, fields))
        }
    }

    /// Foundation's NaN decimal (length 0, negative), as `NSDecimalNumber(string:)` gives text without a number.
    static var decimalNotANumber: ArchiveGraph.Fields {
        var fields = ArchiveGraph.Fields(capacity: 6)
        fields.set(.NS_exponent, .int(0))
        fields.set(.NS_length, .int(0))
        fields.set(.NS_negative, .bool(true))
        fields.set(.NS_compact, .bool(true))
        fields.set(.NS_mantissa_bo, .int(1))
        fields.set(.NS_mantissa, .data([UInt8](repeating: 0, count: 16)))
        return fields
    }

    /// An NSDecimalNumber as Foundation archives it: up to 38 digits of mantissa in eight little-endian
    /// 16-bit words, a power-of-ten exponent, trailing zeros compacted and the value
    /// marked compact, except for zero itself.
    static func decimalNumber(_ literal: DecimalLiteral) -> ArchiveGraph.Fields {
        // Validation refuses what NSDecimal cannot hold (DecimalLiteral.problem), so the mantissa fits 128 bits.
        let isZero = literal.isZero
        let (significant, exponent) = literal.compacted
        let mantissa = significant.reduce([UInt16](repeating: 0, count: 8)) { words, digit in
            multiplyAdd(words, 10, UInt32(digit))
        }
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
