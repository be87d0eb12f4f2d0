import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// Every corpus and conformance model archived and read back (the unit tests: RoundTripTests).
@Suite struct RoundTripCorpusTests {
    @Test(.needsShared) func everyCorpusAndConformanceModelRoundTrips() throws {
        guard let shared = SharedFolder.require() else { return }
        let result = check(paths: [shared + "/corpus", shared + "/conformance"])
        var count = 0
        for bundle in result.bundles {
            for model in bundle.models {
                count += 1
                let difference = try RoundTripFixtures.firstDifference(model)
                #expect(difference == nil, "\(model.file): \(difference ?? "")")
            }
        }
        #expect(count >= 219)
    }
}
