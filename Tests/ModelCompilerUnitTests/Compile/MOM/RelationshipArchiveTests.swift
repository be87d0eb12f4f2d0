import Testing
@testable import ModelCompiler

/// A relationship's inverse keys as Apple's momc writes them (spec §4.8): with no inverse, both keys are present
/// and `$null` (VERIFIED on an app compiled by Xcode 16.3 and on a 2016 momc archive).
@Suite struct RelationshipArchiveTests {
    private func lines(_ body: String) throws -> [String: String] {
        let model = try Fixtures.model(body)
        let archive = try KeyedArchive(bytes: ModelArchiver.momData(for: model))
        return Dictionary(
            ArchiveDump.lines(archive).map { ($0.path, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func aRelationshipWithoutAnInverseArchivesTheInverseNameAsNull() throws {
        let dump = try lines(
            """
            <entity name="Note">
                <relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Folder"/>
            </entity>
            <entity name="Folder">
                <attribute name="name" optional="YES" attributeType="String"/>
            </entity>
            """)
        let path = "root.NSEntities[Note].NSProperties[folder]"
        #expect(dump[path + "._NSInverseRelationshipName"] == "nil")
        #expect(dump[path + ".NSInverseRelationship"] == "nil")
    }

    @Test func aRelationshipWithAnInverseArchivesItsName() throws {
        let dump = try lines(
            """
            <entity name="Note">
                <relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Folder" inverseName="notes" inverseEntity="Folder"/>
            </entity>
            <entity name="Folder">
                <relationship name="notes" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Note" inverseName="folder" inverseEntity="Note"/>
            </entity>
            """)
        let name = try #require(dump["root.NSEntities[Note].NSProperties[folder]._NSInverseRelationshipName"])
        #expect(name != "nil" && name.contains("notes"))
        #expect(dump["root.NSEntities[Note].NSProperties[folder].NSInverseRelationship"] == "<property Folder.notes>")
    }
}
