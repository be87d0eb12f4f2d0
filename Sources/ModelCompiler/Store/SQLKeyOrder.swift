/// The order in which Core Data visits an entity's SQL property keys when it names many-to-many join tables
/// (store-format.md section 6.1, VERIFIED on 161 join tables of 28 real stores). Core Data keeps two old-style hash
/// tables of its own for this, so that names never change across OS releases: L, which grows in powers of two and
/// gives the order keys are inserted into T, and T, a fixed-size table whose bucket order is the visiting order. Both
/// are simulated here exactly: the hash functions, the sizes and linear probing.
enum SQLKeyOrder {
    /// L: power-of-two buckets, grown before an insert when empty or full, probing from `mix(h(key))`.
    struct GrowingTable {
        private(set) var buckets: [String?] = []
        private(set) var count = 0
        private var capacity = 0

        init(_ keys: [String] = []) {
            for key in keys { insert(key) }
        }

        mutating func insert(_ key: String) {
            if buckets.isEmpty || count == capacity {
                let old = order
                capacity = 3 << flsl(count / 3)
                buckets = Array(repeating: nil, count: 4 << flsl((capacity - 1) / 3))
                count = 0
                for key in old { place(key) }
            }
            place(key)
        }

        private mutating func place(_ key: String) {
            var index = Int(mix(h(key)) & UInt64(buckets.count - 1))
            while let present = buckets[index] {
                if present == key { return }
                index = (index + 1) % buckets.count
            }
            buckets[index] = key
            count += 1
        }

        /// The keys in bucket order.
        var order: [String] { buckets.compactMap { $0 } }
    }

    /// T's capacities and bucket counts (the table sizes of Apple's pre-10.6 CFDictionary), as far as the spec gives
    /// them; an entity with more keys is past what was verified (`order` returns nil).
    static let capacities = [4, 8, 17, 29, 47, 76, 123, 199, 322, 521, 843, 1364]
    static let primes = [5, 11, 23, 41, 67, 113, 199, 317, 521, 839, 1361, 2207]

    /// T: `keys` inserted in the given order into a fixed table sized for them, probing from `t(key) mod buckets`;
    /// the keys in bucket order. Nil past the sizes known.
    static func fixedTableOrder(_ keys: [String]) -> [String]? {
        guard let size = capacities.firstIndex(where: { $0 >= keys.count }) else { return nil }
        var buckets = [String?](repeating: nil, count: primes[size])
        for key in keys {
            var index = Int(t(key) % UInt32(buckets.count))
            var probes = 0
            while let present = buckets[index], probes < buckets.count {
                if present == key { break }
                index = (index + 1) % buckets.count
                probes += 1
            }
            if buckets[index] == nil { buckets[index] = key }
        }
        return buckets.compactMap { $0 }
    }

    /// The 1-based index of the highest set bit; 0 for 0.
    static func flsl(_ value: Int) -> Int { value <= 0 ? 0 : Int.bitWidth - value.leadingZeroBitCount }

    /// L's string hash over UTF-16 units: every unit up to 96, else three runs of 32.
    static func h(_ key: String) -> UInt32 {
        let units = Array(key.utf16), n = units.count
        let used =
            n <= 96
            ? units
            : Array(units[0..<32]) + Array(units[(n / 2 - 16)..<(n / 2 + 16)])
                + Array(units[(n - 32)..<n])
        return finish(groups(used, seed: UInt32(truncatingIfNeeded: n)), length: n)
    }

    /// T's string hash: every unit up to 23, else units 0..7 and the last 16.
    static func t(_ key: String) -> UInt32 {
        let units = Array(key.utf16), n = units.count
        let used = n <= 23 ? units : Array(units[0..<8]) + Array(units[(n - 16)..<n])
        return finish(groups(used, seed: UInt32(truncatingIfNeeded: n)), length: n)
    }

    /// Four units at a time while four remain, then one at a time.
    private static func groups(_ units: [UInt16], seed: UInt32) -> UInt32 {
        var r = seed, index = 0
        while units.count - index >= 4 {
            r =
                r &* 67_503_105 &+ UInt32(units[index]) &* 16_974_593 &+ UInt32(units[index + 1]) &* 66_049
                &+ UInt32(units[index + 2]) &* 257 &+ UInt32(units[index + 3])
            index += 4
        }
        while index < units.count {
            r = r &* 257 &+ UInt32(units[index])
            index += 1
        }
        return r
    }

    private static func finish(_ r: UInt32, length: Int) -> UInt32 { r &+ (r << UInt32(length % 32)) }

    /// Bob Jenkins' 96-bit mix on 64-bit words (a = h, b = 0x4B616E65, c = 1); the result is c.
    static func mix(_ hash: UInt32) -> UInt64 {
        var a = UInt64(hash), b: UInt64 = 0x4B61_6E65, c: UInt64 = 1
        a = a &- b; a = a &- c; a ^= c >> 13
        b = b &- c; b = b &- a; b ^= a << 8
        c = c &- a; c = c &- b; c ^= b >> 13
        a = a &- b; a = a &- c; a ^= c >> 12
        b = b &- c; b = b &- a; b ^= a << 16
        c = c &- a; c = c &- b; c ^= b >> 5
        a = a &- b; a = a &- c; a ^= c >> 3
        b = b &- c; b = b &- a; b ^= a << 10
        c = c &- a; c = c &- b; c ^= b >> 15
        return c
    }
}
