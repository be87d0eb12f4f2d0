/// Sorting names in NSString order (`VersionHasher.nsStringOrder`), which hashes and archives do for every entity's
/// properties. Most names differ in their first eight UTF-8 bytes, so each is compared first by those bytes packed
/// into one number: the comparisons of whole strings were most of what the sorts cost.
enum NameOrder {
    /// The positions of `names` in NSString order, equal names in their given order.
    static func sortedPositions(_ names: [String]) -> [Int] {
        guard names.count > 1 else { return Array(names.indices) }
        let prefixes = names.map(prefix)
        return names.indices.sorted { left, right in
            if precedes(names[left], prefixes[left], names[right], prefixes[right]) { return true }
            if precedes(names[right], prefixes[right], names[left], prefixes[left]) { return false }
            return left < right
        }
    }

    /// Whether `a` sorts before `b` in NSString order, given their `prefix`es.
    static func precedes(_ a: String, _ aPrefix: UInt64, _ b: String, _ bPrefix: UInt64) -> Bool {
        if aPrefix != bPrefix {
            // UTF-8 bytes order like UTF-16 units below 0xEE (see `nsStringOrder`): decide on the first byte that
            // differs unless it is one of those.
            let shift = UInt64(56 - (aPrefix ^ bPrefix).leadingZeroBitCount / 8 * 8)
            if (aPrefix >> shift) & 0xFF < 0xEE && (bPrefix >> shift) & 0xFF < 0xEE { return aPrefix < bPrefix }
        }
        return VersionHasher.nsStringOrder(a, b)
    }

    /// The first eight UTF-8 bytes, most significant first, zeros after a shorter name: a shorter name sorts first
    /// where they differ, and where they do not (a NUL inside a name) the whole names are compared.
    static func prefix(_ name: String) -> UInt64 { Identifier.leadingBytes(name) }
}
