/// Whether an added property's name is close enough to a removed one's to suggest a rename. The hint tells the
/// user to point the new property's renaming ID at the old data, so a wrong one would move, say, a contact's
/// first name into an unrelated column: same type alone is not enough (Threema's `abFirstName` and `csi`).
enum NameLikeness {
    /// Names longer than this are compared only for equality: the edit distance is quadratic.
    static let longestCompared = 128

    static func alike(_ old: String, _ new: String) -> Bool { tier(old, new) != nil }

    /// How alike, for weighing candidates: 3 the same but for case, 2 a typo fixed, 1 one name extends the other;
    /// nil when not alike. Two candidates of one tier are equally likely.
    static func tier(_ old: String, _ new: String) -> Int? {
        let a = Array(old.lowercased().unicodeScalars), b = Array(new.lowercased().unicodeScalars)
        if a == b { return 3 }
        guard a.count <= longestCompared, b.count <= longestCompared else { return nil }
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        // `colour` -> `color`, `adress` -> `address`: a typo fixed, about one edit per four letters.
        if distance(a, b) <= short.count / 4 { return 2 }
        // `payload` -> `payloadBlob`, `isbn` -> `isbn13`: one name extends the other.
        if short.count >= 3, contains(long, short) { return 1 }
        return nil
    }

    private static func contains(_ long: [Unicode.Scalar], _ short: [Unicode.Scalar]) -> Bool {
        guard short.count <= long.count else { return false }
        return (0...(long.count - short.count)).contains { long[$0..<($0 + short.count)].elementsEqual(short) }
    }

    /// Levenshtein distance, two rows.
    private static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count), current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
