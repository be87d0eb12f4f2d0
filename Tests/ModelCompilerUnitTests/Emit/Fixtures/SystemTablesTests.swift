import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// #51: `fixtures --history-tracking` and `--cloudkit` (or `"fixtures"` in openmomc.json) add the tables Core Data
/// adds to a store with persistent history and CloudKit mirroring (against a real store: SystemTablesCorpusTests).
@Suite struct SystemTablesTests {
    @Test func historyTrackingAloneAddsTheHistoryTables() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let result = fixtures(
            bundle: Fixtures.sampleBundle, output: directory, versions: ["Library"], rows: 3,
            historyTracking: true)
        let tables = try SystemTablesFixtures.tables(try #require(result.stores.first, "\(result.diagnostics)"))
        #expect(tables.isSuperset(of: ["ACHANGE", "ATRANSACTION", "ATRANSACTIONSTRING"]))
        #expect(!tables.contains { $0.hasPrefix("ANSCK") })
        let names = StoreReader.read(try #require(result.stores.first)).0?.primaryKeys.map(\.name) ?? []
        #expect(names.suffix(3) == ["CHANGE", "TRANSACTION", "TRANSACTIONSTRING"], "\(names)")
    }

    /// `"fixtures": {"historyTracking": true}` in the nearest openmomc.json does the same; a misspelled key inside
    /// it is an error, never ignored.
    @Test func openmomcJSONTurnsItOn() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        try FileManager.default.createDirectory(atPath: directory + "/.git", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.sampleBundle, toPath: directory + "/Library.xcdatamodeld")
        try #"{ "fixtures": { "historyTracking": true } }"#.write(
            toFile: directory + "/openmomc.json", atomically: true,
            encoding: .utf8)
        let result = fixtures(
            bundle: directory + "/Library.xcdatamodeld", output: directory + "/out",
            versions: ["Library"])
        #expect(
            try SystemTablesFixtures.tables(try #require(result.stores.first, "\(result.diagnostics)")).contains(
                "ACHANGE"))
        try #"{ "fixtures": { "historyTraking": true } }"#.write(
            toFile: directory + "/openmomc.json", atomically: true,
            encoding: .utf8)
        let misspelled = BuildConfiguration.read(directory + "/openmomc.json")
        guard case .failure(let problem) = misspelled else {
            Issue.record("a misspelled fixtures key was accepted")
            return
        }
        #expect(
            problem.message.contains("unknown key 'historyTraking' in openmomc.json's fixtures"), "\(problem.message)")
    }
}
