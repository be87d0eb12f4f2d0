import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// #51: `fixtures --history-tracking` and `--cloudkit` (or `"fixtures"` in openmomc.json) add the tables Core Data
/// adds to a store with persistent history and CloudKit mirroring: a CloudKit-mirrored app's real store
/// (../shared/stores/naming.tsv's last line) has exactly the fixture's schema and Z_PRIMARYKEY rows.
@Suite struct SystemTablesTests {
    static var cloudKitStore: SharedStoreTests.Case? {
        guard let shared = SharedFolder.path,
            let text = try? String(contentsOfFile: shared + "/stores/naming.tsv", encoding: .utf8)
        else { return nil }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && $0.contains("Profiles") }.compactMap { line in
            let fields = line.split(separator: "\t").map(String.init)
            return fields.count == 3
                ? SharedStoreTests.Case(
                    store: shared + "/" + fields[0],
                    bundle: shared + "/" + fields[1], version: fields[2]) : nil
        }.first
    }

    /// A CREATE TABLE statement with its column definitions sorted; any other statement as it is.
    static func unordered(_ sql: String) -> String {
        guard sql.hasPrefix("CREATE TABLE"), let open = sql.firstIndex(of: "("), let close = sql.lastIndex(of: ")")
        else {
            return sql
        }
        let columns = sql[sql.index(after: open)..<close].split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.sorted()
        return String(sql[..<open]) + "(" + columns.joined(separator: ", ") + ")"
    }

    static func tables(_ path: String) throws -> Set<String> {
        let copy = try StoreCopy(of: path)
        return Set(
            try SQLiteDatabase(copy: copy.path).rows("SELECT name FROM sqlite_master WHERE type = 'table'")
                .compactMap { $0[0].text })
    }

    @Test(.needsShared) func aCloudKitFixtureHasTheRealStoresSchema() throws {
        let entry = try #require(Self.cloudKitStore)
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let result = fixtures(bundle: entry.bundle, output: directory, versions: [entry.version], cloudKit: true)
        let fixture = try #require(result.stores.first, "\(result.diagnostics)")
        let (mine, real) = (try FixtureSchemaTests.schema(fixture), try FixtureSchemaTests.schema(entry.store))
        // Column definitions compared as sets: the app's store was migrated in place (its ZCDPROFILE has the
        // columns added later at the end), which changes no name or type.
        let (ours, theirs) = (Set(mine.sql.map(Self.unordered)), Set(real.sql.map(Self.unordered)))
        #expect(ours.subtracting(theirs).sorted() == [], "statements the real store lacks")
        #expect(theirs.subtracting(ours).sorted() == [], "statements the fixture lacks")
        #expect(mine.keys == real.keys)
        // Without the option, none of it: a store that had the history would open read-only.
        let plain = fixtures(bundle: entry.bundle, output: directory + "/plain", versions: [entry.version])
        #expect(!(try Self.tables(try #require(plain.stores.first))).contains("ACHANGE"))
    }

    @Test func historyTrackingAloneAddsTheHistoryTables() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let result = fixtures(
            bundle: Fixtures.sampleBundle, output: directory, versions: ["Library"], rows: 3,
            historyTracking: true)
        let tables = try Self.tables(try #require(result.stores.first, "\(result.diagnostics)"))
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
        #expect(try Self.tables(try #require(result.stores.first, "\(result.diagnostics)")).contains("ACHANGE"))
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
