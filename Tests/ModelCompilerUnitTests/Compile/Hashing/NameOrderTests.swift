import Testing
@testable import ModelCompiler

/// Sorting by eight-byte prefixes first must give exactly the order of a stable sort by `nsStringOrder`.
@Suite struct NameOrderTests {
    static func reference(_ names: [String]) -> [Int] {
        names.indices.sorted { left, right in
            if VersionHasher.nsStringOrder(names[left], names[right]) { return true }
            if VersionHasher.nsStringOrder(names[right], names[left]) { return false }
            return left < right
        }
    }

    static let awkward = [
        "", "a", "a", "A", "a0", "a1", "a10", "a9", "abcdefgh", "abcdefghi", "abcdefgh", "abcdefgg", "abcdefghj",
        "a\u{0}", "a\u{0}b", "é", "éa", "\u{E000}", "\u{FFFF}", "😀", "😀a", "a😀", "a\u{E000}", "a\u{FFFD}",
        "abcdefg😀", "abcdefg\u{E000}", "abcdefgé", "Z", "_P", "zzzzzzzzzzzz", "zzzzzzzzzzzy",
    ]

    @Test func awkwardNamesSortAsTheReferenceSortsThem() {
        #expect(NameOrder.sortedPositions(Self.awkward) == Self.reference(Self.awkward))
        #expect(NameOrder.sortedPositions(Self.awkward.reversed()) == Self.reference(Self.awkward.reversed()))
    }

    @Test func randomNamesSortAsTheReferenceSortsThem() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "b", "z", "A", "_", "1", "é", "😀", "\u{E000}", "\u{FFFD}", "abcdefgh", "name"]
        for _ in 0..<200 {
            let names = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                (0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                    .joined()
            }
            #expect(NameOrder.sortedPositions(names) == Self.reference(names), "\(names)")
        }
    }
}
