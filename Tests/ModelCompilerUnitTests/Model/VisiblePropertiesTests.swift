import Testing
@testable import ModelCompiler

/// An entity's visible properties: its own and its ancestors', the nearest declaration of a name hiding the others,
/// a name declared twice in one entity (a validation error) counted at its first declaration, whichever way the
/// names seen are kept (a look back over a few names, a dictionary past `FirstOccurrences.lookBackLimit`).
@Suite struct VisiblePropertiesTests {
    @Test func theFirstDeclarationOfANameCounts() throws {
        let model = try Fixtures.model(
            """
            <entity name="Small" syncable="YES">
                <attribute name="identifierOfTheRow" optional="YES" attributeType="String"/>
                <attribute name="identifierOther" optional="YES" attributeType="String"/>
                <attribute name="identifi" optional="YES" attributeType="String"/>
                <relationship name="identifierOfTheRow" optional="YES" maxCount="1" destinationEntity="Small"/>
                <attribute name="identifi" optional="YES" attributeType="Integer 16"/>
            </entity>
            <entity name="Parent" syncable="YES">
                <attribute name="shared" optional="YES" attributeType="String"/>
                <attribute name="inherited" optional="YES" attributeType="String"/>
            </entity>
            <entity name="Child" parentEntity="Parent" syncable="YES">
                <attribute name="shared" optional="YES" attributeType="Date"/>
                <attribute name="own" optional="YES" attributeType="String"/>
            </entity>
            """)
        let entities = model.entitiesByName
        let small = VisibleProperties(of: try #require(entities["Small"]), in: entities)
        #expect(small.references.map(\.name) == ["identifierOfTheRow", "identifierOther", "identifi"])
        #expect(small.references.map(\.kind) == [.attribute, .attribute, .attribute])
        #expect(small.references.map(\.index) == [0, 1, 2])
        let child = VisibleProperties(of: try #require(entities["Child"]), in: entities)
        #expect(child.references.map(\.name) == ["shared", "own", "inherited"])
        #expect(child.references.map(\.depth) == [0, 0, 1])
    }

    @Test func aLargeLoneEntityGivesTheSameAnswer() throws {
        let count = FirstOccurrences.lookBackLimit + 5
        let attributes = (0..<count).map {
            "<attribute name=\"value\($0)\" optional=\"YES\" attributeType=\"String\"/>"
        }
        let model = try Fixtures.model(
            "<entity name=\"Large\" syncable=\"YES\">" + attributes.joined()
                + "<attribute name=\"value7\" optional=\"YES\" attributeType=\"Date\"/></entity>")
        let entities = model.entitiesByName
        let large = VisibleProperties(of: try #require(entities["Large"]), in: entities)
        #expect(large.references.map(\.name) == (0..<count).map { "value\($0)" })
        #expect(large.references.map(\.index) == Array(0..<count))
    }
}
