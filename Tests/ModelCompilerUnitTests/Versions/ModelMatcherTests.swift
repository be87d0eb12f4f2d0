import Testing
@testable import ModelCompiler

/// Properties map as Core Data maps them: by renaming identifier, the first of each identifier on either side.
@Suite struct ModelMatcherTests {
    static func model(_ attributes: String) throws -> ManagedObjectModel {
        try Fixtures.model("<entity name=\"Item\" representedClassName=\"Item\">\(attributes)</entity>")
    }

    static func names(_ match: ModelMatcher.PropertyMatch) -> (matched: [String], added: [String], removed: [String]) {
        (
            match.matched.map { match.source($0.0).name + "->" + match.destination[$0.1].name },
            match.added.map { match.destination[$0].name }, match.removed.map { match.source($0).name }
        )
    }

    @Test func theFirstOfAnIdentifierOnEachSideMapsAndTheRestAreAddedOrRemoved() throws {
        let source = try Self.model(
            """
            <attribute name="a" attributeType="String" elementID="X"/>
            <attribute name="b" attributeType="String" elementID="X"/>
            <attribute name="c" attributeType="String"/>
            <attribute name="gone" attributeType="String"/>
            <attribute name="scratch" attributeType="String" transient="YES"/>
            """)
        let destination = try Self.model(
            """
            <attribute name="c" attributeType="String"/>
            <attribute name="p" attributeType="String" elementID="X"/>
            <attribute name="q" attributeType="String" elementID="X"/>
            <attribute name="new" attributeType="String"/>
            """)
        // The same with the destination's identifiers shared (as the history does) and worked out for the pair alone.
        for index in [StoredProperties(destination), nil] {
            let matcher = ModelMatcher(from: source, to: destination, destinationIndex: index)
            let match = matcher.properties(from: source.entities[0], to: destination.entities[0])
            let (matched, added, removed) = Self.names(match)
            #expect(matched == ["c->c", "a->p"])
            #expect(added == ["q", "new"])
            // A transient property has no column: it is neither matched nor removed.
            #expect(removed == ["b", "gone"])
        }
    }
}
