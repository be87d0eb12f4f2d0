import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// #50: no output may be what a verb reads, however the path is spelled, nor a store's companion, nor a special
/// file; each refusal exits 2 naming both paths and leaves every input's bytes as they were.
@Suite struct OutputPathGuardTests {
    /// A scratch folder holding a copy of the sample bundle and of its store.
    static func scratch() throws -> (folder: String, bundle: String, store: String) {
        let folder = try Fixtures.temporaryDirectory()
        let manager = FileManager.default
        try manager.copyItem(atPath: Fixtures.sampleBundle, toPath: folder + "/Library.xcdatamodeld")
        try manager.copyItem(
            atPath: Fixtures.packageRoot + "/SampleModels/Library 2.sqlite", toPath: folder + "/Library 2.sqlite")
        return (folder, folder + "/Library.xcdatamodeld", folder + "/Library 2.sqlite")
    }

    static func refused(_ diagnostics: [Diagnostic], naming input: String) -> Bool {
        diagnostics.contains { $0.code == .outputRefused && $0.message.contains(input) }
    }

    @Test func theStoreIsNeverTheSanitizedOutputHoweverItIsSpelled() throws {
        let (folder, _, store) = try Self.scratch()
        defer { Fixtures.remove(folder) }
        try "wal".write(toFile: store + "-wal", atomically: true, encoding: .utf8)
        let before = try FileTree.contents(folder)
        let parent = (folder as NSString).lastPathComponent
        #expect(link(store, folder + "/hard.sqlite") == 0)
        // The -wal under another name (as another case of its name is on a case-insensitive volume).
        #expect(link(store + "-wal", folder + "/other-name") == 0)
        try FileManager.default.createSymbolicLink(atPath: folder + "/soft.sqlite", withDestinationPath: store)
        let spellings = [
            store, folder + "/./Library 2.sqlite", folder + "/../" + parent + "/Library 2.sqlite",
            folder + "/hard.sqlite", folder + "/soft.sqlite", folder + "/other-name", store + "-wal", store + "-shm",
            store + "-journal", folder + "/.Library 2_SUPPORT/_EXTERNAL_DATA/x",
        ]
        for output in spellings {
            let result = sanitizeStore(path: store, output: output)
            #expect(
                result.inputFailed && Self.refused(result.diagnostics, naming: store),
                "\(output): \(result.diagnostics)")
        }
        var after = try FileTree.contents(folder)
        (after["hard.sqlite"], after["soft.sqlite"], after["other-name"]) = (nil, nil, nil)
        #expect(after == before, "an input changed")
    }

    @Test func aSpecialFileIsNeverReplaced() throws {
        let (folder, bundle, store) = try Self.scratch()
        defer { Fixtures.remove(folder) }
        let fifo = folder + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let sanitized = sanitizeStore(path: store, output: fifo)
        #expect(sanitized.inputFailed && sanitized.diagnostics.first?.message.contains("is a FIFO") == true)
        let drawn = diagram(input: bundle, output: fifo, format: .dot)
        #expect(drawn.inputFailed && drawn.diagnostics.codes == [.outputRefused])
        #expect(OutputPathGuard.special("/dev/null") == "a device")
        #expect(OutputPathGuard.special(fifo) == "a FIFO")
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the FIFO is still a FIFO")
    }

    @Test func noVerbWritesIntoTheModelItReads() throws {
        let (folder, bundle, _) = try Self.scratch()
        defer { Fixtures.remove(folder) }
        let before = try FileTree.contents(bundle)
        let contents = bundle + "/Library 3.xcdatamodel/contents"
        let drawn = diagram(input: bundle, output: contents, format: .dot)
        #expect(drawn.inputFailed && Self.refused(drawn.diagnostics, naming: bundle), "\(drawn.diagnostics)")
        let pointer = historyDiagram(input: bundle, output: bundle + "/.xccurrentversion", format: .mermaid)
        #expect(pointer.inputFailed && pointer.diagnostics.codes == [.outputRefused])
        let compiled = compile(input: bundle, outputDirectory: bundle + "/Library 3.xcdatamodel")
        #expect(
            compiled.inputFailed && compiled.outputPath == nil && Self.refused(compiled.diagnostics, naming: bundle))
        let generated = generate(input: bundle, outputDirectory: bundle)
        #expect(
            generated.inputFailed && generated.written.isEmpty && Self.refused(generated.diagnostics, naming: bundle))
        let fixtures = ModelCompiler.fixtures(bundle: bundle, output: bundle + "/Library.xcdatamodel")
        #expect(fixtures.inputFailed && fixtures.stores.isEmpty && Self.refused(fixtures.diagnostics, naming: bundle))
        #expect(try FileTree.contents(bundle) == before, "the model changed")
        // Beside the model, everything is written as before.
        #expect(compile(input: bundle, outputDirectory: folder + "/out").outputPath != nil)
    }

    @Test func mapcNeverWritesOverItsMappingModel() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(folder) }
        let mapping = folder + "/NotesToNotes2.xcmappingmodel"
        try FileManager.default.copyItem(
            atPath: StoreVerdictMappingTests.example + "/NotesToNotes2.xcmappingmodel",
            toPath: mapping)
        let before = try FileTree.contents(mapping)
        let result = compile(input: mapping, outputDirectory: mapping, outputName: "xcmapping.xml")
        #expect(result.inputFailed && Self.refused(result.diagnostics, naming: mapping), "\(result.diagnostics)")
        #expect(try FileTree.contents(mapping) == before)
    }

    /// A stale `-wal` beside an earlier output would be replayed onto the new store: it goes with the replacement.
    @Test func writingAStoreOverAnotherRemovesItsStaleCompanions() throws {
        let (folder, bundle, store) = try Self.scratch()
        defer { Fixtures.remove(folder) }
        let output = folder + "/fixtures"
        #expect(
            ModelCompiler.fixtures(bundle: bundle, output: output, versions: ["Library 2"], rows: 3).stores.count == 1)
        for suffix in ["-wal", "-shm", "-journal"] {
            try "stale".write(toFile: output + "/Library 2.sqlite" + suffix, atomically: true, encoding: .utf8)
        }
        #expect(
            ModelCompiler.fixtures(bundle: bundle, output: output, versions: ["Library 2"], rows: 3).stores.count == 1)
        for suffix in ["-wal", "-shm", "-journal"] {
            #expect(
                !FileManager.default.fileExists(atPath: output + "/Library 2.sqlite" + suffix), "\(suffix) survived")
        }
        let sanitized = folder + "/clean.sqlite"
        #expect(sanitizeStore(path: store, output: sanitized).outputPath != nil)
        try "stale".write(toFile: sanitized + "-wal", atomically: true, encoding: .utf8)
        #expect(sanitizeStore(path: store, output: sanitized).outputPath != nil)
        #expect(!FileManager.default.fileExists(atPath: sanitized + "-wal"))
        #expect(ModelCompiler.store(path: sanitized, models: [bundle]).report?.writtenBy == ["Library 2"])
    }
}
