import Foundation

/// Reads one XML element's attributes as typed settings, reporting those its kind of element does not
/// have, so that nothing is silently dropped.
struct ElementReader {
    let element: SourceElement
    /// The attributes this kind of element may carry (a `ModelSchema` list).
    let known: Set<String>
    private(set) var diagnostics: [Diagnostic] = []

    init(_ element: SourceElement, known: Set<String>) {
        self.element = element
        self.known = known
    }

    var span: SourceSpan {
        var settings: [String: SourceLocation] = [:]
        for attribute in element.attributes { settings[attribute.name] = attribute.location }
        return SourceSpan(element: element.location, settings: settings)
    }

    func string(_ name: String) -> String? {
        assert(known.contains(name), "ModelSchema does not list '\(name)' for <\(element.name)>")
        return element[attribute: name]
    }

    /// A required setting; reports it when missing or empty.
    mutating func required(_ name: String, what: String) -> String? {
        guard let value = string(name), !value.isEmpty else {
            diagnostics.append(.error(.missingRequiredAttribute,
                                      "\(what) is missing its required '\(name)' attribute", at: element.location))
            return nil
        }
        return value
    }

    /// Core Data's flag rule: only `YES` is true; anything else, or absence, is false.
    func flag(_ name: String) -> Bool { string(name) == "YES" }

    /// A flag whose absence means something else than NO (`usesScalarValueType`, fetch options).
    func optionalFlag(_ name: String) -> Bool? {
        guard let value = string(name) else { return nil }
        return value == "YES"
    }

    mutating func integer(_ name: String) -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text.trimmingSpaces) else {
            diagnostics.append(.error(.invalidNumber, "'\(name)' must be a whole number, not '\(text)'",
                                      at: element.location(ofAttribute: name)))
            return nil
        }
        return value
    }

    mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    /// Warnings for the attributes this kind of element does not have.
    mutating func finish() -> [Diagnostic] {
        for attribute in element.attributes where !known.contains(attribute.name) {
            diagnostics.append(.warning(.unknownXMLAttribute,
                "unknown attribute '\(attribute.name)' on <\(element.name)> is ignored", at: attribute.location))
        }
        defer { diagnostics = [] }
        return diagnostics
    }
}

extension String {
    var trimmingSpaces: String { trimmingCharacters(in: .whitespaces) }
}
