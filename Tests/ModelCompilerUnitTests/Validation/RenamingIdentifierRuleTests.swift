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
                FindingSpec(
                    "1️⃣", .duplicateRenamingIdentifier, .warning,
                    message: "'A.a' and 'A.b' share the renaming ID 'a': an inferred migration may fill "
                        + "either from the old 'a' and leave the other empty; give each its own renaming ID")
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
                FindingSpec(
                    "1️⃣", .duplicateRenamingIdentifier, .warning,
                    message: "'A.b' and 'A.c' share the renaming ID 'x': an inferred migration may fill "
                        + "either from the old 'x' and leave the other empty; give each its own renaming ID"),
                FindingSpec(
                    "2️⃣", .duplicateRenamingIdentifier, .warning,
                    message: "'A.b' and 'A.d' share the renaming ID 'x': an inferred migration may fill "
                        + "either from the old 'x' and leave the other empty; give each its own renaming ID"),
                FindingSpec(
                    "2️⃣", .missingInverse, .warning,
                    message: "A.d should have an inverse; without one, deleting objects can leave the store "
                        + "inconsistent"),
            ])
    }

    @Test func aTransientPropertyHasNoColumnToShare() {
        let found = Fixtures.diagnostics(
            forBody: """
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
        let found = Fixtures.diagnostics(
            forBody: """
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
        let found = Fixtures.diagnostics(
            forBody: """
                <entity name="A">
                    \(Self.attribute("a", id: "caf\u{E9}"))
                    \(Self.attribute("b", id: "cafe\u{301}"))
                </entity>
                """)
        #expect(found.codes == [.duplicateRenamingIdentifier])
    }

    @Test func entitiesSharingAnIdentifier() {
        let found = Fixtures.diagnostics(
            forBody: """
                <entity name="A" elementID="Old"/>
                <entity name="B" elementID="Old"/>
                """)
        #expect(found.codes == [.duplicateRenamingIdentifier])
        #expect(found.first?.severity == .warning)
        #expect(
            found.first?.message == "entities 'A' and 'B' share the renaming ID 'Old': an inferred migration may take "
                + "either for the old entity of that name, so one of them can get the other's rows")
    }

    /// A health app's current version: an attribute renamed with the old name as its renaming ID, beside a new
    /// attribute of that old name. Apple's momc compiles it; migration is where it matters.
    @Test func anElementIDEqualToAnotherAttributesNameCompilesAndMigrates() throws {
        let v1 =
            #"<entity name="Dose"><attribute name="scheduledTempBasalRate" optional="YES" attributeType="Double"/></entity>"#
        let v2 = #"""
            <entity name="Dose">
                <attribute name="programmedTempBasalRate" optional="YES" attributeType="Double" elementID="scheduledTempBasalRate"/>
                <attribute name="scheduledTempBasalRate" optional="YES" attributeType="Double"/>
            </entity>
            """#
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Fixtures.writeBundle(
            in: directory,
            versions: [
                ("Model", Fixtures.contents(v1)),
                ("Model 2", Fixtures.contents(v2)),
            ],
            currentVersion: Fixtures.pointerFile("Model 2"))
        #expect(!markShipped(bundle: bundle, versions: ["Model"]).diagnostics.hasErrors)
        let result = compile(input: bundle, outputDirectory: directory + "/out")
        #expect(result.outputPath != nil && !result.diagnostics.hasErrors, "\(result.diagnostics)")
        #expect(result.diagnostics.with(.duplicateRenamingIdentifier).map(\.severity) == [.warning])
    }
}
