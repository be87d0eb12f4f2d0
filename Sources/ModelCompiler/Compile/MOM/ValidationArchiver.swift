/// `NSValidationPredicates`/`NSValidationWarnings` for min/max values, in the form Core Data itself
/// builds them: numbers compare SELF, strings and data their `length`, dates their
/// `timeIntervalSinceReferenceDate`; a warning is the NSCocoaErrorDomain code the failure reports.
/// An integer minimum is VERIFIED against Apple's archive (spec §4.5); the other shapes follow it, see
/// Docs/CompatibilityChoices.md.
enum ValidationArchiver {
    struct Rule {
        var predicate: Predicate
        var warning: Int64
    }

    static func rules(for attribute: Attribute) -> [Rule] {
        guard let type = attribute.type, !attribute.isDerived else { return [] }
        let subject: Expression, minimum: String?, maximum: String?, codes: (Int64, Int64)
        switch type {
        case .integer16, .integer32, .integer64, .decimal, .double, .float:
            (subject, minimum, maximum, codes) = (
                .evaluatedObject, attribute.minValue, attribute.maxValue, (1620, 1610)
            )
        case .string, .binary:
            (subject, minimum, maximum, codes) = (
                .keyPath("length"), attribute.minValue, attribute.maxValue, (1670, 1660)
            )
        case .date:
            (subject, minimum, maximum, codes) = (
                .keyPath("timeIntervalSinceReferenceDate"), attribute.minDateTimeInterval,
                attribute.maxDateTimeInterval, (1640, 1630)
            )
        default:
            return []
        }
        // Lengths are whole numbers, read as an Integer 64 bound is.
        let boundType: AttributeType = type == .string || type == .binary ? .integer64 : type
        var rules: [Rule] = []
        if let minimum = number(minimum, as: boundType) {
            rules.append(
                Rule(
                    predicate: .comparison(.init(subject, .greaterThanOrEqualTo, .constant(.number(minimum)))),
                    warning: codes.0))
        }
        if let maximum = number(maximum, as: boundType) {
            rules.append(
                Rule(
                    predicate: .comparison(.init(subject, .lessThanOrEqualTo, .constant(.number(maximum)))),
                    warning: codes.1))
        }
        // Xcode's "Reg. Ex.": Core Data's own form for it is `SELF MATCHES regex`, failing with
        // NSValidationStringPatternMatchingError (1680), after the length limits (Docs/CompatibilityChoices.md).
        if type == .string, let pattern = attribute.regularExpression {
            rules.append(
                Rule(
                    predicate: .comparison(.init(.evaluatedObject, .matches, .constant(.string(pattern)))),
                    warning: 1680))
        }
        return rules
    }

    /// The bound as a number literal, as `AttributeValueReading` reads it (the warning about a spelling says the same):
    /// whole for integers and lengths, the leading decimal number as written for the others.
    private static func number(_ text: String?, as type: AttributeType) -> String? {
        guard let text, let value = AttributeValueReading.value(text, as: type)?.value else { return nil }
        switch value {
        case .integer(let number): return String(number)
        case .double, .float, .date, .decimal:
            // An unreadable bound reads as 0, as NSString's readings give it.
            return NumberText.realPrefix(text).prefix.map(String.init) ?? "0"
        default: return nil
        }
    }
}
