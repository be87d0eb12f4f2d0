import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// An empty fixture of the version that wrote each real store of ../shared/stores has the store's schema: the same
/// tables with the same columns and types in the same order, the same indexes and uniqueness constraints (compared as
/// SQL after normalising whitespace), the same `Z_PRIMARYKEY` entities, and the same metadata hashes. The fixture is
/// made as the store's own Core Data build would make it (index names: `IndexNaming`).
@Suite(.needsShared) struct FixtureSchemaTests {
    static func schema(_ path: String) throws -> (sql: Set<String>, keys: [[SQLiteDatabase.Value]]) {
        let copy = try StoreCopy(of: path)
        let database = try SQLiteDatabase(copy: copy.path)
        let sql = try database.rows("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL").compactMap { $0[0].text }
        let keys = try database.rows("SELECT Z_ENT, Z_NAME, Z_SUPER FROM Z_PRIMARYKEY ORDER BY Z_ENT")
        return (Set(sql.map(normalised)), keys)
    }

    /// One space wherever there is white space, none just inside parentheses.
    static func normalised(_ sql: String) -> String {
        var text = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for (from, to) in [("( ", "("), (" )", ")")] { text = text.replacingOccurrences(of: from, with: to) }
        return text
    }

    @Test(arguments: SharedStoreTests.cases)
    func anEmptyFixtureHasTheRealStoresSchema(_ entry: SharedStoreTests.Case) throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let framework = try #require(StoreReader.read(entry.store).0?.metadata.frameworkVersion)
        let result = fixtures(bundle: entry.bundle, output: directory, versions: [entry.version], framework: framework)
        #expect(result.diagnostics.isEmpty && result.stores.count == 1, "\(result.diagnostics)")
        let fixture = try #require(result.stores.first)
        let (mine, real) = (try Self.schema(fixture), try Self.schema(entry.store))
        #expect(mine.sql.subtracting(real.sql).sorted() == [], "statements the real store lacks")
        #expect(real.sql.subtracting(mine.sql).sorted() == [], "statements the fixture lacks")
        #expect(mine.keys == real.keys)
        let (written, original) = (StoreReader.read(fixture).0, StoreReader.read(entry.store).0)
        #expect(written?.metadata.entityHashes == original?.metadata.entityHashes)
        #expect(try #require(written).rowCounts.values.allSatisfy { $0 == 0 }, "an empty store")
        // The store doctor names the fixture's writer as the version it was made of.
        #expect(
            store(path: fixture, models: [entry.bundle]).match?.writtenBy.map { $0.map(\.version) }
                == [[entry.version]])
    }
}
