/// A Decimal attribute's `defaultValueString` read as NSDecimalNumber reads it: sign, digits with an optional point,
/// an optional `e` exponent. NSDecimal holds at most 38 significant digits and a power of ten in -128...127; a
/// literal outside that is refused by validation rather than stored as some other number.
struct DecimalLiteral: Equatable {
    var negative: Bool
    /// Decimal digits, most significant first, without leading zeros (empty for zero).
    var digits: [UInt8]
    /// The power of ten that `digits` is scaled by.
    var exponent: Int
    /// Whether the text had a decimal point (Foundation keeps `0.0`'s exponent, not `0`'s).
    var hasPoint: Bool

    static let maximumDigits = 38
    static let exponentRange = -128...127

    init(_ text: String) {
        var scalars = Substring(text.trimmingSpaces)
        negative = false
        if let sign = scalars.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            scalars = scalars.dropFirst()
        }
        digits = []
        exponent = 0
        hasPoint = false
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let character = scalars[index]
            if let digit = character.wholeNumberValue, character.isASCII {
                if !(digits.isEmpty && digit == 0) { digits.append(UInt8(digit)) }
                if hasPoint { exponent -= 1 }
            } else if character == "." && !hasPoint {
                hasPoint = true
            } else if character == "e" || character == "E" {
                // Clamped far outside NSDecimal's range, so that no sum below can overflow.
                exponent += max(-1_000_000, min(1_000_000, Int(scalars[scalars.index(after: index)...]) ?? 0))
                break
            } else {
                break
            }
            index = scalars.index(after: index)
        }
    }

    var isZero: Bool { digits.isEmpty }

    /// The digits without the trailing zeros compaction removes, and the exponent that then applies.
    var compacted: (digits: ArraySlice<UInt8>, exponent: Int) {
        guard !isZero else { return ([], hasPoint ? exponent : 0) }
        let kept = digits.lastIndex { $0 != 0 }.map { $0 + 1 } ?? digits.count
        return (digits[..<kept], exponent + (digits.count - kept))
    }

    /// The value in plain decimal notation (`12.5`, `-300`), for messages.
    var text: String {
        let (significant, power) = compacted
        guard !significant.isEmpty else { return "0" }
        var digits = significant.map { String($0) }.joined()
        if abs(power) > 40 {
            digits += "e\(power)"
        } else if power >= 0 {
            digits += String(repeating: "0", count: power)
        } else {
            let places = -power
            if digits.count <= places { digits = String(repeating: "0", count: places - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places))
        }
        return (negative ? "-" : "") + digits
    }

    /// Why NSDecimalNumber cannot hold it exactly, or nil.
    var problem: String? {
        let (significant, power) = compacted
        if significant.count > Self.maximumDigits {
            return "it has \(significant.count) significant digits; a Decimal holds \(Self.maximumDigits)"
        }
        if !isZero, !Self.exponentRange.contains(power) {
            return
                "its power of ten (\(power)) is outside a Decimal's \(Self.exponentRange.lowerBound)...\(Self.exponentRange.upperBound)"
        }
        return nil
    }
}
