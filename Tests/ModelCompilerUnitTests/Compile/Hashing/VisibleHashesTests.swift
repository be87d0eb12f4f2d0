import Testing
@testable import ModelCompiler

/// A subentity's hash covers every property it sees, in name order, the nearest declaration of a name winning. The
/// hasher merges each entity's own sorted properties over its parent's, once per entity; the lineage walk it replaced
/// stays for loops and non-ASCII names, and is the reference here: both must give the same hashes.
@Suite struct VisibleHashesTests {
    static let hierarchies: [(String, String)] = [
        (
            "a deep hierarchy with repeated, hidden and transient names",
            """
            <entity name="Root" syncable="YES">
                <attribute name="id" attributeType="String"/>
                <attribute name="zeta" optional="YES" attributeType="Integer 32" usesScalarValueType="YES"/>
                <attribute name="mid" optional="YES" transient="YES" attributeType="String"/>
                <relationship name="owner" optional="YES" maxCount="1" destinationEntity="Other" inverseName="owned" inverseEntity="Other"/>
            </entity>
            <entity name="Middle" parentEntity="Root" syncable="YES">
                <attribute name="id" optional="YES" attributeType="String"/>
                <attribute name="mid" optional="YES" attributeType="Date"/>
                <attribute name="alpha" optional="YES" attributeType="Binary"/>
            </entity>
            <entity name="Leaf" parentEntity="Middle" syncable="YES">
                <attribute name="zeta" optional="YES" transient="YES" attributeType="String"/>
                <attribute name="leafOnly" optional="YES" attributeType="Boolean" usesScalarValueType="YES"/>
                <attribute name="leafOnly" optional="YES" attributeType="String"/>
                <fetchedProperty name="alpha" optional="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="Other" predicateString="TRUEPREDICATE"/>
                </fetchedProperty>
            </entity>
            <entity name="Sibling" parentEntity="Root" syncable="YES">
                <attribute name="aaa" optional="YES" attributeType="String"/>
                <attribute name="zzz" optional="YES" attributeType="String"/>
            </entity>
            <entity name="Other" syncable="YES">
                <relationship name="owned" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Root" inverseName="owner" inverseEntity="Root"/>
            </entity>
            """
        ),
        (
            "names past eight bytes that share them",
            """
            <entity name="P" syncable="YES">
                <attribute name="identifierOfTheRow" optional="YES" attributeType="String"/>
                <attribute name="identifi" optional="YES" attributeType="String"/>
            </entity>
            <entity name="C" parentEntity="P" syncable="YES">
                <attribute name="identifierOther" optional="YES" attributeType="String"/>
                <attribute name="identifierOfTheRow" optional="YES" attributeType="Date"/>
            </entity>
            """
        ),
        (
            "a non-ASCII name in one lineage",
            """
            <entity name="P" syncable="YES">
                <attribute name="caf\u{E9}" optional="YES" attributeType="String"/>
                <attribute name="cafe\u{301}" optional="YES" attributeType="Date"/>
            </entity>
            <entity name="C" parentEntity="P" syncable="YES">
                <attribute name="plain" optional="YES" attributeType="String"/>
            </entity>
            <entity name="Q" syncable="YES"><attribute name="x" optional="YES" attributeType="String"/></entity>
            <entity name="D" parentEntity="Q" syncable="YES"><attribute name="y" optional="YES" attributeType="String"/></entity>
            """
        ),
        (
            "loops, a missing parent and an entity declared twice",
            """
            <entity name="A" parentEntity="B" syncable="YES"><attribute name="a" optional="YES" attributeType="String"/></entity>
            <entity name="B" parentEntity="A" syncable="YES"><attribute name="b" optional="YES" attributeType="String"/></entity>
            <entity name="S" parentEntity="S" syncable="YES"><attribute name="s" optional="YES" attributeType="String"/></entity>
            <entity name="O" parentEntity="Missing" syncable="YES"><attribute name="o" optional="YES" attributeType="String"/></entity>
            <entity name="T" syncable="YES"><attribute name="t" optional="YES" attributeType="String"/></entity>
            <entity name="U" parentEntity="T" syncable="YES"><attribute name="u" optional="YES" attributeType="String"/></entity>
            <entity name="U" parentEntity="A" syncable="YES"><attribute name="v" optional="YES" attributeType="String"/></entity>
            """
        ),
    ]

    @Test(arguments: hierarchies.indices) func mergedHashesAreTheWalkedOnes(_ index: Int) throws {
        let (what, xml) = Self.hierarchies[index]
        let model = try Fixtures.model(xml)
        let merged = VersionHasher.entityLevel(for: model).entityHashes
        #expect(merged == VersionHasher.hashesWalkingEveryLineage(for: model), "\(what)")
        #expect(merged.count == Set(model.entities.map(\.name)).count)
    }

    /// The merge must not be the walk in disguise: a hidden inherited property changes the subentity's hash.
    @Test func aHiddenPropertyChangesTheHash() throws {
        let hidden = try Fixtures.model(
            """
            <entity name="P" syncable="YES"><attribute name="x" optional="YES" attributeType="String"/></entity>
            <entity name="C" parentEntity="P" syncable="YES"><attribute name="x" optional="YES" transient="YES" attributeType="String"/></entity>
            """)
        let seen = try Fixtures.model(
            """
            <entity name="P" syncable="YES"><attribute name="x" optional="YES" attributeType="String"/></entity>
            <entity name="C" parentEntity="P" syncable="YES"><attribute name="y" optional="YES" transient="YES" attributeType="String"/></entity>
            """)
        #expect(
            VersionHasher.entityLevel(for: hidden).entityHashes["C"]
                != VersionHasher.entityLevel(for: seen).entityHashes["C"])
    }
}
