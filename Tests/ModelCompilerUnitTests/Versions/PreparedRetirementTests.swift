import Testing
@testable import ModelCompiler

/// The prepared-retirement rule (#49): a removal is prepared only when the data can have been copied into the
/// replacement an interim version carried.
@Suite struct PreparedRetirementTests {
    /// #49: a replacement must be able to hold the values. An attribute added beside a retired one for another
    /// purpose, named like it but of a type that cannot hold its values (a Boolean beside a String), is no
    /// replacement: retiring the String drops its column, whichever version the store comes from.
    @Test func aReplacementMustHoldTheValues() throws {
        let models = try MigrationAnalyzerTests.models([
            MigrationAnalyzerTests.car(#"<attribute name="label" optional="YES" attributeType="String"/>"#),
            MigrationAnalyzerTests.car(
                #"<attribute name="label" optional="YES" attributeType="String"/>"#
                    + #"<attribute name="labelHidden" optional="YES" attributeType="Boolean"/>"#),
            MigrationAnalyzerTests.car(#"<attribute name="labelHidden" optional="YES" attributeType="Boolean"/>"#),
        ])
        #expect(NameLikeness.alike("label", "labelHidden"), "named like it: the old rule took it as the replacement")
        let retired = MigrationAnalyzerTests.verdict(models, 2, 3)
        #expect(retired.verdict == .dataLoss)
        #expect(retired.changes.contains { $0.message.contains("label") && $0.verdict == .dataLoss })
        // An Integer 64 named for an Integer 16 holds it; a Date holds a String's dates only when named for it.
        #expect(PairAnalysis.canHold(Self.attribute("countWide", .integer64), Self.attribute("count", .integer16)))
        #expect(!PairAnalysis.canHold(Self.attribute("flag", .boolean), Self.attribute("flagText", .string)))
        #expect(PairAnalysis.canHold(Self.attribute("createdAt", .date), Self.attribute("createdAt_str", .string)))
        #expect(!PairAnalysis.canHold(Self.attribute("updatedAt", .date), Self.attribute("identifier", .string)))
        #expect(
            PairAnalysis.canHold(Self.attribute("total", .double), Self.attribute("count", .integer32)),
            "a Double holds every integer, named or not")
        #expect(
            !PairAnalysis.canHold(Self.attribute("score", .integer16), Self.attribute("count", .integer64)),
            "a narrower integer does not, unless named for it")
    }

    static func attribute(_ name: String, _ type: AttributeType) -> Property {
        var attribute = Attribute(name: name, span: SourceSpan(element: SourceLocation(file: "test")))
        attribute.type = type
        return .attribute(attribute)
    }
}
