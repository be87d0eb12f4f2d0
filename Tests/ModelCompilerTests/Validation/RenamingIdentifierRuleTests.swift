import Testing
@testable import ModelCompiler

@Suite struct RenamingIdentifierRuleTests {
    static func attribute(_ name: String, id: String? = nil, transient: Bool = false) -> String {
        #"<attribute name="\#(name)" optional="YES""# + (transient ? #" transient="YES""# : "")
            + #" attributeType="String""# + (id.map { #" elementID="\#($0)""# } ?? "") + "/>"
    }

    @Test func twoPropertiesSharingAnIdentifier() {
        assertFindings(
            """
            <entity name="A">
                \(Self.attribute("a"))
                1️⃣\(Self.attribute("b", id: "a"))
            </entity>
            """,
            [
                FindingSpec("1️⃣", .duplicateRenamingIdentifier,
                            message: "'A.a' and 'A.b' share the renaming ID 'a': migration could map the old column to "
                                + "either")
            ])
    }

    @Test func aThirdSharerIsReportedAgainstTheFirst() {
        assertFindings(
            """
            <entity name="A">
                \(Self.attribute("b", id: "x"))
                1️⃣\(Self.attribute("c", id: "x"))
                2️⃣<relationship name="d" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="A" \
            elementID="x"/>
            </entity>
            """,
            [
                FindingSpec("1️⃣", .duplicateRenamingIdentifier,
                            message: "'A.b' and 'A.c' share the renaming ID 'x': migration could map the old column to "
                                + "either"),
                FindingSpec("2️⃣", .duplicateRenamingIdentifier,
                            message: "'A.b' and 'A.d' share the renaming ID 'x': migration could map the old column to "
                                + "either"),
                FindingSpec("2️⃣", .missingInverse, .warning,
                            message: "A.d should have an inverse; without one, deleting objects can leave the store "
                                + "inconsistent"),
            ])
    }

    @Test func aTransientPropertyHasNoColumnToShare() {
        let found = Fixtures.diagnostics(forBody: """
            <entity name="A">
                \(Self.attribute("a"))
                \(Self.attribute("b", id: "a", transient: true))
            </entity>
            """)
        #expect(found.isEmpty, "\(found)")
    }

    /// Past the look-back's limit the identifiers are told apart by a dictionary: a duplicate there is still found.
    @Test func aDuplicateAmongManyProperties() {
        let count = FirstOccurrences.lookBackLimit + 10
        let many = (0..<count).map { Self.attribute("p\($0)") }.joined(separator: "\n")
        let found = Fixtures.diagnostics(forBody: """
            <entity name="A">
            \(many)
            \(Self.attribute("late", id: "p3"))
            </entity>
            """)
        #expect(found.codes == [.duplicateRenamingIdentifier])
        #expect(found.first?.message.hasPrefix("'A.p3' and 'A.late' share the renaming ID 'p3'") == true)
    }

    /// Identifiers are compared as Swift compares strings, as a dictionary of them did: a precomposed and a
    /// decomposed "é" are one identifier.
    @Test func canonicallyEqualIdentifiers() {
        let found = Fixtures.diagnostics(forBody: """
            <entity name="A">
                \(Self.attribute("a", id: "caf\u{E9}"))
                \(Self.attribute("b", id: "cafe\u{301}"))
            </entity>
            """)
        #expect(found.codes == [.duplicateRenamingIdentifier])
    }

    @Test func entitiesSharingAnIdentifier() {
        let found = Fixtures.diagnostics(forBody: """
            <entity name="A" elementID="Old"/>
            <entity name="B" elementID="Old"/>
            """)
        #expect(found.codes == [.duplicateRenamingIdentifier])
        #expect(found.first?.message == "entities 'A' and 'B' share the renaming ID 'Old'")
    }
}
