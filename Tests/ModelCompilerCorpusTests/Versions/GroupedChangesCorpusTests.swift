import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// Alike changes said once, on a real history (the unit tests: GroupedChangesTests).
@Suite struct GroupedChangesCorpusTests {
    /// The yardstick: Threema's 55-version history checks with at most 25 lines, each distinct, and
    /// `--history` still names every subject the summary covers.
    @Test(.needsShared) func threemasHistoryIsAHandfulOfDistinctFindings() throws {
        guard let shared = SharedFolder.require() else { return }
        let bundle =
            shared + "/corpus/threema-ch__threema-ios/ThreemaFramework/Persistence/Model/ThreemaData/"
            + "ThreemaData.xcdatamodeld"
        let summary = check(paths: [bundle]).diagnostics
        // 25 before #37, which found three true findings the analysis had hidden (two drops taken for prepared
        // retirements, and 'Message' made abstract after the first version), dropped none, and split one grouped
        // finding whose subjects are on different paths ('abRecordId' from the first version, the others from V31).
        // #38 added three about its mapping model beside it: the upgrades it covers, its drift, its subset hazard.
        // #49 folded those into two, said the four removals of V51 in one finding, and the removals on the upgrades
        // from the first two versions (which need a mapping model) in the findings that say so.
        #expect(summary.count <= 25, "\(summary.map(\.description).joined(separator: "\n"))")
        #expect(Set(summary.map { "\($0.code.rawValue) \($0.message)" }).count == summary.count)
        #expect(!summary.contains { $0.message.contains("rename of abFirstName") }, "abFirstName and csi are unrelated")
        let history = check(paths: [bundle], detail: .history).diagnostics
        let subjects = { (diagnostics: [Diagnostic]) in
            Set(diagnostics.filter { $0.code.rawValue.hasPrefix("migration-") }.flatMap(\.subjects))
        }
        #expect(subjects(summary) == subjects(history))
        #expect(
            subjects(summary).isSuperset(of: [
                "Contact.abFirstName", "Contact.abRecordId", "Tag",
                "ImageMessage.width",
            ]))
    }
}
