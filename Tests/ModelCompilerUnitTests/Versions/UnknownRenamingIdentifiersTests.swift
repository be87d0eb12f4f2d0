import Testing
@testable import ModelCompiler

/// A renaming ID that names nothing in an earlier version is flagged, whichever way the earlier names are found: by
/// going through the versions for each of a few identifiers, or from tables of every name for many.
@Suite struct UnknownRenamingIdentifiersTests {
    @Test func anIdentifierMustNameSomethingOfAnEarlierVersion() throws {
        let models = [
            try RenamingIdentifierFixtures.version(
                "V1",
                """
                <entity name="Car" representedClassName="Car">
                    <attribute name="color" optional="YES" attributeType="String"/>
                    <attribute name="plate" optional="YES" attributeType="String" elementID="registration"/>
                </entity>
                """),
            try RenamingIdentifierFixtures.version(
                "V2",
                """
                <entity name="Vehicle" representedClassName="Vehicle" elementID="Car">
                    <attribute name="tint" optional="YES" attributeType="String" elementID="color"/>
                    <attribute name="number" optional="YES" attributeType="String" elementID="registration"/>
                    <attribute name="speed" optional="YES" attributeType="String" elementID="velocity"/>
                    <attribute name="later" optional="YES" attributeType="String" elementID="wheels"/>
                    <attribute name="wheels" optional="YES" attributeType="Integer 16"/>
                </entity>
                <entity name="Boat" representedClassName="Boat" elementID="Ship"/>
                """),
            try RenamingIdentifierFixtures.version(
                "V3",
                """
                <entity name="Vehicle" representedClassName="Vehicle" elementID="Car">
                    <attribute name="speed" optional="YES" attributeType="String" elementID="velocity"/>
                    <attribute name="pace" optional="YES" attributeType="String" elementID="wheels"/>
                </entity>
                <entity name="Ship" representedClassName="Ship" elementID="Boat"/>
                """),
        ]
        let (scanned, indexed) = RenamingIdentifierFixtures.findings(models)
        // An earlier name ('color'), an earlier renaming ID ('registration') and a name of the same entity ('wheels'
        // in V2) count; an identifier first seen in its own version counts from the next one ('velocity', 'wheels').
        let unknown = "names nothing in any earlier version, so it maps no data"
        #expect(
            scanned == [
                "6 the renaming ID 'velocity' of a property of 'Vehicle' in 'V2' " + unknown,
                "10 the renaming ID 'Ship' of entity 'Boat' in 'V2' " + unknown,
            ])
        #expect(indexed == scanned)
    }

    @Test func aHistoryWithoutRenamingIdentifiersHasNothingToSay() throws {
        let models = try (1...3).map {
            try RenamingIdentifierFixtures.version("V\($0)", #"<entity name="Car" representedClassName="Car"/>"#)
        }
        #expect(UnknownRenamingIdentifiers.check(models).isEmpty)
    }

    /// Past `scanLimit` distinct identifiers the tables are used: many renamed properties, each naming nothing.
    @Test func manyIdentifiersGiveTheSameFindingsBothWays() throws {
        let count = UnknownRenamingIdentifiers.scanLimit + 8
        let attributes = (0..<count).map {
            #"<attribute name="a\#($0)" optional="YES" attributeType="String" elementID="old\#($0)"/>"#
        }
        let first = try RenamingIdentifierFixtures.version("V1", #"<entity name="Car" representedClassName="Car"/>"#)
        let second = try RenamingIdentifierFixtures.version(
            "V2",
            "<entity name=\"Car\" representedClassName=\"Car\">"
                + attributes.joined(separator: "\n") + "</entity>")
        let (scanned, indexed) = RenamingIdentifierFixtures.findings([first, second])
        #expect(scanned.count == count)
        #expect(indexed == scanned)
        #expect(UnknownRenamingIdentifiers.check([first, second]).count == count)
    }

}
