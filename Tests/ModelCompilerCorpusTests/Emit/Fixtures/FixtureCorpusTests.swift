import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// Fixtures of every corpus version with 50 rows per entity: `store` names each one's writer as its version, and every
/// value reads back as written, external ones from their files.
@Suite(.needsShared) struct FixtureCorpusTests {
    static var bundles: [String] {
        guard let shared = SharedFolder.path,
            let paths = try? FileManager.default.subpathsOfDirectory(atPath: shared + "/corpus")
        else { return [] }
        return paths.filter { $0.hasSuffix(".xcdatamodeld") }.sorted().map { shared + "/corpus/" + $0 }
    }

    @Test func everyCorpusVersionWritesAndReadsBack() throws {
        _ = try #require(SharedFolder.require())
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        var stores = 0
        for (index, path) in Self.bundles.enumerated() {
            let (checked, _) = checkBundle(at: path)
            let bundle = try #require(checked, "\(path)")
            let candidates = [CandidateBundle(name: "B", versions: bundle.compiled)]
            for (position, version) in bundle.compiled.enumerated() {
                let store = directory + "/\(index)-\(position).sqlite"
                let plan = FixtureRows(
                    version.model, layout: StoreLayout(version.model), count: 50,
                    values: FixtureValues(seed: 7))
                var written = Written(layout: plan.layout)
                do {
                    try FixtureStoreWriter.write(
                        version, rows: plan, into: directory, storeName: "\(index)-\(position)",
                        seed: 7
                    ) { written.add($0) }
                } catch {
                    Issue.record("\(path) \(version.versionName): not written: \(error)")
                    continue
                }
                stores += 1
                let (read, problems) = StoreReader.read(store)
                let found = try #require(read, "\(problems)")
                let match = StoreMatcher.match(found, against: candidates)
                // Hash-identical versions all match; the version is among them.
                #expect(
                    match.writtenBy.joined().map(\.version).contains(version.versionName),
                    "\(path) \(version.versionName): \(match.writtenBy)")
                #expect(found.modelCache != nil, "the model cache inflates and decodes")
                try Self.readBack(store, written, "\(path) \(version.versionName)")
            }
            try? FileManager.default.removeItem(atPath: directory)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        #expect(stores >= 200, "the corpus has about 210 versions")
    }

    /// Every row written, as the writer's batches gave them.
    struct Written {
        var layout: StoreLayout
        var tables: [String: [[SQLiteDatabase.Value]]] = [:]
        var externalFiles: [(name: String, bytes: [UInt8])] = []

        mutating func add(_ batch: FixtureRows.Batch) {
            tables[batch.table, default: []] += batch.values
            externalFiles += batch.externalFiles
        }
    }

    /// SQLite keeps an integral REAL in a column of NUMERIC affinity (TIMESTAMP, DECIMAL) as an INTEGER, as it does
    /// for Core Data: the same number.
    static func same(_ read: [SQLiteDatabase.Value], _ written: [SQLiteDatabase.Value]) -> Bool {
        read.count == written.count
            && zip(read, written).allSatisfy { pair in
                if case .integer(let a) = pair.0, case .real(let b) = pair.1 { return Double(a) == b }
                return pair.0 == pair.1
            }
    }

    /// Every table's rows as written, in primary-key order; external values in their files.
    static func readBack(_ store: String, _ written: Written, _ label: String) throws {
        let copy = try StoreCopy(of: store)
        let database = try SQLiteDatabase(copy: copy.path)
        for table in written.layout.tables {
            let rows = try database.rows("SELECT * FROM \(table.name) ORDER BY Z_PK")
            let expected = written.tables[table.name] ?? []
            #expect(rows.count == expected.count, "\(label) \(table.name)")
            for (row, want) in zip(rows, expected) where !same(row, want) {
                Issue.record("\(label) \(table.name) Z_PK \(want.first.map { "\($0)" } ?? ""): read back differently")
                break
            }
        }
        for join in written.layout.joinTables {
            let rows = try database.rows("SELECT * FROM \(join.name)")
            #expect(rows == written.tables[join.name] ?? [], "\(label) \(join.name)")
        }
        let folder = (store as NSString).deletingLastPathComponent
        let name = ((store as NSString).lastPathComponent as NSString).deletingPathExtension
        for file in written.externalFiles {
            let path = folder + "/.\(name)_SUPPORT/_EXTERNAL_DATA/" + file.name
            #expect(FileManager.default.contents(atPath: path).map { [UInt8]($0) } == file.bytes, "\(label) \(path)")
        }
    }
}
