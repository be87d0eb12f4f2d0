import Testing
@testable import ModelCompiler

/// Indexes of `indexed="YES"` attributes and old `<compoundIndexes>` are named by the Core Data build that creates
/// the store: after the table and columns before fetch indexes existed, as fetch indexes of the declaring entity
/// since (a messaging app's stores of frameworks 641, 752 and 1132; FixtureSchemaTests and JoinTableNamingTests
/// check them against the real stores).
@Suite struct IndexNamingTests {
    static let body = """
        <entity name="Message" representedClassName="Message">
            <attribute name="sent" optional="YES" attributeType="Date" indexed="YES"/>
            <attribute name="archived" optional="YES" attributeType="Boolean"/>
            <relationship name="author" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="User" inverseName="messages" inverseEntity="User"/>
            <compoundIndexes>
                <compoundIndex>
                    <index value="archived"/>
                    <index value="sent"/>
                </compoundIndex>
            </compoundIndexes>
        </entity>
        <entity name="Note" representedClassName="Note" parentEntity="Message">
            <attribute name="text" optional="YES" attributeType="String" indexed="YES"/>
        </entity>
        <entity name="User" representedClassName="User">
            <relationship name="messages" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Message" inverseName="author" inverseEntity="Message"/>
        </entity>
        """

    static func indexes(framework: Int) throws -> [String] {
        let layout = StoreLayout(try Fixtures.model(body), framework: framework)
        return try #require(layout.table(of: "Message")).createStatements.dropFirst().map { $0 }
    }

    @Test func theBuildDecidesTheNaming() {
        #expect(IndexNaming(framework: 752) == .tableAndColumns)
        #expect(IndexNaming(framework: 1132) == .fetchIndex)
        #expect(IndexNaming(framework: StoreLayout.newestFramework) == .fetchIndex)
    }

    @Test func beforeFetchIndexesTheTableAndColumnsNameThem() throws {
        #expect(
            try Self.indexes(framework: 752) == [
                "CREATE INDEX ZMESSAGE_ZSENT_INDEX ON ZMESSAGE (ZSENT)",
                "CREATE INDEX ZMESSAGE_ZTEXT_INDEX ON ZMESSAGE (ZTEXT)",
                "CREATE INDEX ZMESSAGE_ZAUTHOR_INDEX ON ZMESSAGE (ZAUTHOR)",
                "CREATE INDEX ZMESSAGE_Z_ENT_INDEX ON ZMESSAGE (Z_ENT)",
                "CREATE INDEX ZMESSAGE_ZARCHIVED_ZSENT ON ZMESSAGE (ZARCHIVED, ZSENT)",
            ])
    }

    @Test func sinceFetchIndexesTheDeclaringEntityNamesThem() throws {
        #expect(
            try Self.indexes(framework: 1132) == [
                "CREATE INDEX ZMESSAGE_ZAUTHOR_INDEX ON ZMESSAGE (ZAUTHOR)",
                "CREATE INDEX ZMESSAGE_Z_ENT_INDEX ON ZMESSAGE (Z_ENT)",
                "CREATE INDEX Z_Message_sent ON ZMESSAGE (ZSENT COLLATE BINARY ASC)",
                "CREATE INDEX Z_Message_archived_sent ON ZMESSAGE (ZARCHIVED COLLATE BINARY ASC, ZSENT COLLATE BINARY ASC)",
                "CREATE INDEX Z_Note_text ON ZMESSAGE (ZTEXT COLLATE BINARY ASC)",
            ])
    }
}
