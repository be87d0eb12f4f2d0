import Foundation
import Testing
@testable import ModelCompiler

/// Version hashes and checksums computed from the XML equal what Apple's momc wrote into VersionInfo.plist.
@Suite struct VersionHashWorkedExampleTests {
    @Test func workedExampleOfTheSpec() throws {
        // ../shared spec §5: SampleModel3 v1, entity User {name: String, petName: String optional}.
        let model = try Fixtures.model(
            """
            <entity name="User" representedClassName="User" syncable="YES">
                <attribute name="name" attributeType="String"/>
                <attribute name="petName" optional="YES" attributeType="String"/>
            </entity>
            """)
        let hashes = VersionHasher.hashes(for: model)
        #expect(
            Hex.encode(hashes.entityHashes["User"] ?? [])
                == "6b31f4e97b691d16c4c820bae55f89408d47013bd42151ecfde1eac7fe4be798")
        #expect(Hex.encode(hashes.versionHash) == "bbdef4420621447109188b74cd0af5521b992f6649d4ac414be07bae4031d229")
        #expect(hashes.versionChecksum == "u970QgYhRHEJGIt0zQr1UhuZL2ZJ1KxBS+B7rkAx0ik=")
        let alone = VersionHasher.entityLevel(for: model)
        #expect(alone.versionHash == hashes.versionHash && alone.entityHashes == hashes.entityHashes)
    }
}
