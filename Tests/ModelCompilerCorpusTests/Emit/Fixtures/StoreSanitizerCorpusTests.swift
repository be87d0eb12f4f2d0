import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// `store sanitize` on the real stores of ../shared (the unit tests: StoreSanitizerTests).
@Suite struct StoreSanitizerCorpusTests {
    /// Every text value of every table (Z_METADATA and Z_MODELCACHE aside), read on a copy.
    static func texts(_ path: String) throws -> [String] {
        let copy = try StoreCopy(of: path)
        let database = try SQLiteDatabase(copy: copy.path)
        var found: [String] = []
        for table in try database.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap({ $0[0].text })
        where !StoreSanitizer.untouched.contains(table) {
            for row in try database.rows("SELECT * FROM \(SQLiteDatabase.quoted(table))") {
                found += row.compactMap(\.text)
            }
        }
        return found
    }

    static func verdictText(_ result: StoreResult) -> String? {
        // The report without its first line, which names the file.
        result.report.map { $0.text.split(separator: "\n").dropFirst().joined(separator: "\n") }
    }

    @Test(.needsShared, arguments: SharedStoreTests.cases)
    func aSharedStoreKeepsItsVerdictAndRowsAndLosesItsText(_ entry: SharedStoreTests.Case) throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let folder = (entry.store as NSString).deletingLastPathComponent
        let before = try StoreFixture.fingerprint(folder)
        let output = directory + "/clean.sqlite"
        let result = sanitizeStore(path: entry.store, output: output)
        #expect(result.outputPath == output && !result.diagnostics.hasErrors, "\(result.diagnostics)")
        #expect(try StoreFixture.fingerprint(folder) == before, "the store's folder is unchanged")
        let (original, clean) = (
            store(path: entry.store, models: [entry.bundle]), store(path: output, models: [entry.bundle])
        )
        #expect(clean.store?.rowCounts == original.store?.rowCounts)
        #expect(Self.verdictText(clean) == Self.verdictText(original))
        let secrets = Set(try Self.texts(entry.store).filter { $0.utf8.count >= 3 })
        #expect(!secrets.isEmpty, "the store has text to hide")
        let left = try Self.texts(output)
        #expect(left.filter(secrets.contains) == [], "no original text value survives")
        #expect(
            left.map(\.utf8.count).reduce(0, +) == (try Self.texts(entry.store)).map(\.utf8.count).reduce(0, +),
            "every value keeps its length")
        let bytes = try #require(FileManager.default.contents(atPath: output))
        for secret in secrets.filter({ $0.utf8.count >= 8 }) {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "'\(secret)' is nowhere in the file, not in a free page")
        }
        #expect(!FileManager.default.fileExists(atPath: output + "-wal"))
        // The same store, the same bytes.
        _ = sanitizeStore(path: entry.store, output: directory + "/again.sqlite")
        #expect(FileManager.default.contents(atPath: directory + "/again.sqlite") == bytes)
    }

    /// #50: with `--all`, numbers too are replaced, and every uniqueness constraint still holds (values of its columns
    /// are made from the row's key): every shared store sanitizes, keeping its verdict and row counts.
    @Test(.needsShared, arguments: SharedStoreTests.cases)
    func aSharedStoreSanitizesWithAllAndKeepsItsVerdict(_ entry: SharedStoreTests.Case) throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let output = directory + "/all.sqlite"
        let result = sanitizeStore(path: entry.store, output: output, all: true)
        #expect(
            result.outputPath == output && !result.inputFailed && !result.diagnostics.hasErrors, "\(result.diagnostics)"
        )
        let (original, clean) = (
            store(path: entry.store, models: [entry.bundle]), store(path: output, models: [entry.bundle])
        )
        #expect(clean.store?.rowCounts == original.store?.rowCounts)
        #expect(Self.verdictText(clean) == Self.verdictText(original))
    }
}
