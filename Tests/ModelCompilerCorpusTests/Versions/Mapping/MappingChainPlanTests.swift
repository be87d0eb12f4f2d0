import Foundation
import Testing
@testable import ModelCompiler

/// #49: mapping models that chain the steps into the current version (objc.io's Moody: 2 -> 3 -> 4 -> 5 -> 6) are only
/// run by a step-by-step migration, since Core Data finds a mapping model for the exact pair only: such a bundle is
/// checked step by step unless openmomc.json chooses, and the upgrade-paths note says which plan and why.
@Suite(.needsShared) struct MappingChainPlanTests {
    static func note(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.with(.upgradePaths).first?.message ?? ""
    }

    @Test func aChainOfMappingModelsMakesThePlanStepByStep() throws {
        guard let moody = try MappingModelRuleTests.copy("objcio__core-data/Migrations/Migrations") else { return }
        defer { Fixtures.remove(moody.withoutLastPathComponent) }
        let bundle = moody + "/Moody.xcdatamodeld"
        let chained = check(paths: [bundle]).diagnostics
        #expect(
            Self.note(chained).contains("step by step")
                && Self.note(chained)
                    .contains("mapping models chain every step from 'Moody 2' to the current version"),
            "\(Self.note(chained))")
        // Direct upgrades from Moody 1 to 6 drop data the mapping models' steps carry: not said for a chained app.
        #expect(
            chained.filter { $0.code == .migrationDataDropped || $0.code == .migrationEntityDropped }.isEmpty,
            "\(chained)")
        // The team says the app opens older stores directly: those upgrades are checked, and said so.
        try #"{ "migration": "direct" }"#.write(toFile: moody + "/openmomc.json", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: moody + "/.git", withIntermediateDirectories: true)
        let direct = check(paths: [bundle], lookup: ConfigurationLookup()).diagnostics
        #expect(Self.note(direct).contains("directly from every earlier version"), "\(Self.note(direct))")
        #expect(direct.contains { $0.code == .migrationDataDropped }, "\(direct)")
    }

    /// One mapping model into the current version is a direct custom migration: the plan stays direct.
    @Test func oneMappingModelKeepsTheDirectPlan() throws {
        guard let moody = try MappingModelRuleTests.copy("objcio__core-data/Migrations/Migrations") else { return }
        defer { Fixtures.remove(moody.withoutLastPathComponent) }
        for hop in ["Moody 2-Moody 3", "Moody 3-Moody 4", "Moody 4-Moody 5"] {
            try FileManager.default.removeItem(atPath: moody + "/\(hop).xcmappingmodel")
        }
        let found = check(paths: [moody + "/Moody.xcdatamodeld"]).diagnostics
        #expect(Self.note(found).contains("directly from every earlier version"), "\(Self.note(found))")
    }
}
