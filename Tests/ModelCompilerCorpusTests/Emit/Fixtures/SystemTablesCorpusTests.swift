import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// A CloudKit fixture has exactly the schema of the CloudKit-mirrored app's real store in ../shared (the unit
/// tests: SystemTablesTests).
@Suite struct SystemTablesCorpusTests {
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
        #expect(!(try SystemTablesFixtures.tables(try #require(plain.stores.first))).contains("ACHANGE"))
    }
}
