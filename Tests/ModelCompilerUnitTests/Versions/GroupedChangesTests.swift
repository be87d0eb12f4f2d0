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

    /// A step that retires thousands of attributes is still one readable line: its text names a dozen and says how
    /// many more, its `subjects` name every one.
    @Test func aHugeStepIsOneBoundedLineThatKeepsEverySubject() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let many = (0..<3000).map { #"\#n        <attribute name="old\#($0)" optional="YES" attributeType="String"/>"# }
            .joined()
        let bundle = try FindingDetailTests.bundle(
            [FindingDetailTests.version(many), FindingDetailTests.version(many), FindingDetailTests.version()],
            in: directory)
        let dropped = check(paths: [bundle]).diagnostics.with(.migrationDataDropped)
        #expect(dropped.count == 1)
        let finding = try #require(dropped.first)
        #expect(finding.subjects.count == 3000)
        #expect(finding.message.count < 2000, "\(finding.message.count) characters")
        #expect(finding.message.contains("'A.old11' and 2988 more are removed"), "\(finding.message.prefix(300))")
    }

    @Test(arguments: [
        ([String](), ""), (["a"], "a"), (["a", "b"], "a and b"), (["a", "b", "c"], "a, b and c"),
    ])
    func listsReadAsEnglish(_ items: [String], _ text: String) {
        #expect(GroupedChanges.list(items) == text)
    }

    /// #49: the removals one version step makes are one finding even when their subjects are on different upgrade
    /// paths or in different entities; each group of it says its own paths (once for the subjects that share them), and the finding's are
    /// all of theirs.
    @Test func removalsOfOneStepOnDifferentPathsAreOneFindingThatSaysEachPath() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let a = #"\#n        <attribute name="legacyA" optional="YES" attributeType="String"/>"#
        let b = #"\#n        <attribute name="legacyB" optional="YES" attributeType="String"/>"#
        let c = #"\#n        <attribute name="legacyC" optional="YES" attributeType="String"/>"#
        let entity =
            #"\#n    <entity name="Old"><attribute name="kept" optional="YES" attributeType="String"/></entity>"#
        let gone = #"\#n    <entity name="C"><attribute name="legacyD" optional="YES" attributeType="Date"/></entity>"#
        // legacyA from the first version, legacyB and legacyC from the second, C.legacyD from the first: all removed
        // in the third (entity C stays). The entity 'Old' is removed there too: another code, its own finding.
        func version(_ extra: String, _ more: String) -> String {
            FindingDetailTests.version(extra).replacingOccurrences(of: "</model>", with: more + "\n</model>")
        }
        let keptC = #"\#n    <entity name="C"/>"#
        let bundle = try FindingDetailTests.bundle(
            [version(a, gone + entity), version(a + b + c, gone + entity), version("", keptC)], in: directory)
        let dropped = check(paths: [bundle]).diagnostics.with(.migrationDataDropped)
        #expect(dropped.count == 1, "\(dropped)")
        let finding = try #require(dropped.first)
        #expect(finding.subjects == ["A.legacyA", "A.legacyB", "A.legacyC", "C.legacyD"])
        #expect(finding.upgradingFrom == ["M", "M 2"])
        #expect(
            finding.message.hasPrefix(
                "'A.legacyA', 'A.legacyB', 'A.legacyC' and 'C.legacyD' are removed, and their data is dropped: "
                    + "column ZLEGACYA of every A row and column ZLEGACYD of every C row when upgrading from 'M', "
                    + "'M 2'; column ZLEGACYB and column ZLEGACYC of every A row when upgrading from 'M 2'; if it matters"
            ),
            "\(finding.message)")
        #expect(finding.location.file == bundle + "/M 2.xcdatamodel/contents")
        #expect(check(paths: [bundle]).diagnostics.with(.migrationEntityDropped).map(\.subjects) == [["Old"]])
        // --history still says each on each path.
        #expect(check(paths: [bundle], detail: .history).diagnostics.with(.migrationDataDropped).count == 6)
    }

    /// #49: an upgrade that needs a mapping model for an entity (made abstract, a property changing kind) never runs
    /// by inference: a removal in that entity only on such upgrades is said in that finding, not as a drop of its own.
    @Test func aRemovalOnAnUpgradeThatNeedsAMappingModelIsSaidInThatFinding() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let text = #"\#n        <attribute name="text" optional="YES" attributeType="String"/>"#
        let first = FindingDetailTests.version(text)
        let abstract = FindingDetailTests.version().replacingOccurrences(
            of: #"<entity name="A">"#, with: #"<entity name="A" isAbstract="YES">"#)
        let bundle = try FindingDetailTests.bundle([first, abstract, abstract], in: directory)
        let summary = check(paths: [bundle]).diagnostics
        #expect(summary.with(.migrationDataDropped).isEmpty, "\(summary)")
        let host = try #require(summary.with(.migrationEntityMadeAbstract).first)
        #expect(
            host.message.contains(
                "; 'A.text' is removed on this upgrade too, and the mapping model it needs decides what becomes of "
                    + "column ZTEXT of every A row; keep it concrete"), "\(host.message)")
        #expect(host.subjects.contains("A.text") && host.upgradingFrom == ["M"])

        // A removal also on an upgrade that infers (from M 2, already abstract) is a drop of its own.
        let abstractWithText = FindingDetailTests.version(text).replacingOccurrences(
            of: #"<entity name="A">"#, with: #"<entity name="A" isAbstract="YES">"#)
        let later = try FindingDetailTests.bundle([first, abstractWithText, abstract], in: directory + "/later")
        let both = check(paths: [later]).diagnostics
        #expect(both.with(.migrationDataDropped).map(\.subjects) == [["A.text"]])
        #expect(both.with(.migrationEntityMadeAbstract).first?.message.contains("'A.text'") == false)

        // Acknowledged, it is not said at all.
        #expect(!acknowledge(bundle: bundle, subject: "A.text", reason: "moved to B").diagnostics.hasErrors)
        #expect(
            check(paths: [bundle]).diagnostics.with(.migrationEntityMadeAbstract).first?.message.contains("A.text")
                == false)
    }
}
