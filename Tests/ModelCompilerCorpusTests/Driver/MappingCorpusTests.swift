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

    /// Checked with the bundle beside it, every corpus mapping model names the upgrades it covers or is reported
    /// stale with the reason, in one finding at its own file.
    @Test(.needsShared) func everyCorpusMappingModelNamesItsHopOrIsStale() throws {
        guard let shared = SharedFolder.require() else { return }
        var checked = Set<String>()
        for path in Self.corpusMappingModels(shared) {
            let folder = path.withoutLastPathComponent
            let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            let bundle = try #require(names.first { $0.hasSuffix(".xcdatamodeld") }, "\(path) has no bundle beside it")
            if checked.insert(folder).inserted == false { continue }
            let result = check(paths: [folder + "/" + bundle])
            for mappingModel in Self.corpusMappingModels(shared) where mappingModel.withoutLastPathComponent == folder {
                let file = mappingModel + "/xcmapping.xml"
                let findings = result.diagnostics.filter {
                    $0.location.file == file && [.mappingModelHops, .mappingModelStale].contains($0.code)
                }
                #expect(findings.count == 1, "\(mappingModel): \(findings)")
                #expect(findings.first?.message.hasPrefix("'\(mappingModel.lastPathComponent)' ") == true)
            }
        }
        #expect(checked.count == 3)
    }
}
