import Testing
@testable import ModelCompiler

/// Staged migration (SwiftData's plan) infers a run of lightweight stages as one upgrade: a run whose direct upgrade
/// does worse than its steps has its steps made stages of their own, judged on the real analysis.
@Suite struct StagedMigrationTests {
    static let title = #"<attribute name="title" optional="YES" attributeType="String"/>"#
    static let countWithDefault =
        #"<attribute name="count" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES"/>"#
    static let count = #"<attribute name="count" attributeType="Integer 32" usesScalarValueType="YES"/>"#
    static let pinned = #"<attribute name="pinned" optional="YES" attributeType="Boolean" usesScalarValueType="YES"/>"#

    static func separated(_ bodies: [String]) throws -> [MigrationReport?] {
        let models = try MigrationAnalyzerTests.models(bodies.map { "<entity name=\"Note\">\($0)</entity>" })
        let versions = models.map(VersionCompiler.compile)
        let report = { (source: CompiledVersion, target: CompiledVersion) in
            MigrationAnalyzer.analyze(from: source, to: target, history: models)
        }
        let hops = zip(versions, versions.dropFirst()).map(report)
        return StagedMigration.separated(versions: versions, hops: hops, report: report)
    }

    @Test func aRunWhoseDirectUpgradeFailsIsRunStepByStep() throws {
        // v1 -> v2 adds a required count with a default, v2 -> v3 drops the default: each step infers, v1 -> v3 not.
        let result = try Self.separated([
            Self.title, Self.title + Self.countWithDefault, Self.title + Self.count + Self.pinned,
        ])
        #expect(result.count == 2)
        #expect(result.allSatisfy { $0?.from == "v1" && $0?.to == "v3" && $0?.verdict == .notInferable })
    }

    @Test func aRunInferableInOneStaysLightweight() throws {
        let result = try Self.separated([
            Self.title, Self.title + Self.pinned, Self.title + Self.pinned + Self.countWithDefault,
        ])
        #expect(result.count == 2 && result.allSatisfy { $0 == nil })
    }

    @Test func aCustomStageEndsTheRun() throws {
        // v2 -> v3 drops 'title' (a custom stage): the runs are v1 -> v2 and v3 -> v4, each one hop, never judged as one.
        let result = try Self.separated([
            Self.title, Self.title + Self.countWithDefault, Self.countWithDefault, Self.count + Self.pinned,
        ])
        #expect(result.allSatisfy { $0 == nil }, "\(result.map { $0.map { "\($0.from)->\($0.to)" } })")
    }
}
