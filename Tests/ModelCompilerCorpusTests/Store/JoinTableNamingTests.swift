import CSQLite
import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// #51: join tables named as Core Data names them (store-format.md section 6.1). A messaging app's stores of three
/// releases (../shared/stores/naming.tsv): an empty fixture of the version that wrote each has exactly the real
/// store's join tables (names, column sets, indexes) and every other table's columns and indexes, made as the store's
/// own Core Data build would make it. Sets, not order: these stores were migrated in place from one original store,
/// and some tables keep an older column order.
@Suite(.needsShared) struct JoinTableNamingTests {
    static let cases: [SharedStoreTests.Case] = {
        guard let shared = SharedFolder.path,
            let text = try? String(contentsOfFile: shared + "/stores/naming.tsv", encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 3, fields[0].contains("wire") else { return nil }
            return SharedStoreTests.Case(
                store: shared + "/" + fields[0], bundle: shared + "/" + fields[1],
                version: fields[2])
        }
    }()

    struct Schema: Equatable {
        /// Join table -> its columns, as a set.
        var joinTables: [String: Set<String>] = [:]
        /// Every other table with its columns as a set, and every index with its columns.
        var rest: Set<String> = []
    }

    static func schema(_ path: String) throws -> Schema {
        let copy = try StoreCopy(of: path)
        let database = try SQLiteDatabase(copy: copy.path)
        var schema = Schema()
        let rows = try database.rows("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL")
        let joins = Set(
            rows.compactMap { row -> String? in
                guard row[0].text == "table", let name = row[1].text, name.hasPrefix("Z_"),
                    name.dropFirst(2).first?.isNumber == true
                else { return nil }
                return name
            })
        for row in rows {
            guard let sql = row[3].text, let table = row[2].text else { continue }
            if row[0].text == "index" {
                let inside = sql.split(separator: "(", maxSplits: 1).last?.dropLast() ?? ""
                let indexed = inside.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                schema.rest.insert("index \(row[1].text ?? "") on \(table) \(indexed)")
                continue
            }
            // Tables by their column sets (migrated in place: later columns appended).
            let columns = try database.rows("PRAGMA table_info(\(table))").compactMap { $0[1].text }
            if joins.contains(table) {
                schema.joinTables[table] = Set(columns)
            } else if row[0].text == "table" {
                schema.rest.insert("table \(table) \(columns.sorted())")
            }
        }
        return schema
    }

    @Test func theThreeStoresAreListed() throws {
        _ = try #require(SharedFolder.require())
        #expect(Self.cases.count == 3)
    }

    @Test(arguments: cases)
    func anEmptyFixtureHasTheRealStoresJoinTables(_ entry: SharedStoreTests.Case) throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let framework = try #require(StoreReader.read(entry.store).0?.metadata.frameworkVersion)
        let result = fixtures(bundle: entry.bundle, output: directory, versions: [entry.version], framework: framework)
        let fixture = try #require(result.stores.first, "\(result.diagnostics)")
        let (mine, real) = (try Self.schema(fixture), try Self.schema(entry.store))
        #expect(!real.joinTables.isEmpty)
        #expect(
            try FixtureSchemaTests.schema(fixture).keys == FixtureSchemaTests.schema(entry.store).keys,
            "Z_PRIMARYKEY: the same entities, numbers and parents")
        #expect(mine.joinTables.keys.sorted() == real.joinTables.keys.sorted())
        for (name, columns) in real.joinTables {
            #expect(mine.joinTables[name] == columns, "\(name): \(mine.joinTables[name] ?? []) against \(columns)")
        }
        #expect(mine.rest.subtracting(real.rest).sorted() == [], "tables or indexes the real store lacks")
        // The real store may have more indexes: in-place migrations renumbered entities and kept the indexes of the
        // old join-table names beside the new ones (zmessaging2.98.0: Z_14ADDEDUSERS_..._INDEX on Z_16ADDEDUSERS),
        // and an index of the earlier naming beside its fetch index (ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX).
        #expect(
            real.rest.subtracting(mine.rest).filter { !$0.hasPrefix("index ") }.sorted() == [],
            "tables the fixture lacks")
    }
}

/// The store doctor keeps checking the rule on users' stores: join tables that differ from the derivation for the
/// store's writer are a note, and the real stores that follow it get none.
@Suite(.needsShared) struct JoinTableCheckTests {
    @Test(arguments: JoinTableNamingTests.cases + SharedStoreTests.cases)
    func aRealStoreFollowingTheRuleGetsNoNote(_ entry: SharedStoreTests.Case) throws {
        let result = store(path: entry.store, models: [entry.bundle])
        #expect(result.diagnostics.with(.storeJoinTablesDiffer).isEmpty, "\(result.diagnostics)")
    }

    @Test func aRenamedJoinTableIsANote() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let entry = try #require(JoinTableNamingTests.cases.first)
        let result = fixtures(bundle: entry.bundle, output: directory, versions: [entry.version])
        let fixture = try #require(result.stores.first, "\(result.diagnostics)")
        let join = try #require(StoreReader.read(fixture).0?.joinTables.keys.sorted().first)
        var db: OpaquePointer?
        try #require(sqlite3_open(fixture, &db) == SQLITE_OK)
        let renamed = sqlite3_exec(db, "ALTER TABLE \(join) RENAME TO Z_999RENAMED", nil, nil, nil)
        sqlite3_close(db)
        try #require(renamed == SQLITE_OK)
        let found = store(path: fixture, models: [entry.bundle]).diagnostics.with(.storeJoinTablesDiffer)
        #expect(found.count == 1 && found.first?.severity == .note, "\(found)")
        #expect(found.first?.message.contains("'Z_999RENAMED' is in the store but not derived") == true)
        #expect(found.first?.message.contains("'\(join)' is derived but not in the store") == true)
    }
}
