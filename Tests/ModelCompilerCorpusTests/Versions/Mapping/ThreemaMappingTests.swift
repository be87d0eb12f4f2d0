import Foundation
import Testing
@testable import ModelCompiler

/// Threema's real migration plan, as #38 reads it by hand: one mapping model from its first version, made for
/// 'ThreemaDataV5', whose three mapped entities hash the same from V4 to V9 (the index flags V7 adds are not in a
/// version hash), so Core Data would also pick it for those upgrades.
@Suite struct ThreemaMappingTests {
    static let folder = "threema-ch__threema-ios/ThreemaFramework/Persistence/Model/ThreemaData"

    @Test(.needsShared) func itsMappingModelCoversTheFirstVersionToV4ThroughV9() throws {
        guard let copy = try MappingModelRuleTests.copy(Self.folder) else { return }
        defer { Fixtures.remove(copy.withoutLastPathComponent) }
        let result = check(paths: [copy + "/ThreemaData.xcdatamodeld"])
        let at = copy + "/ThreemaData.xcmappingmodel/xcmapping.xml"
        // One note and one warning at the mapping model: what it maps with the drift in an entity it does not map,
        // and the subset hazard (#49).
        let hops = MappingModelRuleTests.findings(result, .mappingModelHops)
        #expect(hops.count == 1)
        #expect(
            hops.first?.message.hasPrefix(
                "'ThreemaData.xcmappingmodel' maps 'ThreemaData' -> "
                    + (4...9).map { "'ThreemaDataV\($0)'" }.joined(separator: ", ")
                    + "; the destination snapshot differs from "
                    + "'ThreemaDataV5' in entities it does not map: 'LocationMessage'") == true, "\(hops)")
        #expect(hops.map(\.location.file) == [at])
        #expect(MappingModelRuleTests.findings(result, .mappingModelStale).isEmpty)
        #expect(MappingModelRuleTests.findings(result, .mappingModelDrift).isEmpty, "said with the hops")
        #expect(result.diagnostics.filter { $0.location.file == at }.count == 2)
        let hazard = MappingModelRuleTests.findings(result, .mappingModelSubsetHazard)
        #expect(hazard.count == 1 && hazard[0].severity == .warning)
        #expect(hazard.first?.message.contains("also matches upgrades to 'ThreemaDataV4', 'ThreemaDataV6'") == true)
        // Its upgrade is a custom migration now: the attribute-to-relationship change from the first version is
        // the mapping model's to make (only 'ThreemaDataV2', which no mapping model covers, still fails).
        let kindChanges = result.diagnostics.filter { $0.code == .migrationKindChange }
        #expect(!kindChanges.contains { $0.upgradingFrom.contains("ThreemaData") })
    }

    /// `mark-shipped --all` and `"migration": "step-by-step"`: the real plan is checked, the hop named, and the
    /// one route that breaks ('ThreemaDataV2' -> 'ThreemaDataV3', which no mapping model covers) is reported there,
    /// as history: both versions shipped, so it never fails the build, and its advice is a mapping model.
    @Test(.needsShared) func stepByStepTheRouteTakesTheHop() throws {
        guard let copy = try MappingModelRuleTests.copy(Self.folder) else { return }
        defer { Fixtures.remove(copy.withoutLastPathComponent) }
        let bundle = copy + "/ThreemaData.xcdatamodeld"
        #expect(!markShipped(bundle: bundle, all: true).diagnostics.hasErrors)
        let configurationPath = copy + "/openmomc.json"
        try #"{"migration": "step-by-step"}"#.write(toFile: configurationPath, atomically: true, encoding: .utf8)
        let configuration = try BuildConfiguration.read(configurationPath).get()
        let result = check(paths: [bundle], plan: configuration.plan)
        let paths = MappingModelRuleTests.findings(result, .upgradePaths).map(\.message)
        #expect(paths.count == 1)
        #expect(
            paths.first?.contains(
                "with mapping models: from 'ThreemaData' via 'ThreemaData.xcmappingmodel' "
                    + "(to 'ThreemaDataV5')") == true, "\(paths)")
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.filter { $0.severity == .error })")
        let breaks = result.diagnostics.filter { $0.message.contains("cannot reach") }
        #expect(breaks.count == 1, "\(breaks)")
        #expect(
            breaks.first?.message.contains(
                "a store of 'ThreemaDataV2' cannot reach 'ThreemaDataV55' step by step: "
                    + "'ThreemaDataV2' -> 'ThreemaDataV3' cannot be inferred") == true)
        #expect(breaks.first?.message.contains("add one, or set \"oldestSupportedVersion\" past it") == true)
        #expect(breaks.first?.severity == .note && breaks.first?.isHistory == true)
        #expect(breaks.first?.location.file.hasSuffix("ThreemaDataV3.xcdatamodel/contents") == true)
    }
}
