import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// The migration analysis over every corpus bundle (the unit tests of its rules: MigrationAnalyzerTests).
@Suite struct MigrationAnalyzerCorpusTests {
    /// `check` asks only for the changes that drop data or fail, and the analysis skips matched properties that cannot
    /// have one: what it reports must be exactly those of the full analysis, on every upgrade path of the corpus.
    @Test(.needsShared) func theChangesACheckAsksForAreThoseOfTheFullAnalysis() throws {
        guard let shared = SharedFolder.require() else { return }
        let result = check(paths: [shared + "/corpus", shared + "/conformance"])
        var paths = 0, reported = 0
        for bundle in result.bundles where bundle.compiled.count > 1 {
            let models = bundle.compiled.map(\.model)
            for target in [bundle.compiled.count - 1, bundle.compiled.count / 2] {
                for source in bundle.compiled.indices where source != target {
                    let from = bundle.compiled[source], to = bundle.compiled[target]
                    func key(_ change: MigrationChange) -> String {
                        "\(change.verdict) \(change.code) \(change.subject) \(change.location) \(change.message)"
                    }
                    let full = MigrationAnalyzer.analyze(from: from, to: to, history: models).changes
                    let asked = MigrationAnalyzer.analyze(
                        from: from, to: to, history: models,
                        destinationIndex: StoredProperties(to.model),
                        lowestVerdict: .dataLoss
                    ).changes
                    #expect(
                        asked.map(key) == full.filter { $0.verdict >= .dataLoss }.map(key),
                        "\(from.versionName) -> \(to.versionName) in \(bundle.source.path)")
                    paths += 1
                    reported += asked.count
                }
            }
        }
        #expect(paths > 300 && reported > 50, "\(paths) paths, \(reported) changes")
    }

    @Test(.needsShared) func everyCorpusBundleGetsAReport() throws {
        guard let shared = SharedFolder.require() else { return }
        let result = check(paths: [shared + "/corpus"])
        var reports = 0
        for bundle in result.bundles where bundle.source.layout == .versionedBundle && bundle.models.count > 1 {
            let report = diff(bundle: bundle.source.path)
            #expect(!report.reports.isEmpty, "\(bundle.source.path)")
            reports += report.reports.count
        }
        #expect(reports > 100)
    }
}
