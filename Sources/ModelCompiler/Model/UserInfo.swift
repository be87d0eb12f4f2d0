/// `<userInfo>` entries, in file order.
struct UserInfo: Hashable, Sendable {
    struct Entry: Hashable, Sendable {
        var key: String
        var value: String
        var location: SourceLocation
    }

    var entries: [Entry]

    init(entries: [Entry] = []) { self.entries = entries }

    var isEmpty: Bool { entries.isEmpty }

    /// Key to value, the last entry winning, as a dictionary built from the list would.
    var dictionary: [String: String] {
        var result: [String: String] = [:]
        for entry in entries { result[entry.key] = entry.value }
        return result
    }
}
