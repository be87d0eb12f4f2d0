import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// `store sanitize`: a copy safe to commit, with the same verdict and rows, no original text, the input unchanged.
@Suite struct StoreSanitizerTests {
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

    @Test func numbersAndDatesAreKeptUnlessAll() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let made = fixtures(bundle: Fixtures.sampleBundle, output: directory, versions: ["Library 3"], rows: 20)
        let path = try #require(made.stores.first)
        func column(_ file: String, _ sql: String) throws -> [[SQLiteDatabase.Value]] {
            let copy = try StoreCopy(of: file)
            return try SQLiteDatabase(copy: copy.path).rows(sql)
        }
        let query = "SELECT Z_PK, Z_ENT, ZADDEDAT, ZSHELF, ZTITLE FROM ZITEM ORDER BY Z_PK"
        let original = try column(path, query)
        _ = sanitizeStore(path: path, output: directory + "/kept.sqlite")
        _ = sanitizeStore(path: path, output: directory + "/all.sqlite", all: true)
        let kept = try column(directory + "/kept.sqlite", query), all = try column(directory + "/all.sqlite", query)
        #expect(kept.map { Array($0.prefix(4)) } == original.map { Array($0.prefix(4)) }, "keys, links and dates kept")
        #expect(zip(kept, original).allSatisfy { $0[4] != $1[4] || $1[4] == .null }, "titles replaced")
        #expect(all.map { Array($0.prefix(2)) + [$0[3]] } == original.map { Array($0.prefix(2)) + [$0[3]] })
        #expect(zip(all, original).contains { $0[2] != $1[2] }, "--all replaces dates")
        #expect(
            store(path: directory + "/all.sqlite", models: [Fixtures.sampleBundle]).match?.writtenBy.first?
                .map(\.version) == ["Library 3"])
    }

    /// Rows only in the `-wal` (a store whose app was killed) are in the sanitized file, which has no `-wal`.
    @Test func theWalIsFoldedIn() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let (checked, _) = checkBundle(at: Fixtures.sampleBundle)
        let version = try #require(checked?.compiled.last)
        try StoreFixture(writtenBy: version, rows: 3).write(to: directory + "/app.sqlite", walOnly: true)
        let before = try StoreFixture.fingerprint(directory)
        let result = sanitizeStore(path: directory + "/app.sqlite", output: directory + "/out/clean.sqlite")
        #expect(result.outputPath != nil, "\(result.diagnostics)")
        #expect(try StoreFixture.fingerprint(directory) == before)
        #expect(StoreReader.read(directory + "/out/clean.sqlite").0?.rowCounts["Book"] == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/out") == ["clean.sqlite"])
    }

    @Test func badInputsGetClearErrors() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        try "not a database".write(toFile: directory + "/notes.txt", atomically: true, encoding: .utf8)
        #expect(
            sanitizeStore(path: directory + "/notes.txt", output: directory + "/o.sqlite").diagnostics.codes
                == [.storeNotSQLite])
        #expect(sanitizeStore(path: directory, output: directory + "/o.sqlite").diagnostics.codes == [.storeNotSQLite])
        #expect(sanitizeStore(path: directory + "/none.sqlite", output: directory + "/o.sqlite").inputFailed)
        let made = fixtures(bundle: Fixtures.sampleBundle, output: directory + "/f", versions: ["Library"])
        let path = try #require(made.stores.first)
        #expect(sanitizeStore(path: path, output: path).diagnostics.codes == [.outputRefused])
        // The folder that holds the store would be replaced by the file: refused too; another folder is not a file.
        #expect(sanitizeStore(path: path, output: directory).diagnostics.codes == [.outputRefused])
        try FileManager.default.createDirectory(atPath: directory + "/empty", withIntermediateDirectories: false)
        #expect(sanitizeStore(path: path, output: directory + "/empty").diagnostics.codes == [.outputNotWritable])
        #expect(!FileManager.default.fileExists(atPath: directory + "/o.sqlite"))
        // A store whose metadata reads but one of its pages is damaged: an error at the store, nothing written.
        let full = try #require(
            fixtures(
                bundle: Fixtures.sampleBundle, output: directory + "/g", versions: ["Library 3"],
                rows: 300
            ).stores.first)
        var bytes = try #require(FileManager.default.contents(atPath: full).map { [UInt8]($0) })
        let last = (bytes.count / 4096 - 1) * 4096
        bytes.replaceSubrange(last..<last + 64, with: [UInt8](repeating: 0xFF, count: 64))
        try Data(bytes).write(to: URL(fileURLWithPath: directory + "/damaged.sqlite"))
        let damaged = sanitizeStore(path: directory + "/damaged.sqlite", output: directory + "/o.sqlite")
        #expect(damaged.diagnostics.codes == [.storeUnreadable] && damaged.inputFailed, "\(damaged.diagnostics)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/o.sqlite"))
        // A damaged free list (found by fuzzing): the store reads, but a copy of it would not; SQLite's check refuses it.
        var freelist = try #require(FileManager.default.contents(atPath: full).map { [UInt8]($0) })
        freelist.replaceSubrange(32..<40, with: [0x65, 0x6C, 0x6C, 0x6E, 0, 0, 0, 5])
        try Data(freelist).write(to: URL(fileURLWithPath: directory + "/freelist.sqlite"))
        #expect(StoreReader.read(directory + "/freelist.sqlite").0 != nil, "the doctor still reads it")
        let refused = sanitizeStore(path: directory + "/freelist.sqlite", output: directory + "/o.sqlite")
        #expect(refused.diagnostics.codes == [.storeUnreadable], "\(refused.diagnostics)")
        #expect(refused.diagnostics.first?.message.contains("damaged") == true)
        #expect(!FileManager.default.fileExists(atPath: directory + "/o.sqlite"))
    }
}
