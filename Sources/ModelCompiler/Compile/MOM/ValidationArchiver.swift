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
            (subject, minimum, maximum, codes) = (.evaluatedObject, attribute.minValue, attribute.maxValue, (1620, 1610))
        case .string, .binary:
            (subject, minimum, maximum, codes) = (.keyPath("length"), attribute.minValue, attribute.maxValue, (1670, 1660))
        case .date:
            (subject, minimum, maximum, codes) = (.keyPath("timeIntervalSinceReferenceDate"), attribute.minDateTimeInterval,
                                                  attribute.maxDateTimeInterval, (1640, 1630))
        default:
            return []
        }
        var rules: [Rule] = []
        if let minimum = number(minimum, integral: type.isInteger || type == .string || type == .binary) {
            rules.append(Rule(predicate: .comparison(.init(subject, .greaterThanOrEqualTo, .constant(.number(minimum)))), warning: codes.0))
        }
        if let maximum = number(maximum, integral: type.isInteger || type == .string || type == .binary) {
            rules.append(Rule(predicate: .comparison(.init(subject, .lessThanOrEqualTo, .constant(.number(maximum)))), warning: codes.1))
        }
        return rules
    }

    /// The bound as a number literal: whole for integers and lengths, as written (trimmed) otherwise.
    private static func number(_ text: String?, integral: Bool) -> String? {
        guard let trimmed = text?.trimmingSpaces, let value = Double(trimmed) else { return nil }
        if integral, value.rounded(.towardZero) == value, abs(value) < 9.2e18 { return String(Int64(value)) }
        return trimmed
    }
}
