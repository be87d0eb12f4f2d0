import Foundation
import Testing
@testable import ModelCompiler

/// Every mapping model in the corpus reads, compiles and reads back as a mapping model.
@Suite struct MappingCorpusTests {
    static func corpusMappingModels(_ shared: String) -> [String] {
        let root = shared + "/corpus"
        let enumerator = FileManager.default.enumerator(atPath: root)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".xcmappingmodel") { found.append(root + "/" + path) }
        }
        return found.sorted()
    }

    @Test(.needsShared) func everyCorpusMappingModelCompiles() throws {
        guard let shared = SharedFolder.require() else { return }
        let paths = Self.corpusMappingModels(shared)
        #expect(paths.count == 6)
        for path in paths {
            let run = MappingModelRun(path: path)
            #expect(!run.diagnostics.hasErrors, "\(path): \(run.diagnostics)")
            let cdm = try #require(run.cdm, "\(path)")
            let archive = try KeyedArchive(bytes: cdm)
            #expect(archive.className(of: archive.rootUID) == "NSMappingModel")
            let mappings = try #require(run.compiled).entityMappings
            #expect(!mappings.isEmpty)
            #expect(ArchiveDump.lines(archive).filter { $0.value == "NSEntityMapping" }.count == mappings.count)
        }
    }

    /// Threema's mapping model is the spec's example: three of its seven entity mappings are reachable (the rest
    /// are orphans Xcode left), one of them named by the user.
    @Test(.needsShared) func threemasOrphansAreIgnored() throws {
        guard let shared = SharedFolder.require() else { return }
        let path = try #require(Self.corpusMappingModels(shared).first { $0.hasSuffix("/ThreemaData.xcmappingmodel") })
        let run = MappingModelRun(path: path)
        let names = try #require(run.compiled).entityMappings.map(\.name)
        #expect(names.count == 3 && names.contains("MessageToTextMessage"), "\(names)")
        #expect(run.model?.sourceVersionName == "ThreemaData" && run.model?.destinationVersionName == "ThreemaDataV5")
    }
}
