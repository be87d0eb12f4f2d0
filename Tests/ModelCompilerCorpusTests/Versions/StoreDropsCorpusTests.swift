import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// StoreDrops over ../shared (the unit tests: StoreDropsTests).
@Suite struct StoreDropsCorpusTests {
    /// A real store: Moody 3's, upgraded to Moody 6, loses what a count with SQLite of the same store says.
    @Test(.needsShared) func aRealStoresDrops() throws {
        let shared = try #require(SharedFolder.require())
        let result = store(
            path: shared + "/stores/objcio__core-data/Migrations/MigrationsTests/Moody 3.moody",
            models: [shared + "/corpus/objcio__core-data/Migrations/Migrations/Moody.xcdatamodeld"])
        let drops = Dictionary(uniqueKeysWithValues: result.drops.map { ($0.subject, $0) })
        #expect(drops["Continent.numberOfMoods"] == StoreDrop(subject: "Continent.numberOfMoods", holding: 2, rows: 2))
        #expect(drops["Continent.markedForDeletionDate"]?.holding == 0)
        #expect(drops["Mood.continent"] == StoreDrop(subject: "Mood.continent", holding: 4, rows: 4))
        #expect(drops["GeographicRegion"]?.rows == 0, "abstract: no rows of its own")
        #expect(drops["Country.numberOfMoods"] == nil, "Country keeps it")
    }
}
