import Testing
@testable import ModelCompiler

/// The two hash tables Core Data names join tables with (store-format.md section 6.1), against the spec's numbers.
@Suite struct SQLKeyOrderTests {
    /// The worked example: a 67-bucket table T, where `trustedClients` and `ignoredByClients` both have home bucket
    /// 48 and `trustedByClients` 61.
    @Test func homeBucketsOfTheWorkedExample() {
        #expect(SQLKeyOrder.t("trustedClients") % 67 == 48)
        #expect(SQLKeyOrder.t("ignoredByClients") % 67 == 48)
        #expect(SQLKeyOrder.t("trustedByClients") % 67 == 61)
    }

    /// L grows 4/3, 8/6, 16/12, 32/24 buckets/capacity, keeping every key once.
    @Test func theGrowingTableGrowsInPowersOfTwo() {
        var table = SQLKeyOrder.GrowingTable()
        var sizes: [Int] = []
        for index in 0..<30 {
            table.insert("key\(index)")
            if sizes.last != table.buckets.count { sizes.append(table.buckets.count) }
        }
        #expect(sizes == [4, 8, 16, 32, 64])
        #expect(table.count == 30 && Set(table.order).count == 30)
        table.insert("key3")
        #expect(table.count == 30, "a key is kept once")
        #expect([0, 1, 2, 3, 5, 6, 12].map(SQLKeyOrder.flsl) == [0, 1, 2, 2, 3, 3, 4])
    }

    /// T is sized for its keys from the verified sizes, walks its buckets in order, and gives up past them.
    @Test func theFixedTableWalksItsBuckets() {
        let keys = (0..<40).map { "k\($0)" }
        let order = SQLKeyOrder.fixedTableOrder(keys)
        #expect(order.map(Set.init) == Set(keys))
        // Two keys: each at its home bucket of 5, walked from bucket 0 (no wrap-around with two keys of distinct homes).
        let pair = ["a", "b"].sorted { SQLKeyOrder.t($0) % 5 < SQLKeyOrder.t($1) % 5 }
        if SQLKeyOrder.t("a") % 5 != SQLKeyOrder.t("b") % 5 {
            #expect(SQLKeyOrder.fixedTableOrder(["b", "a"]) == pair)
        }
        #expect(SQLKeyOrder.fixedTableOrder((0..<2000).map { "k\($0)" }) == nil)
        #expect(SQLKeyOrder.fixedTableOrder([]) == [])
    }

    /// Long keys use parts of their units; nothing traps on any length.
    @Test func hashesTakeAnyLength() {
        for length in [0, 1, 3, 4, 5, 23, 24, 96, 97, 1000] {
            let key = String(repeating: "é", count: length)
            _ = SQLKeyOrder.h(key)
            _ = SQLKeyOrder.t(key)
            _ = SQLKeyOrder.mix(SQLKeyOrder.h(key))
        }
    }
}
