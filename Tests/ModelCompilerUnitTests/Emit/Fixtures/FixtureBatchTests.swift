import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// Rows made a batch at a time: batches never grow past their size, the streamed `expected.json` is the document
/// encoded whole, and an ordered relationship's positions are one sequence per object across every subentity.
@Suite struct FixtureBatchTests {
    static func sample() throws -> [CompiledVersion] {
        let (checked, _) = checkBundle(at: Fixtures.sampleBundle)
        return try #require(checked).compiled
    }

    @Test func batchesKeepTheirSizeAndTheirOrder() throws {
        let version = try Self.sample()[1]
        let rows = FixtureRows(
            version.model, layout: StoreLayout(version.model), count: 23,
            values: FixtureValues(seed: 3))
        for table in rows.layout.tables {
            var sizes: [Int] = [], keys: [Int64] = []
            rows.forEachBatch(of: table, size: 5) { batch in
                sizes.append(batch.values.count)
                keys += batch.values.compactMap { if case .integer(let key) = $0[0] { key } else { nil } }
                #expect(batch.records.count == batch.values.count && batch.table == table.name)
            }
            #expect(sizes.allSatisfy { $0 <= 5 } && sizes.dropLast().allSatisfy { $0 == 5 }, "\(table.name): \(sizes)")
            #expect(keys == (1...Int64(keys.count)).map { $0 }, "\(table.name): keys in order, none repeated")
        }
    }

    /// A header, then batches of rows, is byte for byte the whole document `JSONText` writes: with rows, with
    /// batches of one and of many, and with none.
    @Test func theStreamedPredictionIsTheWholeDocument() throws {
        let versions = try Self.sample()
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        for (count, size) in [(0, 4), (9, 1), (9, 4), (40, 1000)] {
            let plan = FixtureRows(
                versions[0].model, layout: StoreLayout(versions[0].model), count: count,
                values: FixtureValues(seed: 9))
            let header = ExpectedRows(plan, from: versions[0], to: versions[2])
            let path = directory + "/\(count)-\(size).json"
            let file = try ExpectedRowsFile(creating: path, header: header)
            var whole = header
            for table in plan.layout.tables {
                try plan.forEachBatch(of: table, size: size) { batch in
                    let rows = header.rows(of: batch.records)
                    try file.append(rows)
                    whole.rows += rows
                }
            }
            try file.close()
            #expect(whole.rows.count == 2 * count)
            #expect(
                try String(contentsOfFile: path, encoding: .utf8) == JSONText.encode(whole), "\(count) rows by \(size)")
        }
    }

    /// The sample's Item (abstract; Book and Magazine share its table) belongs to a Shelf's ordered items: each
    /// shelf's items are numbered 1, 2, 3 ... across both subentities, never twice the same.
    @Test func orderedPositionsAreOneSequencePerObject() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let result = fixtures(bundle: Fixtures.sampleBundle, output: directory, versions: ["Library 2"], rows: 40)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let copy = try StoreCopy(of: directory + "/Library 2.sqlite")
        let database = try SQLiteDatabase(copy: copy.path)
        let rows = try database.rows("SELECT ZSHELF, Z_FOK_SHELF, Z_ENT FROM ZITEM WHERE ZSHELF IS NOT NULL")
        var positions: [Int64: [Int64]] = [:]
        for row in rows {
            guard case .integer(let shelf) = row[0], case .integer(let position) = row[1] else {
                Issue.record("a linked item without its position: \(row)")
                continue
            }
            positions[shelf, default: []].append(position)
        }
        #expect(Set(rows.map { "\($0[2])" }).count == 2, "both subentities link to shelves")
        #expect(!positions.isEmpty)
        for (shelf, found) in positions {
            #expect(found.sorted() == (1...Int64(found.count)).map { $0 }, "shelf \(shelf): \(found)")
        }
    }
}
