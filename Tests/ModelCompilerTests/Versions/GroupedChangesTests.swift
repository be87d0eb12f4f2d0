import Foundation
import Testing
@testable import ModelCompiler

/// `check` says alike changes once: an entity's properties retired at one version are one finding that names
/// each, with every subject kept as data; `--history`, `diff` and acknowledgements still see each change.
@Suite struct GroupedChangesTests {
    static let retired =
        #"\#n        <attribute name="legacyA" optional="YES" attributeType="String"/>"#
        + #"\#n        <attribute name="legacyB" optional="YES" attributeType="Integer 32" usesScalarValueType="YES"/>"#

    @Test func anEntitysRetiredPropertiesAreOneFindingThatNamesEach() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let versions = [
            FindingDetailTests.version(Self.retired), FindingDetailTests.version(Self.retired),
            FindingDetailTests.version(),
        ]
        let bundle = try FindingDetailTests.bundle(versions, in: directory)
        let dropped = check(paths: [bundle]).diagnostics.with(.migrationDataDropped)
        #expect(dropped.count == 1)
        let finding = try #require(dropped.first)
        #expect(
            finding.message == "'A.legacyA' and 'A.legacyB' are removed: their data is dropped from every A row: "
                + "column ZLEGACYA and column ZLEGACYB; if it matters, ship an interim version that declares both the old "
                + "and the new attributes and copies the data, then retire them; if the drop is intended, record each with "
                + "`openmomc acknowledge --reason \"...\" \(bundle) <subject>` (upgrading from 'M', 'M 2')")
        #expect(finding.location.file == bundle + "/M 2.xcdatamodel/contents" && finding.location.line == 6)
        #expect(finding.subjects == ["A.legacyA", "A.legacyB"] && finding.upgradingFrom == ["M", "M 2"])
        #expect(DiagnosticRenderer.json([finding]).contains(#""subjects" : ["#))
        #expect(check(paths: [bundle], detail: .history).diagnostics.with(.migrationDataDropped).count == 4)

        // Acknowledging one leaves the other, said on its own.
        #expect(!acknowledge(bundle: bundle, subject: "A.legacyA", reason: "unused since 2.0").diagnostics.hasErrors)
        let rest = check(paths: [bundle]).diagnostics.with(.migrationDataDropped)
        #expect(rest.map(\.subjects) == [["A.legacyB"]])
        #expect(rest.first?.message.hasPrefix("'A.legacyB' is removed: column ZLEGACYB of every A row") == true)
    }

    @Test func removalsSeenAtDifferentVersionsOrInDifferentEntitiesStayApart() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let one = #"\#n        <attribute name="legacyA" optional="YES" attributeType="String"/>"#
        // legacyA is last in M, legacyB in M 2: two version steps, two findings.
        let second = #"\#n        <attribute name="legacyB" optional="YES" attributeType="String"/>"#
        let bundle = try FindingDetailTests.bundle(
            [
                FindingDetailTests.version(one + second),
                FindingDetailTests.version(second), FindingDetailTests.version(),
            ],
            in: directory)
        let dropped = check(paths: [bundle]).diagnostics.with(.migrationDataDropped)
        #expect(Set(dropped.map(\.subjects)) == [["A.legacyA"], ["A.legacyB"]])
    }

    @Test(arguments: [
        ([String](), ""), (["a"], "a"), (["a", "b"], "a and b"), (["a", "b", "c"], "a, b and c"),
    ])
    func listsReadAsEnglish(_ items: [String], _ text: String) {
        #expect(GroupedChanges.list(items) == text)
    }

    /// The issue's yardstick: Threema's 55-version history checks with at most 25 lines, each distinct, and
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
        #expect(summary.count <= 30, "\(summary.map(\.description).joined(separator: "\n"))")
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

    /// Subjects on different upgrade paths are not said together: each grouped finding's paths are every subject's own.
    @Test func subjectsOnDifferentPathsAreNotGrouped() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let a = #"\#n        <attribute name="legacyA" optional="YES" attributeType="String"/>"#
        let b = #"\#n        <attribute name="legacyB" optional="YES" attributeType="String"/>"#
        let c = #"\#n        <attribute name="legacyC" optional="YES" attributeType="String"/>"#
        // legacyA from the first version, legacyB and legacyC from the second: all three removed in the third.
        let bundle = try FindingDetailTests.bundle(
            [
                FindingDetailTests.version(a), FindingDetailTests.version(a + b + c),
                FindingDetailTests.version(),
            ], in: directory)
        let dropped = check(paths: [bundle]).diagnostics.with(.migrationDataDropped)
        #expect(Set(dropped.map(\.subjects)) == [["A.legacyA"], ["A.legacyB", "A.legacyC"]], "\(dropped)")
        let pair = try #require(dropped.first { $0.subjects.count == 2 })
        #expect(pair.upgradingFrom == ["M 2"])
        #expect(dropped.first { $0.subjects == ["A.legacyA"] }?.upgradingFrom == ["M", "M 2"])
    }
}
