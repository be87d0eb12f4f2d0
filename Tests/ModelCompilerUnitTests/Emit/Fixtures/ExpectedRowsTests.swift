import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// `<Version>.expected.json`: what the current version must hold after the upgrade, as the migration analysis says.
@Suite struct ExpectedRowsTests {
    struct Document: Decodable {
        struct Fate: Decodable {
            var becomes: String?
            var rows: Int
            var renamed: [String: String]
            var dropped: [String]
            var added: [String: JSONValue]
        }

        struct Row: Decodable {
            var entity: String
            var primaryKey: Int
            var values: [String: JSONValue]
        }

        var from: String
        var to: String
        var verdict: String
        var entities: [String: Fate]
        var rows: [Row]
    }

    /// Just enough of JSON to compare values.
    enum JSONValue: Decodable, Equatable {
        case number(Double), text(String), flag(Bool), object([String: String]), null

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let flag = try? container.decode(Bool.self) {
                self = .flag(flag)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let text = try? container.decode(String.self) {
                self = .text(text)
            } else {
                self = .object(try container.decode([String: String].self))
            }
        }
    }

    static func read(_ path: String) throws -> Document {
        try JSONDecoder().decode(Document.self, from: try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The sample's shipped 'Library' upgraded to 'Library 3': Book.summary is renamed synopsis (the analysis's
    /// rename), nothing is dropped (as the analysis says), Book.tags and Book.addedAt are new; every value is kept.
    @Test func theSamplesLibraryToLibrary3() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let result = fixtures(bundle: Fixtures.sampleBundle, output: directory, rows: 8)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let document = try Self.read(directory + "/Library.expected.json")
        #expect(document.from == "Library" && document.to == "Library 3")
        let book = try #require(document.entities["Book"])
        #expect(book.becomes == "Book" && book.rows == 8 && book.renamed == ["synopsis": "summary"])
        #expect(book.dropped.isEmpty && document.entities["Author"]?.dropped == [])
        #expect(Set(book.added.keys) == ["tags", "addedAt"])
        // The same as the migration analysis.
        let (checked, _) = checkBundle(at: Fixtures.sampleBundle)
        let versions = try #require(checked).compiled
        let report = MigrationAnalyzer.analyze(from: versions[0], to: versions[2])
        #expect(document.verdict == report.verdict.description)
        #expect(report.changes.contains { $0.message.contains("'Book.summary' is renamed to 'Book.synopsis'") })
        #expect(!report.changes.contains { $0.verdict == .dataLoss })
        // Each Book row's old summary is its new synopsis, read from the store as written.
        let copy = try StoreCopy(of: directory + "/Library.sqlite")
        let rows = try SQLiteDatabase(copy: copy.path).rows("SELECT Z_PK, ZSUMMARY FROM ZBOOK ORDER BY Z_PK")
        let books = document.rows.filter { $0.entity == "Book" }
        #expect(rows.count == 8 && books.count == 8)
        for (row, expected) in zip(rows, books) {
            #expect(row[0] == .integer(Int64(expected.primaryKey)))
            #expect(expected.values["synopsis"] == row[1].text.map(JSONValue.text) ?? .null)
            #expect(expected.values["summary"] == nil)
        }
        #expect(FileManager.default.fileExists(atPath: directory + "/Library 2.expected.json"))
    }

    /// Dropped attributes and entities: absent from the prediction, their rows gone; a new attribute's default.
    @Test func dropsAreAbsentAndDefaultsFilledIn() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let v1 = Fixtures.contents(
            #"""
            <entity name="Note"><attribute name="text" optional="YES" attributeType="String"/>
                <attribute name="size" attributeType="Integer 32" defaultValueString="0"/></entity>
            <entity name="Old"><attribute name="name" optional="YES" attributeType="String"/></entity>
            """#)
        let v2 = Fixtures.contents(
            #"""
            <entity name="Note"><attribute name="size" attributeType="Integer 32" defaultValueString="0"/>
                <attribute name="stars" attributeType="Integer 16" defaultValueString="3"/></entity>
            """#)
        let bundle = try Fixtures.writeBundle(in: directory, versions: [("Model", v1), ("Model 2", v2)])
        let result = fixtures(bundle: bundle, output: directory + "/out", rows: 3)
        #expect(result.stores == [directory + "/out/Model.sqlite"], "\(result.diagnostics)")
        let document = try Self.read(directory + "/out/Model.expected.json")
        #expect(document.entities["Note"]?.dropped == ["text"])
        #expect(document.entities["Note"]?.added == ["stars": .number(3)])
        #expect(document.entities["Old"]?.becomes == nil && document.entities["Old"]?.rows == 3)
        #expect(document.rows.map(\.entity) == ["Note", "Note", "Note"])
        #expect(document.rows.allSatisfy { $0.values["text"] == nil && $0.values["stars"] == .number(3) })
        #expect(document.verdict == MigrationVerdict.dataLoss.description)
    }
}
