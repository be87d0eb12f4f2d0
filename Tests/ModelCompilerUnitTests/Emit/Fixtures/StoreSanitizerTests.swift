import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// `store sanitize`: a copy safe to commit, with the same verdict and rows, no original text, the input unchanged.
@Suite struct StoreSanitizerTests {
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
