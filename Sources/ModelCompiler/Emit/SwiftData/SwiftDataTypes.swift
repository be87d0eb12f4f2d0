/// An attribute's Swift type and default in a `@Model` class (spec 3.2, 3.3): Xcode's table, or corrected (a Decimal
/// stays `Decimal`, a default is a literal of the property's type).
struct SwiftDataTypes {
    let shape: SwiftDataShape

    struct AttributeType_ {
        var name: String
        /// `@Attribute(.transformable(by:))`'s transformer.
        var transformer: String?
    }

    func type(of attribute: Attribute, model: ManagedObjectModel) -> AttributeType_ {
        var found = plainType(of: attribute, model: model)
        // Corrected: a model class named like a type the code uses (`Date`, `Data`) does not take its place.
        if !shape.isXcode, let module = Self.modules[found.name],
            model.entities.contains(where: { $0.name == found.name })
                || model.composites.contains(where: { $0.name == found.name })
        {
            found.name = module + "." + found.name
        }
        return found
    }

    /// The modules of the types the generated code names, to qualify one a model's class would shadow.
    static let modules: [String: String] = [
        "Int16": "Swift", "Int32": "Swift", "Int64": "Swift", "Double": "Swift", "Float": "Swift", "String": "Swift",
        "Bool": "Swift", "Decimal": "Foundation", "Date": "Foundation", "Data": "Foundation", "UUID": "Foundation",
        "URL": "Foundation",
    ]

    private func plainType(of attribute: Attribute, model: ManagedObjectModel) -> AttributeType_ {
        guard let type = attribute.type else { return AttributeType_(name: shape.isXcode ? "NSObject" : "Data") }
        switch type {
        case .integer16: return AttributeType_(name: "Int16")
        case .integer32: return AttributeType_(name: "Int32")
        case .integer64: return AttributeType_(name: "Int64")
        case .decimal: return AttributeType_(name: shape.isXcode ? "Double" : "Decimal")
        case .double: return AttributeType_(name: "Double")
        case .float: return AttributeType_(name: "Float")
        case .string: return AttributeType_(name: "String")
        case .boolean: return AttributeType_(name: "Bool")
        case .date: return AttributeType_(name: "Date")
        case .binary: return AttributeType_(name: "Data")
        case .uuid: return AttributeType_(name: "UUID")
        case .uri: return AttributeType_(name: "URL")
        case .composite:
            let name = attribute.compositeName.flatMap { name in
                model.composites.contains { $0.name == name } ? name : nil
            }
            return AttributeType_(name: name ?? (shape.isXcode ? "NSObject" : "Data"))
        case .transformable:
            guard let custom = Self.typeSpelling(attribute.customClassName) else {
                return AttributeType_(name: shape.isXcode ? "NSObject" : "Data")
            }
            return AttributeType_(name: custom, transformer: attribute.valueTransformerName)
        case .undefined, .objectID:
            return AttributeType_(name: shape.isXcode ? "NSObject" : "Data")
        }
    }

    /// A class name from the model as a Swift type: `UIColor`, `[String]`, `App.Tags`; nil for anything else, which
    /// never reaches the code (a leading dot is the current module, as in Xcode).
    static func typeSpelling(_ written: String?) -> String? {
        guard var name = written?.trimmingSpaces, !name.isEmpty else { return nil }
        while name.hasPrefix(".") { name.removeFirst() }
        let allowed = name.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
                || "_.[]:<>, ?".unicodeScalars.contains($0)
        }
        guard allowed, let first = name.unicodeScalars.first, !("0"..."9").contains(first), !name.hasSuffix("."),
            !SwiftNames.keywords.contains(name)
        else { return nil }
        return name
    }

    /// The default after `=`, or nil for none. Xcode copies a number verbatim (`Int32 = 0.0`, which does not
    /// compile); corrected, the value momc archives, as a literal of the type.
    func defaultLiteral(of attribute: Attribute) -> String? {
        guard let type = attribute.type else { return nil }
        if type == .date, let interval = attribute.defaultDateTimeInterval, let seconds = Double(interval) {
            return "Date(timeIntervalSinceReferenceDate: \(Self.sixDecimals(seconds)))"
        }
        guard let value = attribute.defaultValue else { return nil }
        switch type {
        case .boolean:
            switch value {
            case "YES", "true", "1": return "true"
            case "NO", "false", "0": return "false"
            default: return nil
            }
        case .string:
            return SwiftLiteral.string(value)
        case .integer16, .integer32, .integer64:
            if shape.isXcode { return Self.isNumber(value) ? value : nil }
            let number = value == "YES" ? 1 : value == "NO" ? 0 : Double(value)
            guard let number, number.rounded(.towardZero) == number, abs(number) < 9.2e18 else { return nil }
            return String(Int64(number))
        case .double, .float, .decimal:
            guard Self.isNumber(value) else { return nil }
            return value
        default:
            return nil
        }
    }

    /// A decimal literal Swift reads as a number: digits, one optional point, an optional exponent.
    static func isNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.hasPrefix("-") { rest = rest.dropFirst() }
        let parts = rest.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
        let mantissa = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard mantissa.allSatisfy(digits) else { return false }
        guard parts.count == 2 else { return true }
        var exponent = parts[1]
        if exponent.hasPrefix("-") || exponent.hasPrefix("+") { exponent = exponent.dropFirst() }
        return digits(exponent)
    }

    /// `%f`: six decimals, as Xcode writes a Date default's interval.
    static func sixDecimals(_ value: Double) -> String {
        let scaled = (abs(value) * 1_000_000).rounded()
        guard scaled < 9.0e18 else { return String(value) }
        let whole = Int64(scaled) / 1_000_000, fraction = Int64(scaled) % 1_000_000
        let digits = String(fraction)
        return (value < 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: 6 - digits.count) + digits
    }
}
