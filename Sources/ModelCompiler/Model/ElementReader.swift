#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        for attribute in element.attributes { lengths |= 1 << UInt64(attribute.name.utf8.count & 63) }
    }

    /// The lengths of the element's attribute names, one bit each (modulo 64). Most settings asked for are
    /// absent, and a length no attribute has answers without comparing any name.
    private var lengths: UInt64 = 0

    var span: SourceSpan { SourceSpan(file: element.file, position: element.position) }

    /// Attributes read so far, by position: only the others need looking up in `known` at the end.
    private var consumed: UInt64 = 0

    mutating func string(_ name: String) -> String? {
        assert(known.contains(name), "ModelSchema does not list '\(name)' for <\(element.name)>")
        guard lengths & 1 << UInt64(name.utf8.count & 63) != 0, let found = element.attributeIndex(name) else {
            return nil
        }
        if found < 64 { consumed |= 1 << UInt64(found) }
        return element.attributes[found].value
    }

    /// A required setting; reports it when missing or empty.
    mutating func required(_ name: String, what: String) -> String? {
        guard let value = string(name), !value.isEmpty else {
            diagnostics.append(
                .error(
                    .missingRequiredAttribute,
                    "\(what) is missing its required '\(name)' attribute", at: element.location))
            return nil
        }
        return value
    }

    /// Core Data's flag rule: only `YES` is true; anything else, or absence, is false.
    mutating func flag(_ name: String) -> Bool { string(name) == "YES" }

    /// A flag whose absence means something else than NO (`usesScalarValueType`, fetch options).
    mutating func optionalFlag(_ name: String) -> Bool? {
        guard let value = string(name) else { return nil }
        return value == "YES"
    }

    mutating func integer(_ name: String) -> Int? {
        guard let text = string(name) else { return nil }
        // Any spelling of a whole number ("2", "2.0"); text that is none has no value momc is known to give it.
        let (number, exact) = NumberText.integer(text)
        guard exact, let value = Int(exactly: number) else {
            diagnostics.append(
                .error(
                    .invalidNumber, "'\(name)' must be a whole number, not '\(text)'",
                    at: element.location(ofAttribute: name)))
            return nil
        }
        return value
    }

    mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    /// Warnings for the attributes this kind of element does not have.
    mutating func finish() -> [Diagnostic] {
        let unknown = element.attributes.enumerated()
            .filter { index, attribute in
                (index >= 64 || consumed & (1 << UInt64(index)) == 0) && !known.contains(attribute.name)
            }
            .map(\.element.name)
        let locations = element.file.locations(ofAttributes: unknown, inTagAt: element.position)
        for (name, location) in zip(unknown, locations) {
            diagnostics.append(
                .warning(
                    .unknownXMLAttribute,
                    "unknown attribute '\(name)' on <\(element.name)> is ignored", at: location ?? element.location))
        }
        defer { diagnostics = [] }
        return diagnostics
    }
}

extension String {
    /// Without the horizontal white space around it; most values have none, and skip Foundation's scan.
    var trimmingSpaces: String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return self }
        let isSpace = { (scalar: Unicode.Scalar) in scalar.properties.isWhitespace && scalar != "\n" && scalar != "\r" }
        guard isSpace(first) || isSpace(last) else { return self }
        return trimmingWhitespace
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let unknownXMLAttribute: DiagnosticCode = "unknown-xml-attribute"
    static let missingRequiredAttribute: DiagnosticCode = "missing-required-attribute"
    static let invalidNumber: DiagnosticCode = "invalid-number"
}
