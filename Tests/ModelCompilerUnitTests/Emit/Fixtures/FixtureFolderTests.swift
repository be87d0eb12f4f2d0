import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// The fixtures folder is swapped whole for one staged beside it: whatever else it holds stays as it was, stale
/// companions of the stores written do not survive, and where the folder cannot be swapped the run says so.
@Suite struct FixtureFolderTests {
    static func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }

    @Test func everythingElseInTheFolderStaysAsItWas() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let out = directory + "/out"
        let manager = FileManager.default
        try manager.createDirectory(atPath: out + "/keep/deeper", withIntermediateDirectories: true)
        try "notes".write(toFile: out + "/notes.txt", atomically: true, encoding: .utf8)
        try "deep".write(toFile: out + "/keep/deeper/a.txt", atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: out + "/link", withDestinationPath: "notes.txt")
        // Another version's fixture, not written this time, and a stale -wal of one that is.
        try "older".write(toFile: out + "/Library 3.sqlite", atomically: true, encoding: .utf8)
        try "stale".write(toFile: out + "/Library.sqlite-wal", atomically: true, encoding: .utf8)
        #expect(chmod(out, 0o750) == 0)
        let result = fixtures(bundle: Fixtures.sampleBundle, output: out, rows: 3)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(
            try manager.contentsOfDirectory(atPath: out).sorted() == [
                "Library 2.expected.json", "Library 2.sqlite", "Library 3.sqlite", "Library.expected.json",
                "Library.sqlite", "keep", "link", "notes.txt",
            ])
        #expect(try String(contentsOfFile: out + "/keep/deeper/a.txt", encoding: .utf8) == "deep")
        #expect(try manager.destinationOfSymbolicLink(atPath: out + "/link") == "notes.txt")
        #expect(try String(contentsOfFile: out + "/link", encoding: .utf8) == "notes")
        #expect(try String(contentsOfFile: out + "/Library 3.sqlite", encoding: .utf8) == "older")
        var status = stat()
        #expect(stat(out, &status) == 0 && status.st_mode & 0o7777 == 0o750, "the folder keeps its permissions")
        // Nothing staged is left beside it or in it.
        #expect(try manager.contentsOfDirectory(atPath: directory) == ["out"])
    }

    /// A folder reached through a symbolic link: the link stays, the folder it names gets the fixtures.
    @Test func aLinkedFolderStaysLinked() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        try FileManager.default.createDirectory(atPath: directory + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory + "/out", withDestinationPath: "real")
        let result = fixtures(bundle: Fixtures.sampleBundle, output: directory + "/out", rows: 2)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/out") == "real")
        #expect(FileManager.default.fileExists(atPath: directory + "/real/Library.expected.json"))
    }

    /// A folder that holds the model is never swapped (that would copy the project): each pair is moved in, and
    /// the run says so.
    @Test func aFolderHoldingTheModelIsFilledOneVersionAtATime() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = directory + "/Library.xcdatamodeld"
        try FileManager.default.copyItem(atPath: Fixtures.sampleBundle, toPath: bundle)
        try "stale".write(toFile: directory + "/Library.sqlite-wal", atomically: true, encoding: .utf8)
        let first = fixtures(bundle: bundle, output: directory, rows: 2)
        #expect(first.diagnostics.codes == [.fixturesReplacedOneByOne], "\(first.diagnostics)")
        #expect(first.diagnostics.first?.message.contains("it holds the model") == true)
        let again = fixtures(bundle: bundle, output: directory, rows: 2, seed: 2)
        #expect(again.stores.count == 2)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [
                "Library 2.expected.json", "Library 2.sqlite", "Library.expected.json", "Library.sqlite",
                "Library.xcdatamodeld",
            ])
        // The pair of the second run, together.
        let fresh = directory + "/fresh"
        _ = fixtures(bundle: bundle, output: fresh, rows: 2, seed: 2)
        for name in ["Library.sqlite", "Library.expected.json", "Library 2.sqlite"] {
            #expect(Self.bytes(directory + "/" + name) == Self.bytes(fresh + "/" + name), "\(name)")
        }
    }
}
