#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Defaults and min/max values parse for their attribute's type; Composite attributes name a composite;
/// only transient attributes may be Undefined.
struct AttributeValueRule: ModelRule {
    func check(_ context: ValidationContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // By index: a `for` over the array copies each large value.
        for entity in context.model.entities {
            let attributes = entity.attributes
            for index in attributes.indices { diagnostics += check(attributes[index], owner: entity.name, context) }
        }
        for composite in context.model.composites {
            for attribute in composite.attributes {
                diagnostics += check(attribute, owner: composite.name, context)
            }
        }
        return diagnostics
    }

    private func check(_ attribute: Attribute, owner: String, _ context: ValidationContext) -> [Diagnostic] {
        guard let type = attribute.type else { return [] }
        // Most attributes have a plain type and no default or bounds: nothing below applies to them.
        if type != .undefined, type != .composite, attribute.defaultValue == nil, attribute.minValue == nil,
           attribute.maxValue == nil, attribute.defaultDateTimeInterval == nil, attribute.minDateTimeInterval == nil,
           attribute.maxDateTimeInterval == nil {
            return []
        }
        var diagnostics: [Diagnostic] = []
        var label: String { "\(owner).\(attribute.name)" }
        if type == .undefined, !attribute.isTransient {
            diagnostics.append(.error(.undefinedStoredAttribute,
                "'\(label)' has no type (Undefined), which Core Data allows only on transient attributes; "
                + "give it a type or make it transient", at: attribute.span[setting: "attributeType"]))
        }
        if type == .composite {
            if let name = attribute.compositeName {
                if context.compositesByName[name] == nil {
                    diagnostics.append(.error(.compositeNotFound,
                        "'\(label)' stores composite '\(name)', which the model does not define",
                        at: attribute.span[setting: "composite"]))
                }
            } else {
                diagnostics.append(.error(.missingRequiredAttribute,
                    "Composite attribute '\(label)' is missing its required 'composite' attribute", at: attribute.location))
            }
        }
        if type == .date {
            // Xcode writes a human-readable `defaultValueString` beside the real `defaultDateTimeInterval`.
            let settings = [("defaultDateTimeInterval", attribute.defaultDateTimeInterval),
                            ("minDateTimeInterval", attribute.minDateTimeInterval),
                            ("maxDateTimeInterval", attribute.maxDateTimeInterval)]
            for (setting, value) in settings {
                if let text = value, Double(text) == nil {
                    diagnostics.append(.error(.invalidDefaultValue,
                        "'\(setting)' of '\(label)' must be seconds since 2001-01-01, not '\(text)'",
                        at: attribute.span[setting: setting]))
                }
            }
            diagnostics += range(attribute, label, Double(attribute.minDateTimeInterval ?? ""),
                                 Double(attribute.maxDateTimeInterval ?? ""), setting: "minDateTimeInterval")
            return diagnostics
        }
        if let text = attribute.defaultValue, let problem = Self.problem(parsing: text, as: type) {
            diagnostics.append(.error(.invalidDefaultValue,
                "default value '\(text)' of '\(label)' is not a valid \(type.rawValue): \(problem)",
                at: attribute.span[setting: "defaultValueString"]))
        }
        // For numbers min/max bound the value; for strings and binary data they bound the length.
        let boundType: AttributeType? = type.isNumeric ? type : (type == .string || type == .binary ? .integer64 : nil)
        guard let boundType else { return diagnostics }
        var bounds: [Double?] = []
        for (setting, value) in [("minValueString", attribute.minValue), ("maxValueString", attribute.maxValue)] {
            guard let text = value else { bounds.append(nil); continue }
            if let problem = Self.problem(parsing: text, as: boundType) {
                diagnostics.append(.error(.invalidDefaultValue,
                    "'\(setting)' '\(text)' of '\(label)' is not a valid bound: \(problem)", at: attribute.span[setting: setting]))
                bounds.append(nil)
            } else {
                bounds.append(Double(text.trimmingSpaces))
            }
        }
        return diagnostics + range(attribute, label, bounds[0], bounds[1], setting: "minValueString")
    }

    private func range(_ attribute: Attribute, _ label: @autoclosure () -> String, _ low: Double?, _ high: Double?,
                       setting: String) -> [Diagnostic] {
        guard let low, let high, low > high else { return [] }
        return [.error(.invalidValueRange,
                       "'\(label())' has a minimum above its maximum, so no value can be saved",
                       at: attribute.span[setting: setting])]
    }

    private static let posix = Locale(identifier: "en_US_POSIX")

    /// Why `text` is not a value of `type`, or nil when it is. Accepts what Core Data accepts: Xcode
    /// writes `0.0` for integer defaults and `YES`/`NO` for Booleans.
    static func problem(parsing text: String, as type: AttributeType) -> String? {
        let trimmed = text.trimmingSpaces
        switch type {
        case .integer16, .integer32, .integer64:
            guard let number = Double(trimmed), number.isFinite else { return "expected a whole number" }
            let limit: Double = type == .integer16 ? 32_768 : type == .integer32 ? 2_147_483_648 : 9_223_372_036_854_775_808
            guard number >= -limit && number < limit else { return "out of range for \(type.rawValue)" }
            return number.rounded(.towardZero) == number ? nil : "expected a whole number"
        case .double, .float:
            return Double(trimmed) == nil ? "expected a number" : nil
        case .decimal:
            guard Decimal(string: trimmed, locale: posix) != nil, Double(trimmed) != nil else { return "expected a decimal number" }
            return DecimalLiteral(trimmed).problem
        case .boolean:
            if ["YES", "NO", "true", "false"].contains(trimmed) { return nil }
            return Double(trimmed) == nil ? "expected YES or NO" : nil
        case .uuid:
            return UUID(uuidString: trimmed) == nil ? "expected a UUID such as 00000000-0000-0000-0000-000000000000" : nil
        case .uri:
            return URL(string: trimmed) == nil ? "expected a URL" : nil
        case .string, .date, .binary, .transformable, .objectID, .composite, .undefined:
            return nil
        }
    }
}
