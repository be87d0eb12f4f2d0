import CSQLite
import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// `store`: what the upgrade its verdict describes drops, counted in the store's rows, in text and JSON.
@Suite struct StoreDropsTests {
    @Test func countsRowsHoldingWhatTheUpgradeDrops() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let v1 = Fixtures.contents(
            #"""
            <entity name="Contact"><attribute name="name" optional="YES" attributeType="String"/>
                <attribute name="abRecordId" optional="YES" attributeType="Integer 64"/>
                <attribute name="note" optional="YES" attributeType="String"/></entity>
            <entity name="Old"><attribute name="x" optional="YES" attributeType="String"/></entity>
            <entity name="Gone"/>
            """#)
        let v2 = Fixtures.contents(
            #"<entity name="Contact"><attribute name="name" optional="YES" attributeType="String"/></entity>"#)
        let bundle = try Fixtures.writeBundle(in: directory, versions: [("Model", v1), ("Model 2", v2)])
        let made = fixtures(bundle: bundle, output: directory + "/out", rows: 1310)
        let path = try #require(made.stores.first)
        // Every seventh optional row is empty; 'note' is emptied entirely here, so it loses nothing.
        var database: OpaquePointer?
        try #require(sqlite3_open(path, &database) == SQLITE_OK)
        #expect(
            sqlite3_exec(database, "UPDATE ZCONTACT SET ZNOTE = NULL; DELETE FROM ZGONE", nil, nil, nil) == SQLITE_OK)
        sqlite3_close(database)
        let result = store(path: path, models: [bundle])
        let holding = 1310 - (0..<1310).filter { $0 % 7 == 3 }.count
        #expect(
            result.drops == [
                StoreDrop(subject: "Contact.abRecordId", holding: holding, rows: 1310),
                StoreDrop(subject: "Contact.note", holding: 0, rows: 1310),
                StoreDrop(subject: "Gone", holding: 0, rows: 0),
                StoreDrop(subject: "Old", holding: 1310, rows: 1310),
            ])
        let text = try #require(result.report).text
        #expect(text.contains("  - Contact.abRecordId: 1,123 of 1,310 rows hold a value this upgrade drops\n"))
        #expect(text.contains("  - Contact.note: none of 1,310 rows holds a value; nothing is lost\n"))
        #expect(text.contains("  - entity Gone: no rows, nothing is lost\n"))
        #expect(text.contains("  - entity Old: 1,310 rows this upgrade drops\n"))
        let json = JSONText.encode(try #require(result.report))
        #expect(json.contains("\"subject\" : \"Contact.abRecordId\""), "\(json.suffix(600))")
    }

    /// #51: to-many links count too: a many-to-many's sides by the objects that link to anything in its join table,
    /// a to-many without inverse by the distinct objects in its column.
    @Test func countsToManyLinks() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let v1 = Fixtures.contents(
            #"""
            <entity name="Author"><relationship name="tags" optional="YES" toMany="YES" destinationEntity="Tag" inverseName="authors" inverseEntity="Tag"/></entity>
            <entity name="Label"><attribute name="text" optional="YES" attributeType="String"/></entity>
            <entity name="Note"><relationship name="labels" optional="YES" toMany="YES" destinationEntity="Label"/></entity>
            <entity name="Tag"><relationship name="authors" optional="YES" toMany="YES" destinationEntity="Author" inverseName="tags" inverseEntity="Author"/></entity>
            """#)
        let v2 = Fixtures.contents(
            #"""
            <entity name="Author"/><entity name="Label"><attribute name="text" optional="YES" attributeType="String"/></entity>
            <entity name="Note"/><entity name="Tag"/>
            """#)
        let bundle = try Fixtures.writeBundle(in: directory, versions: [("Model", v1), ("Model 2", v2)])
        let path = try #require(fixtures(bundle: bundle, output: directory + "/out", rows: 14).stores.first)
        // Authors 1-4 lose their links: 10 authors and the 11 tags the others pick still link.
        var database: OpaquePointer?
        try #require(sqlite3_open(path, &database) == SQLITE_OK)
        #expect(sqlite3_exec(database, "DELETE FROM Z_1TAGS WHERE Z_1AUTHORS <= 4", nil, nil, nil) == SQLITE_OK)
        sqlite3_close(database)
        let drops = Dictionary(uniqueKeysWithValues: store(path: path, models: [bundle]).drops.map { ($0.subject, $0) })
        #expect(drops["Author.tags"] == StoreDrop(subject: "Author.tags", holding: 10, rows: 14), "\(drops)")
        #expect(drops["Tag.authors"] == StoreDrop(subject: "Tag.authors", holding: 11, rows: 14))
        // Labels 6 and 13 (every seventh) link to no note; the other twelve name twelve notes.
        #expect(drops["Note.labels"] == StoreDrop(subject: "Note.labels", holding: 12, rows: 14))
    }

    @Test func anUpgradeThatDropsNothingCountsNothing() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let made = fixtures(bundle: Fixtures.sampleBundle, output: directory, rows: 5)
        let result = store(path: try #require(made.stores.first), models: [Fixtures.sampleBundle])
        #expect(result.drops.isEmpty && result.report?.text.contains("drops from this store") == false)
    }
}
