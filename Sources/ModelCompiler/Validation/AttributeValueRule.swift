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
            attribute.maxDateTimeInterval == nil
        {
            return []
        }
        var diagnostics: [Diagnostic] = []
        var label: String { "\(owner).\(attribute.name)" }
        if type == .undefined, !attribute.isTransient {
            diagnostics.append(
                .error(
                    .undefinedStoredAttribute,
                    "'\(label)' has no type (Undefined), which Core Data allows only on transient attributes; "
                        + "give it a type or make it transient", at: attribute.span[setting: "attributeType"]))
        }
        if type == .composite {
            if let name = attribute.compositeName {
                if context.compositesByName[name] == nil {
                    diagnostics.append(
                        .error(
                            .compositeNotFound,
                            "'\(label)' stores composite '\(name)', which the model does not define",
                            at: attribute.span[setting: "composite"]))
                }
            } else {
                diagnostics.append(
                    .error(
                        .missingRequiredAttribute,
                        "Composite attribute '\(label)' is missing its required 'composite' attribute",
                        at: attribute.location))
            }
        }
        if type == .date {
            // Xcode writes a human-readable `defaultValueString` beside the real `defaultDateTimeInterval`.
            var bounds: [Double?] = []
            for setting in ["defaultDateTimeInterval", "minDateTimeInterval", "maxDateTimeInterval"] {
                let text =
                    setting == "defaultDateTimeInterval"
                    ? attribute.defaultDateTimeInterval
                    : setting == "minDateTimeInterval" ? attribute.minDateTimeInterval : attribute.maxDateTimeInterval
                guard let text, let reading = AttributeValueReading.value(text, as: .date) else {
                    bounds.append(nil)
                    continue
                }
                diagnostics += reinterpreted(
                    reading, "'\(setting)' '\(text)' of '\(label)'", type,
                    attribute.span[setting: setting])
                if case .date(let seconds)? = reading.value { bounds.append(seconds) } else { bounds.append(nil) }
            }
            diagnostics += range(attribute, label, bounds[1], bounds[2], setting: "minDateTimeInterval")
            return diagnostics
        }
        if let text = attribute.defaultValue, let reading = AttributeValueReading.value(text, as: type) {
            if case .decimal(let literal)? = reading.value, let problem = literal.problem {
                diagnostics.append(
                    .error(
                        .invalidDefaultValue,
                        "default value '\(text)' of '\(label)' is not a valid Decimal: \(problem)",
                        at: attribute.span[setting: "defaultValueString"]))
            } else {
                diagnostics += reinterpreted(
                    reading, "default value '\(text)' of '\(label)'", type,
                    attribute.span[setting: "defaultValueString"])
            }
        }
        // For numbers min/max bound the value; for strings and binary data they bound the length.
        let boundType: AttributeType? = type.isNumeric ? type : (type == .string || type == .binary ? .integer64 : nil)
        guard let boundType else { return diagnostics }
        var bounds: [Double?] = []
        for (setting, value) in [("minValueString", attribute.minValue), ("maxValueString", attribute.maxValue)] {
            guard let text = value, let reading = AttributeValueReading.value(text, as: boundType) else {
                bounds.append(nil)
                continue
            }
            // A Decimal bound that is no number makes no validation rule (`ValidationArchiver`).
            var bound = reading
            if bound.value == .decimalNotANumber { bound.value = nil }
            diagnostics += reinterpreted(
                bound, "'\(setting)' '\(text)' of '\(label)'", boundType,
                attribute.span[setting: setting], none: "no bound",
                kind: type.isNumeric ? nil : "a length")
            bounds.append(reading.numericValue)
        }
        return diagnostics + range(attribute, label, bounds[0], bounds[1], setting: "minValueString")
    }

    /// One warning when the text compiles to something other than what it says, or outside its type's range.
    private func reinterpreted(
        _ reading: AttributeValueReading, _ subject: @autoclosure () -> String,
        _ type: AttributeType,
        _ location: SourceLocation, none: String = "no default value",
        kind: String? = nil
    ) -> [Diagnostic] {
        if let range = reading.outsideRange {
            return [
                .warning(
                    .valueOutOfRange,
                    "\(subject()) is outside \(type.rawValue)'s range (\(range.lowerBound)...\(range.upperBound)): it compiles "
                        + "as written, but a property of that type cannot hold it", at: location)
            ]
        }
        guard !reading.isExact else { return [] }
        return [
            .warning(
                .valueReinterpreted,
                "\(subject()) (\(kind ?? type.rawValue)) compiles to "
                    + "\(reading.value == nil ? none : reading.compiledDescription), as Apple's momc reads it",
                at: location)
        ]
    }

    private func range(
        _ attribute: Attribute, _ label: @autoclosure () -> String, _ low: Double?, _ high: Double?,
        setting: String
    ) -> [Diagnostic] {
        guard let low, let high, low > high else { return [] }
        // Apple's momc compiles it: Core Data then refuses to save any value, so it is worth a warning, not a refusal.
        return [
            .warning(
                .invalidValueRange,
                "'\(label())' has a minimum above its maximum, so Core Data refuses to save any value but nil",
                at: attribute.span[setting: setting])
        ]
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let undefinedStoredAttribute: DiagnosticCode = "undefined-stored-attribute"
    static let compositeNotFound: DiagnosticCode = "composite-not-found"
    static let invalidDefaultValue: DiagnosticCode = "invalid-default-value"
    static let invalidValueRange: DiagnosticCode = "invalid-value-range"
    static let valueReinterpreted: DiagnosticCode = "value-reinterpreted"
    static let valueOutOfRange: DiagnosticCode = "value-out-of-range"
}
