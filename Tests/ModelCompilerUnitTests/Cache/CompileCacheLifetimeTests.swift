import Foundation
import Testing
@testable import ModelCompiler

/// What the compile cache keeps and where: entries belong to one openmomc build, are removed with their versions,
/// and a cache that cannot be written, or would be written inside the model, changes nothing else.
@Suite struct CompileCacheLifetimeTests {
    @Test func anotherOpenmomcMissesEveryEntry() throws {
        let setup = try CompileCacheTests.Setup()
        defer { Fixtures.remove(setup.directory) }
        _ = try setup.compile(cache: setup.cache(tool: "openmomc 0.1.0 build A"))
        #expect(
            (try setup.compile(cache: setup.cache(tool: "openmomc 0.1.0 build B"))).archived
                == CompileCacheTests.versions)
        // A tool that cannot tell which build it is neither reads nor writes.
        let unidentified = try CompileCacheTests.Setup()
        defer { Fixtures.remove(unidentified.directory) }
        #expect((try unidentified.compile(cache: unidentified.cache(tool: nil))).archived == CompileCacheTests.versions)
        #expect(unidentified.entries.isEmpty)
    }

    @Test func entriesOfVersionsNoLongerInTheModelAreRemoved() throws {
        let setup = try CompileCacheTests.Setup()
        defer { Fixtures.remove(setup.directory) }
        _ = try setup.compile(cache: setup.cache())
        let folder = (setup.entries[0] as NSString).deletingLastPathComponent
        let stray = folder + "/0123456789abcdef.version"
        try Data("old".utf8).write(to: URL(fileURLWithPath: stray))
        _ = try setup.compile(cache: setup.cache())
        #expect(!FileManager.default.fileExists(atPath: stray))
        #expect(setup.entries.count == 3)
    }

    @Test func aCacheThatCannotBeWrittenOnlyCostsTime() throws {
        let setup = try CompileCacheTests.Setup()
        defer { Fixtures.remove(setup.directory) }
        let plain = try setup.compile(cache: nil)
        try Data("a file, not a folder".utf8).write(to: URL(fileURLWithPath: setup.cacheFolder))
        let blocked = try setup.compile(cache: setup.cache())
        #expect(blocked.files == plain.files)
        #expect(blocked.archived == CompileCacheTests.versions)
    }

    @Test func aCacheInsideTheModelIsRefused() throws {
        let setup = try CompileCacheTests.Setup()
        defer { Fixtures.remove(setup.directory) }
        let before = try FileManager.default.subpathsOfDirectory(atPath: setup.bundle).sorted()
        // A link beside the model that leads into it counts as inside.
        let link = setup.directory + "/link"
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: setup.bundle + "/Library.xcdatamodel")
        for inside in [
            setup.bundle + "/cache", setup.bundle, setup.bundle + "/Library.xcdatamodel/../x", link + "/cache",
        ] {
            let result = ModelCompiler.compile(
                input: setup.bundle, outputDirectory: setup.directory + "/out",
                cache: CompileCache(directory: inside, tool: "t"))
            #expect(result.inputFailed)
            #expect(
                result.diagnostics.contains { $0.code == .invalidArgument && $0.message.contains("inside the model") })
        }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: setup.bundle).sorted() == before)
    }
}
