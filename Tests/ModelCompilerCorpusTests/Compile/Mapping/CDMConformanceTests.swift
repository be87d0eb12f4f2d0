import Foundation
import Testing
@testable import ModelCompiler

/// The mapping models in ../shared/mapping with the `.cdm` Apple's mapc compiled from each.
struct MappingVector: Sendable, CustomTestStringConvertible {
    var name: String
    var source: String
    var compiled: String
    var testDescription: String { name }

    static let all: [MappingVector] = [
        MappingVector(
            name: "CoreDataPlus V2toV3 (Custom, Copy, Add; typed expressions; inheritance)",
            source: "alemar11__CoreDataPlus/Tests/Resources/SampleModel/MappingModels/V2toV3.xcmappingmodel",
            compiled: "alemar11__CoreDataPlus/Tests/Resources/SampleModel/Fixtures/V2toV3.cdm"),
        MappingVector(
            name: "richardpiazza CoreDataPlus 1.0 to 1.1 (Transform; source key path)",
            source: "richardpiazza__CoreDataPlus/Tests/CoreDataPlusTests/Resources/Model_1_0_to_1_1.xcmappingmodel",
            compiled: "richardpiazza__CoreDataPlus/Tests/CoreDataPlusTests/Resources/Model_1_0_to_1_1.cdm_precompiled"),
    ]
}

/// Every `.cdm` compiled from the vectors is structurally identical to Apple's: the same objects with the same
/// classes, keys and values, ignoring object order (and a dictionary's entry order, which is a hash table's).
@Suite struct CDMConformanceTests {
    @Test(.needsShared, arguments: MappingVector.all)
    func everyMappingModelMatchesApple(_ vector: MappingVector) throws {
        guard let shared = SharedFolder.require() else { return }
        let run = MappingModelRun(path: shared + "/mapping/" + vector.source)
        #expect(run.diagnostics.isEmpty, "\(run.diagnostics)")
        let ours = try KeyedArchive(bytes: try #require(run.cdm))
        let apple = try KeyedArchive(
            bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: shared + "/mapping/" + vector.compiled))))
        let appleLines = ArchiveDump.lines(apple)
        let difference = MOMConformanceTests.firstDifference(ArchiveDump.lines(ours), appleLines)
        // Every entity mapping and every property mapping is in the comparison.
        let mappings = try #require(run.compiled).entityMappings
        #expect(appleLines.filter { $0.value == "NSEntityMapping" }.count == mappings.count)
        let properties = mappings.reduce(0) { $0 + $1.attributeMappings.count + $1.relationshipMappings.count }
        #expect(appleLines.filter { $0.value == "NSPropertyMapping" }.count == properties)
        #expect(difference == nil, "\(vector.name): \(difference ?? "")")
    }

    /// The hashes mapc wrote are those of the snapshots, and equal the ones Apple's momc wrote for the versions the
    /// mapping model was made from (the VersionInfo.plist beside them).
    @Test(.needsShared) func snapshotHashesAreTheVersionsHashes() throws {
        guard let shared = SharedFolder.require() else { return }
        let base = shared + "/mapping/alemar11__CoreDataPlus/Tests/Resources/SampleModel/"
        let run = MappingModelRun(path: base + "MappingModels/V2toV3.xcmappingmodel")
        let compiled = try #require(run.compiled)
        let info = try VersionInfo(
            propertyList: XMLPropertyListReader.readAny(
                [UInt8](Data(contentsOf: URL(fileURLWithPath: base + "Fixtures/SampleModel.momd/VersionInfo.plist"))),
                path: "VersionInfo.plist"))
        #expect(compiled.sourceHashes == info.versionHashes["SampleModel2"])
        #expect(compiled.destinationHashes == info.versionHashes["SampleModel3"])
        #expect(compiled.sourceHashes.count == 4 && compiled.destinationHashes.count == 5)
    }
}
