import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// Unknown renaming IDs found both ways on the corpus (the unit tests: UnknownRenamingIdentifiersTests).
@Suite struct UnknownRenamingIdentifiersCorpusTests {
    /// On every bundle of the corpus, both ways agree.
    @Test(.needsShared) func bothWaysAgreeOnTheCorpus() throws {
        guard let shared = SharedFolder.require() else { return }
        let result = check(paths: [shared + "/corpus", shared + "/conformance"])
        var histories = 0, findings = 0
        for bundle in result.bundles where bundle.compiled.count > 1 {
            let (scanned, indexed) = RenamingIdentifierFixtures.findings(bundle.compiled.map(\.model))
            #expect(indexed == scanned, "\(bundle.source.path)")
            histories += 1
            findings += scanned.count
        }
        #expect(histories > 10 && findings > 0, "\(histories) histories, \(findings) findings")
    }
}
