import Testing
@testable import ModelCompiler

/// Where each name was first met, the same whichever way it is found: a look back over a few ASCII names, or a
/// dictionary for many names or any that is not ASCII (where equal names, as Swift compares them, differ in bytes).
@Suite struct FirstOccurrencesTests {
    static func firsts(_ names: [String], expecting count: Int) -> [Int?] {
        var seen = FirstOccurrences(expecting: count)
        return names.indices.map { seen.earlierPosition(of: names[$0], meeting: $0) }
    }

    @Test func eachNameAnswersWithItsFirstPosition() {
        let names = ["identifierOfTheRow", "identifi", "identifierOther", "identifi", "x", "identifierOfTheRow", "x"]
        let expected: [Int?] = [nil, nil, nil, 1, nil, 0, 4]
        #expect(Self.firsts(names, expecting: names.count) == expected)
        #expect(Self.firsts(names, expecting: FirstOccurrences.lookBackLimit + 1) == expected)
    }

    @Test func aNonASCIINameMeetsItsEqualsAsSwiftComparesThem() {
        // Precomposed and decomposed é are one name to a dictionary of Swift strings; the look back gives way to it.
        let names = ["plain", "caf\u{E9}", "cafe\u{301}", "plain"]
        #expect(Self.firsts(names, expecting: names.count) == [nil, nil, 1, 0])
        #expect(Self.firsts(names, expecting: FirstOccurrences.lookBackLimit + 1) == [nil, nil, 1, 0])
    }
}
