import Foundation
import Testing
@testable import ModelCompiler

/// Matching stores the tests build (store-format.md §8's cases that ../shared/stores does not cover).
@Suite struct StoreMatcherTests {
    static func bundle(_ name: String, _ versions: [(String, String)]) throws -> CandidateBundle {
        CandidateBundle(name: name, versions: try versions.map { try StoreReaderTests.version($0.1, name: $0.0) })
    }

    static func store(_ fixture: StoreFixture) throws -> CoreDataStore {
        try #require(try StoreReaderTests.read(fixture).0)
    }

    static let v1 = StoreReaderTests.model
    /// v1 plus an attribute on the parent Book, and a delete rule change (not hashed).
    static let v2 = v1.replacingOccurrences(
        of: #"<attribute name="title" optional="YES" attributeType="String"/>"#,
        with:
            #"<attribute name="title" optional="YES" attributeType="String"/><attribute name="isbn" optional="YES" attributeType="String"/>"#
    )

    @Test func hashIdenticalVersionsAreAllNamedAndTheIdentifierIsOnlyAHint() throws {
        let cascade = Self.v1.replacingOccurrences(
            of: #"toMany="YES" deletionRule="Nullify""#, with: #"toMany="YES" deletionRule="Cascade""#)
        let bundle = try Self.bundle("Library", [("Library", Self.v1), ("Library 2", cascade)])
        let identified = CandidateBundle(
            name: "Library",
            versions: try [
                StoreReaderTests.version(Self.v1, name: "Library"),
                VersionCompiler.compile(
                    {
                        var model = try Fixtures.model(cascade)
                        model.versionName = "Library 2"
                        model.metadata.versionIdentifier = "2"
                        return model
                    }()),
            ])
        var fixture = StoreFixture(writtenBy: bundle.versions[1])
        fixture.identifiers = ["2"]
        let match = StoreMatcher.match(try Self.store(fixture), against: [identified])
        #expect(match.writtenBy.map { $0.map(\.version) } == [["Library"], ["Library 2"]])
        #expect(match.identifierHint.map { $0.map(\.version) } == [["Library 2"]])
        // Without an identifier nothing decides.
        let undecided = StoreMatcher.match(
            try Self.store(StoreFixture(writtenBy: bundle.versions[0])), against: [bundle])
        #expect(undecided.writtenBy.count == 2 && undecided.identifierHint.isEmpty)
    }

    @Test func aVersionEditedInPlaceMatchesNothingAndTheNearestNamesTheProperty() throws {
        // The store was written by v2; the bundle's v2 was later edited back (isbn removed): no version matches.
        let written = try StoreReaderTests.version(Self.v2, name: "Library 2")
        let bundle = try Self.bundle(
            "Library",
            [
                ("Library", Self.v1.replacingOccurrences(of: "genre", with: "kind")),
                ("Library 2", Self.v1),
            ])
        let match = StoreMatcher.match(try Self.store(StoreFixture(writtenBy: written)), against: [bundle])
        #expect(match.writtenBy.isEmpty)
        let nearest = try #require(match.nearest)
        #expect(nearest.reference.version == "Library 2")
        // Named once, on Book: Novel inherits the difference and is not listed.
        #expect(nearest.differences == [.propertyOnlyInStore(entity: "Book", property: "isbn")])
        #expect(
            nearest.differences[0].description(version: "Library 2") == "the store's Book has isbn, Library 2 does not")
    }

    @Test func withoutAModelCacheDifferencesAreNamedPerEntity() throws {
        let written = try StoreReaderTests.version(Self.v2, name: "Library 2")
        var fixture = StoreFixture(writtenBy: written)
        fixture.cache = nil
        let match = StoreMatcher.match(
            try Self.store(fixture), against: [try Self.bundle("Library", [("Library", Self.v1)])])
        #expect(match.nearest?.differences == [.entityHashDiffers("Book"), .entityHashDiffers("Novel")])
    }

    @Test func aMergedModelStoreIsMatchedByOneVersionOfEachBundle() throws {
        let notes = """
            <entity name="Note" representedClassName="Note">
                <attribute name="text" optional="YES" attributeType="String"/>
            </entity>
            """
        let library = try Self.bundle("Library", [("Library", Self.v1), ("Library 2", Self.v2)])
        let extras = try Self.bundle(
            "Notes", [("Notes", notes), ("Notes 2", notes.replacingOccurrences(of: "text", with: "body"))])
        var hashes = library.versions[1].hashes.entityHashes
        hashes.merge(extras.versions[0].hashes.entityHashes) { a, _ in a }
        var fixture = StoreFixture(hashes: hashes)
        fixture.entities = [("Author", nil, 1), ("Note", nil, 1)]
        let match = StoreMatcher.match(try Self.store(fixture), against: [library, extras])
        #expect(
            match.writtenBy == [
                [
                    VersionReference(bundle: "Library", version: "Library 2"),
                    VersionReference(bundle: "Notes", version: "Notes"),
                ]
            ])
    }

    @Test func aStoreOfAnotherModelEntirelyMatchesNothing() throws {
        var fixture = StoreFixture(hashes: ["Ghost": [UInt8](repeating: 1, count: 32)])
        fixture.entities = [("Ghost", nil, 1)]
        let match = StoreMatcher.match(
            try Self.store(fixture), against: [try Self.bundle("Library", [("Library", Self.v1)])])
        #expect(match.writtenBy.isEmpty)
        #expect(match.nearest?.differences.contains(.entityOnlyInStore("Ghost")) == true)
        #expect(match.nearest?.differences.contains(.entityOnlyInVersion("Author")) == true)
    }
}
