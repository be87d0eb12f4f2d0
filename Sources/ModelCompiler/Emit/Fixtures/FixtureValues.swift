/// Generated attribute values for fixture stores: deterministic (a value depends only on the seed, the entity, the
/// attribute and the row, never on the order of generation), realistic (text of varied length in several scripts,
/// binary values on both sides of the external-storage threshold, optionals left empty in some rows) and stored the way
/// Core Data stores each type (store-format.md section 6; choices in Docs/CompatibilityChoices.md).
struct FixtureValues {
    var seed: UInt64

    /// Core Data writes a value of an external-storage attribute larger than this to a file beside the store.
    static let externalThreshold = 100 * 1024
    /// Seconds from 1970 to 2001-01-01, Core Data's reference date.
    static let referenceDateOffset = 978_307_200.0

    /// A value and what goes in the store for it.
    struct Generated {
        var stored: SQLiteDatabase.Value
        /// The file Core Data keeps beside the store for an external value: its name and bytes.
        var external: (name: String, bytes: [UInt8])?
        /// What the app reads, when it is not the stored value itself (external and transformed values).
        var logical: ExpectedValue?

        init(
            stored: SQLiteDatabase.Value, external: (name: String, bytes: [UInt8])? = nil,
            logical: ExpectedValue? = nil
        ) {
            self.stored = stored
            self.external = external
            self.logical = logical
        }
    }

    private static let words = [
        "library", "Zoë", "Straße", "café", "日本語", "книга", "Ελληνικά", "naïve", "😀", "data", "العربية", "façade",
        "over", "the", "lazy", "dog", "שלום", "한국어", "ñandú", "Ω", "line\nbreak", "tab\there", "quote'\"",
    ]

    /// The value of `attribute` of `entity` in its `row` (counted from 0 within the entity), nil for an empty optional.
    /// `unique`: the row's primary key, for an attribute of a uniqueness constraint (its value must differ per row).
    func value(_ attribute: Attribute, entity: String, row: Int, unique: Int? = nil) -> Generated? {
        guard let type = attribute.type else { return nil }
        var random = Random(seed: seed, entity, attribute.name, row)
        if attribute.isOptional && row % 7 == 3 { return nil }
        if let unique, let value = distinct(type, unique, &random) { return value }
        switch type {
        case .integer16: return .init(stored: .integer(Int64(random.next() % 60_001) - 30_000))
        case .integer32: return .init(stored: .integer(Int64(random.next() % 4_000_000_001) - 2_000_000_000))
        case .integer64: return .init(stored: .integer(Int64(bitPattern: random.next()) >> 8))
        case .boolean: return .init(stored: .integer(Int64(random.next() % 2)))
        case .double:
            return .init(stored: .real(Double(Int64(random.next() % 2_000_000_000) - 1_000_000_000) / 1024))
        case .float: return .init(stored: .real(Double(Float(Int64(random.next() % 2_000_000) - 1_000_000) / 64)))
        case .decimal: return .init(stored: .real(Double(Int64(random.next() % 20_000_000) - 10_000_000) / 100))
        case .date:
            // 1990 to 2030, in milliseconds: what Core Data stores is seconds since 2001-01-01.
            return .init(stored: .real(Double(Int64(random.next() % 1_262_304_000_000)) / 1000 - 347_155_200))
        case .string: return .init(stored: .text(text(&random, row: row)))
        case .uri:
            return .init(stored: .text("https://example.com/\(entity.lowercased())/\(row)?q=\(random.next() % 1000)"))
        case .uuid: return .init(stored: .blob((0..<16).map { _ in UInt8(truncatingIfNeeded: random.next()) }))
        case .binary: return binary(&random, row: row, external: attribute.allowsExternalBinaryDataStorage)
        case .transformable:
            // A custom transformer's encoding is the app's own: such values are left empty (CompatibilityChoices).
            let text = text(&random, row: row)
            guard let archived = archivedString(attribute, text: text) else { return nil }
            return .init(stored: .blob(archived), logical: .text(text))
        case .undefined, .objectID, .composite: return nil
        }
    }

    /// A value no other row of the table has: made from the primary key.
    private func distinct(_ type: AttributeType, _ key: Int, _ random: inout Random) -> Generated? {
        switch type {
        case .integer16, .integer32, .integer64: .init(stored: .integer(Int64(key)))
        case .double, .float, .decimal: .init(stored: .real(Double(key) + 0.5))
        case .date: .init(stored: .real(700_000_000 + Double(key) * 60))
        case .string: .init(stored: .text(text(&random, row: key) + " \(key)"))
        case .uri: .init(stored: .text("https://example.com/item/\(key)"))
        default: nil
        }
    }

    /// Text of 1 to about 200 characters, from words in several scripts; every seventh row's is long.
    private func text(_ random: inout Random, row: Int) -> String {
        let target = row % 7 == 6 ? 150 + Int(random.next() % 60) : 1 + Int(random.next() % 40)
        var out = ""
        while out.count < target {
            if !out.isEmpty { out += " " }
            out += Self.words[Int(random.next() % UInt64(Self.words.count))]
        }
        return out
    }

    private func binary(_ random: inout Random, row: Int, external: Bool) -> Generated {
        let large = external && row % 25 == 7
        let count = large ? Self.externalThreshold + 4096 + Int(random.next() % 4096) : Int(random.next() % 2048)
        var bytes = [UInt8](repeating: 0, count: count)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: random.next() >> 13) }
        guard external else { return .init(stored: .blob(bytes)) }
        guard large else { return .init(stored: .blob([1] + bytes), logical: .bytes(bytes)) }
        // An external value: a marker byte, the file's name and a NUL; the bytes live in the file.
        let name = Self.uuidString(&random)
        return .init(stored: .blob([2] + Array(name.utf8) + [0]), external: (name, bytes), logical: .bytes(bytes))
    }

    /// A keyed archive of an `NSString`: what the secure-unarchive transformers (Core Data's default for a
    /// transformable without a transformer name) read back as that string. Nil for a custom transformer.
    private func archivedString(_ attribute: Attribute, text: String) -> [UInt8]? {
        let standard: Set<String?> = [
            nil, "", "NSSecureUnarchiveFromData", "NSSecureUnarchiveFromDataTransformer",
            "NSKeyedUnarchiveFromData",
        ]
        guard standard.contains(attribute.valueTransformerName) else { return nil }
        return Self.archive(text)
    }

    static func archive(_ text: String) -> [UInt8] {
        BinaryPropertyListWriter.data(
            for: .dictionary([
                .init(.string("$archiver"), .string("NSKeyedArchiver")),
                .init(.string("$objects"), .array([.string("$null"), .string(text)])),
                .init(.string("$top"), .dictionary([.init(.string("root"), .uid(1))])),
                .init(.string("$version"), .integer(100_000)),
            ]))
    }

    static func uuidString(_ random: inout Random) -> String {
        let hex = Array("0123456789ABCDEF")
        let digits = (0..<32).map { _ in hex[Int(random.next() % 16)] }
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(digits[$0]) }.joined(separator: "-")
    }

    /// SplitMix64 over a start made from the seed and the names (FNV-1a): the same inputs, the same values.
    struct Random {
        private var state: UInt64

        init(seed: UInt64, _ parts: Any...) {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
            for part in parts {
                for byte in "\(part)\u{1F}".utf8 {
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                }
            }
            state = hash
        }

        mutating func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
    }
}
