import Testing
@testable import ModelCompiler

/// The archive's string numbering must give exactly what a `[String: Int]` gives: first come, first numbered,
/// and strings Swift calls equal (canonically equivalent) share a number, whichever comes first.
@Suite struct StringNumbersTests {
    /// The numbering the table replaces.
    static func reference(_ texts: [String]) -> [Int] {
        var numbers: [String: Int] = [:]
        return texts.map { text in
            if let known = numbers[text] { return known }
            numbers[text] = numbers.count
            return numbers.count - 1
        }
    }

    static func numbered(_ texts: [String]) -> (numbers: [Int], strings: [String]) {
        var table = StringNumbers()
        let numbers = texts.map { table.number($0) }
        return (numbers, table.strings)
    }

    @Test func numbersAsADictionaryDoesThroughManyGrowths() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcXYZ_$09.")
        let texts = (0..<20_000).map { _ in
            let length = Int.random(in: 0...12, using: &generator)
            return String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
        }
        let (numbers, strings) = Self.numbered(texts)
        #expect(numbers == Self.reference(texts))
        #expect(Set(strings).count == strings.count)
        #expect(numbers.allSatisfy { strings[$0] == texts[numbers.firstIndex(of: $0)!] })
    }

    /// U+212A KELVIN SIGN is canonically "K"; "é" composed and decomposed are one string to Swift.
    @Test(arguments: [
        ["K", "\u{212A}"], ["\u{212A}", "K"], ["aK", "a\u{212A}", "aK"], ["\u{E9}", "e\u{301}"],
        ["e\u{301}x", "\u{E9}x", "ex"], ["NSEntity", "NSEntity", "😀", "NSEntity"],
    ])
    func canonicallyEquivalentStringsShareANumber(_ texts: [String]) {
        let (numbers, strings) = Self.numbered(texts)
        #expect(numbers == Self.reference(texts))
        #expect(strings.count == Set(texts).count)
    }
}
