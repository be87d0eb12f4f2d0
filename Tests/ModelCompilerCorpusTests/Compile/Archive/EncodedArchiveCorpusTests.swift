import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// The direct archive writer against the tree writer on every conformance model (the unit tests: EncodedArchiveTests).
@Suite struct EncodedArchiveCorpusTests {
    @Test(.needsShared, arguments: ConformanceVector.all)
    func everyConformanceModelEncodesAsTheTreeDoes(_ vector: ConformanceVector) throws {
        guard let shared = SharedFolder.require() else { return }
        let models = try #require(checkBundle(at: shared + "/conformance/" + vector.source).0).models
        #expect(!models.isEmpty)
        for model in models {
            let (graph, root) = ModelArchiver.graph(for: model)
            let (direct, tree) = KeyedArchiveWriter.bothWays(graph, root)
            #expect(direct == tree, "\(model.versionName)")
            #expect(direct == ModelArchiver.momData(for: model), "\(model.versionName)")
        }
    }
}
