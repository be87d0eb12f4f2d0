import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// Every shared XML version through the compile cache's byte form (the unit tests: ModelCodingTests).
@Suite struct ModelCodingCorpusTests {
    @Test(.needsShared) func everySharedXMLVersionComesBackEqual() throws {
        guard let shared = SharedFolder.require() else { return }
        let result = check(paths: [shared + "/corpus", shared + "/conformance"])
        var compared = 0, binary = 0
        for model in result.bundles.flatMap(\.models) {
            guard let file = ModelCodingFixtures.sourceFile(of: model), file.labels.isEmpty else {
                // An Xcode 3 binary version has no XML to point into: the cache keeps no model for it.
                #expect(ModelEncoding.encode(model) == nil)
                binary += 1
                continue
            }
            let (decoded, bytes) = try ModelCodingFixtures.roundTrip(model)
            #expect(decoded == model, "\(model.file)")
            #expect(ModelEncoding.encode(decoded) == bytes, "\(model.file)")
            // What the analysis and the generator read, compared as they see it (a location is worked out lazily).
            #expect(
                decoded.entities.flatMap { $0.properties.map(\.location) }
                    == model.entities.flatMap { $0.properties.map(\.location) })
            compared += 1
        }
        #expect(compared >= 210 && binary == 9)
    }
}
