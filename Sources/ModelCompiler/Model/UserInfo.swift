/// `<userInfo>` entries, in file order.
public struct UserInfo: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var key: String
        public var value: String
        public var location: SourceLocation
    }

    public var entries: [Entry]

    public init(entries: [Entry] = []) { self.entries = entries }

    public var isEmpty: Bool { entries.isEmpty }

    /// Key to value, the last entry winning, as a dictionary built from the list would.
    public var dictionary: [String: String] {
        var result: [String: String] = [:]
        for entry in entries { result[entry.key] = entry.value }
        return result
    }
}
