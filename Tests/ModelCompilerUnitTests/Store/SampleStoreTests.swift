import Foundation
import Testing
@testable import ModelCompiler

/// `SampleModels/Library 2.sqlite`, the store the README's `store` example reads: written by this test's fixture
/// writer in Core Data's layout (not by Core Data) as version `Library 2` would. Regenerate it with
/// `OPENMOMC_UPDATE_SAMPLE_STORE=1 swift test --filter SampleStoreTests`.
@Suite struct SampleStoreTests {
    static let path = Fixtures.sampleBundle.replacingOccurrences(of: "/Library.xcdatamodeld", with: "/Library 2.sqlite")

    @Test func theSampleStoreIsLibrary2sAndMigratesToTheCurrentVersion() throws {
        let (pipeline, _) = BundlePipeline.run(Fixtures.sampleBundle)
        let library2 = try #require(pipeline?.version(named: "Library 2"))
        if ProcessInfo.processInfo.environment["OPENMOMC_UPDATE_SAMPLE_STORE"] == "1" {
            try? FileManager.default.removeItem(atPath: Self.path)
            try StoreFixture(writtenBy: library2, rows: 2).write(to: Self.path)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: Self.path))
        let result = store(path: Self.path, models: [Fixtures.sampleBundle])
        #expect(try Data(contentsOf: URL(fileURLWithPath: Self.path)) == before)
        #expect(!FileManager.default.fileExists(atPath: Self.path + "-shm"), "no -shm beside the committed store")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.match?.writtenBy.map { $0.map(\.version) } == [["Library 2"]])
        guard case .opensAfterMigration(let from, _)? = result.verdict else {
            Issue.record("\(String(describing: result.verdict))")
            return
        }
        #expect(from == "Library 2")
    }

    /// A support engineer may have only the app's compiled model: a `.momd` (or one `.mom`) works as `--model` too.
    @Test func theCompiledModelFromTheAppBundleMatchesAsTheSourceDoes() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        #expect(compile(input: Fixtures.sampleBundle, outputDirectory: directory).outputPath != nil)
        let result = store(path: Self.path, models: [directory + "/Library.momd"])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.match?.writtenBy.map { $0.map(\.version) } == [["Library 2"]])
        #expect(result.currentVersions.map(\.version) == ["Library 3"], "the current version VersionInfo.plist names")
        guard case .opensAfterMigration(let from, _)? = result.verdict else {
            Issue.record("\(String(describing: result.verdict))")
            return
        }
        #expect(from == "Library 2")
        let lone = store(path: Self.path, models: [directory + "/Library.momd/Library 2.mom"])
        guard case .opensAsIs? = lone.verdict else {
            Issue.record(
                "a lone .mom of the writing version opens the store as is: \(String(describing: lone.verdict))")
            return
        }
        let broken = directory + "/Broken.momd"
        try FileManager.default.createDirectory(atPath: broken, withIntermediateDirectories: true)
        try Data("no archive".utf8).write(to: URL(fileURLWithPath: broken + "/Broken.mom"))
        #expect(store(path: Self.path, models: [broken]).diagnostics.codes == [.unreadableFile])
    }
}
