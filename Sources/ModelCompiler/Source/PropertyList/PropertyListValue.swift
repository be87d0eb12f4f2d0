/// A property-list value as binary plists hold it, with the width of reals kept (Core Data's archives
/// tell 4-byte Float from 8-byte Double) and keyed-archiver UIDs.
enum PropertyListValue: Hashable, Sendable {
    case string(String)
    case integer(Int64)
    case real(Double)
    /// A 4-byte real (Float).
    case float(Float)
    case boolean(Bool)
    case data([UInt8])
    /// Seconds since 2001-01-01.
    case date(Double)
    case array([PropertyListValue])
    case set([PropertyListValue])
    /// Entries in a fixed order, so that writing is deterministic.
    case dictionary([Entry])
    /// A keyed-archiver object reference.
    case uid(UInt64)
    case null

    struct Entry: Hashable, Sendable {
        var key: PropertyListValue
        var value: PropertyListValue

        init(_ key: PropertyListValue, _ value: PropertyListValue) {
            self.key = key
            self.value = value
        }
    }

    /// A dictionary with string keys, in the order given.
    static func dictionary(_ pairs: [(String, PropertyListValue)]) -> PropertyListValue {
        .dictionary(pairs.map { Entry(.string($0.0), $0.1) })
    }

    subscript(key: String) -> PropertyListValue? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries.first { $0.key == .string(key) }?.value
    }

    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var dataValue: [UInt8]? {
        if case .data(let value) = self { return value }
        return nil
    }

    /// String-keyed entries; nil when this is not a dictionary or a key is not a string.
    var stringKeyedEntries: [(String, PropertyListValue)]? {
        guard case .dictionary(let entries) = self else { return nil }
        var result: [(String, PropertyListValue)] = []
        for entry in entries {
            guard case .string(let key) = entry.key else { return nil }
            result.append((key, entry.value))
        }
        return result
    }
}
