import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// `fixtures`: which versions, where, bad inputs, determinism and replacing older fixtures.
@Suite struct FixturesTests {
    static func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }

    @Test func theSameSeedWritesTheSameBytesAndAnotherSeedOtherValues() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        for (folder, seed) in [("a", UInt64(1)), ("b", 1), ("c", 2)] {
            let result = fixtures(bundle: Fixtures.sampleBundle, output: directory + "/" + folder, rows: 20, seed: seed)
            #expect(result.stores.count == 2 && result.diagnostics.isEmpty, "\(result.diagnostics)")
        }
        for name in ["Library.sqlite", "Library 2.sqlite", "Library.expected.json"] {
            #expect(Self.bytes(directory + "/a/" + name) == Self.bytes(directory + "/b/" + name), "\(name)")
            #expect(Self.bytes(directory + "/a/" + name) != Self.bytes(directory + "/c/" + name), "\(name)")
        }
        // Only the stores and predictions: no journal, WAL or temporary left.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory + "/a").sorted()
                == ["Library 2.expected.json", "Library 2.sqlite", "Library.expected.json", "Library.sqlite"])
    }

    @Test func chosenVersionsReplaceOlderFixtures() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        _ = fixtures(bundle: Fixtures.sampleBundle, output: directory, versions: ["Library 3"], rows: 30)
        let full = try #require(Self.bytes(directory + "/Library 3.sqlite"))
        let again = fixtures(bundle: Fixtures.sampleBundle, output: directory, versions: ["Library 3", "Library 3"])
        #expect(again.stores == [directory + "/Library 3.sqlite"])
        let empty = try #require(Self.bytes(directory + "/Library 3.sqlite"))
        #expect(empty.count < full.count, "the 30-row store was replaced by an empty one")
        #expect(StoreReader.read(directory + "/Library 3.sqlite").0?.rowCounts.values.allSatisfy { $0 == 0 } == true)
    }

    @Test func badInputsGetClearErrors() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let file = directory + "/a-file"
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        let intoFile = fixtures(bundle: Fixtures.sampleBundle, output: file)
        #expect(intoFile.diagnostics.codes == [.outputNotAFolder] && intoFile.inputFailed)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "x", "the file is left alone")
        let unknown = fixtures(bundle: Fixtures.sampleBundle, output: directory + "/out", versions: ["Nope"])
        #expect(unknown.diagnostics.codes == [.versionNotFound])
        #expect(unknown.diagnostics.first?.message.contains("'Library 2'") == true)
        #expect(fixtures(bundle: directory + "/missing.xcdatamodeld", output: directory + "/out").inputFailed)
        #expect(
            fixtures(bundle: Fixtures.sampleBundle, output: directory + "/out", rows: -1).diagnostics.codes
                == [.invalidArgument])
        // A model with one version and no record has nothing before its current version.
        let lone = try Fixtures.writeBundle(
            in: directory,
            versions: [
                (
                    "Model",
                    Fixtures.contents(
                        #"<entity name="A"><attribute name="a" optional="YES" attributeType="String"/></entity>"#)
                )
            ])
        #expect(fixtures(bundle: lone, output: directory + "/out").diagnostics.codes == [.versionNotFound])
        #expect(!FileManager.default.fileExists(atPath: directory + "/out/Model.sqlite"))
        #expect(fixtures(bundle: lone, output: directory + "/out", versions: ["Model"]).stores.count == 1)
    }

    /// Join tables, ordered relationships, subentities sharing a table, to-many without inverse, external binary
    /// values: written, linked on both sides, read back by the store doctor.
    @Test func relationshipsOfEveryKindAreLinked() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let body = #"""
            <entity name="Author"><attribute name="photo" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"/>
                <relationship name="books" optional="YES" toMany="YES" destinationEntity="Book" inverseName="authors" inverseEntity="Book"/>
                <relationship name="notes" optional="YES" toMany="YES" ordered="YES" destinationEntity="Note" inverseName="author" inverseEntity="Note"/>
                <relationship name="tags" optional="YES" toMany="YES" destinationEntity="Tag"/></entity>
            <entity name="Book"><relationship name="authors" optional="YES" toMany="YES" destinationEntity="Author" inverseName="books" inverseEntity="Author"/></entity>
            <entity name="Note" isAbstract="YES"><relationship name="author" optional="YES" maxCount="1" destinationEntity="Author" inverseName="notes" inverseEntity="Author"/></entity>
            <entity name="TextNote" parentEntity="Note"><attribute name="text" optional="YES" attributeType="String"/></entity>
            <entity name="Tag"><attribute name="label" optional="YES" attributeType="String"/></entity>
            """#
        let bundle = try Fixtures.writeBundle(in: directory, versions: [("Model", Fixtures.contents(body))])
        let result = fixtures(bundle: bundle, output: directory + "/out", versions: ["Model"], rows: 30)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let copy = try StoreCopy(of: directory + "/out/Model.sqlite")
        let database = try SQLiteDatabase(copy: copy.path)
        let sql = try database.rows("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL").compactMap { $0[0].text }
        #expect(
            sql.contains(
                "CREATE TABLE Z_1BOOKS ( Z_1AUTHORS INTEGER, Z_2BOOKS INTEGER, "
                    + "PRIMARY KEY (Z_1AUTHORS, Z_2BOOKS) )"))
        #expect(
            sql.contains {
                $0.hasPrefix(
                    "CREATE TABLE ZNOTE ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, "
                        + "ZAUTHOR INTEGER, Z_FOK_AUTHOR INTEGER, ZTEXT VARCHAR )")
            }, "\(sql)")
        #expect(
            sql.contains(
                "CREATE TABLE ZTAG ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, "
                    + "Z1TAGS INTEGER, ZLABEL VARCHAR )"))
        #expect(try database.rows("SELECT COUNT(*) FROM Z_1BOOKS")[0][0] == .integer(60))
        // Abstract Note has no rows; TextNote's 30 live in ZNOTE with its entity number, linked to existing authors.
        func count(_ sql: String) throws -> [SQLiteDatabase.Value] { try database.rows(sql)[0] }
        #expect(
            try count("SELECT COUNT(*), MIN(Z_ENT), MAX(Z_ENT) FROM ZNOTE") == [.integer(30), .integer(4), .integer(4)])
        #expect(
            try count("SELECT COUNT(*) FROM ZNOTE WHERE ZAUTHOR NOT IN (SELECT Z_PK FROM ZAUTHOR)") == [.integer(0)])
        #expect(
            try count("SELECT COUNT(*) FROM ZNOTE WHERE ZAUTHOR IS NOT NULL AND Z_FOK_AUTHOR IS NULL") == [.integer(0)])
        #expect(
            try database.rows("SELECT Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT").map { $0[0] }
                == [.integer(30), .integer(30), .integer(30), .integer(0), .integer(30)])
        // One author's photo is above the external-storage threshold: in a file beside the store.
        let support = directory + "/out/.Model_SUPPORT/_EXTERNAL_DATA"
        #expect(try FileManager.default.contentsOfDirectory(atPath: support).count == 1)
        #expect(
            store(path: directory + "/out/Model.sqlite", models: [bundle]).match?.writtenBy.first?.map(\.version)
                == ["Model"])
    }
}
