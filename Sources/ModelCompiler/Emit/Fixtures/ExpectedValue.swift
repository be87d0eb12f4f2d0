/// A value as `expected.json` writes it, in the app's terms: numbers, booleans, text (strings, URIs, UUIDs, the text of
/// a transformed value), dates as seconds since 2001-01-01 (`timeIntervalSinceReferenceDate`), binary values by their
/// size and SHA-256 (some are hundreds of kilobytes).
enum ExpectedValue: Encodable, Equatable {
    case integer(Int64)
    case real(Double)
    case boolean(Bool)
    case text(String)
    case bytes([UInt8])
    case null

    /// What the app reads from a stored value of `type`.
    init(_ stored: SQLiteDatabase.Value, type: AttributeType?) {
        switch (stored, type) {
        case (.integer(let value), .boolean): self = .boolean(value != 0)
        case (.integer(let value), _): self = .integer(value)
        case (.real(let value), _): self = .real(value)
        case (.text(let value), _): self = .text(value)
        case (.blob(let value), .uuid) where value.count == 16: self = .text(Self.uuidText(value))
        case (.blob(let value), _): self = .bytes(value)
        case (.null, _): self = .null
        }
    }

    /// A default value from the model (`defaultValueString`), as the app reads it; nil when there is none.
    init?(default text: String?, type: AttributeType?) {
        guard let text, let type else { return nil }
        switch type {
        case .integer16, .integer32, .integer64:
            guard let value = Int64(text) ?? Double(text).map({ Int64($0) }) else { return nil }
            self = .integer(value)
        case .boolean: self = .boolean(["YES", "1", "true", "TRUE"].contains(text))
        case .double, .float, .decimal, .date:
            guard let value = Double(text) else { return nil }
            self = .real(value)
        case .string, .uri, .uuid: self = .text(text)
        default: return nil
        }
    }

    /// The value after inferred migration converts it to `type` (an integer becomes a real number).
    func converted(to type: AttributeType?) -> ExpectedValue {
        guard case .integer(let value) = self, type == .double || type == .float else { return self }
        return .real(Double(value))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let value): try container.encode(value)
        case .real(let value): try container.encode(value)
        case .boolean(let value): try container.encode(value)
        case .text(let value): try container.encode(value)
        case .bytes(let value):
            try container.encode(["bytes": "\(value.count)", "sha256": Hex.encode(SHA256.hash(value))])
        case .null: try container.encodeNil()
        }
    }

    static func uuidText(_ bytes: [UInt8]) -> String {
        let characters = Array(Hex.encode(bytes).uppercased())
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }
}
