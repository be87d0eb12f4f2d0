import Foundation
import Testing
@testable import ModelCompiler

/// Signal, not noise: frozen versions' warnings are summed up, each migration change is reported once with the upgrade
/// paths it is on, and `.history` still gives everything.
@Suite struct FindingDetailTests {
    /// A relationship without inverse (a missing-inverse warning in every version that has it), plus `extra`.
    static func version(_ extra: String = "") -> String {
        Fixtures.contents(
            """
            <entity name="A">
                <attribute name="note" optional="YES" attributeType="String"/>
                <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B"/>\(extra)
            </entity>
            <entity name="B"/>
            """)
    }

    static func bundle(_ versions: [String], in directory: String, current: String? = nil) throws -> String {
        try Fixtures.writeBundle(
            in: directory, name: "M",
            versions: versions.enumerated().map {
                ($0.offset == 0 ? "M" : "M \($0.offset + 1)", $0.element)
            }, currentVersion: current)
    }

    @Test func frozenVersionsWarningsAreOneNoteAndTheirErrorsStillShow() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Self.bundle([Self.version(), Self.version(), Self.version()], in: directory)
        let summary = check(paths: [bundle])
        #expect(
            summary.diagnostics.with(.missingInverse).map(\.location.file) == [bundle + "/M 3.xcdatamodel/contents"],
            "only the current version's own warning")
        let note = try #require(summary.diagnostics.with(.frozenVersionFindings).first)
        #expect(note.severity == .note)
        #expect(
            note.message
                == "2 earlier versions ('M' ... 'M 2') have 2 warnings (missing-inverse 2) that cannot be acted "
                + "on there: earlier versions are taken to have shipped, and a shipped version is not edited. "
                + "`openmomc check --history` lists them")
        let history = check(paths: [bundle], detail: .history)
        #expect(
            history.diagnostics.with(.missingInverse).count == 3
                && history.diagnostics.with(.frozenVersionFindings).isEmpty)

        // An error in a frozen version is not summed up: it stops the compile.
        let broken = Self.version().replacingOccurrences(
            of: #"destinationEntity="B""#, with: #"destinationEntity="Nowhere""#)
        let errors = try Self.bundle([broken, Self.version(), Self.version()], in: directory + "/errors")
        #expect(
            check(paths: [errors]).diagnostics.with(.destinationEntityNotFound).map(\.location.file)
                == [errors + "/M.xcdatamodel/contents"])
    }

    /// #48: once the current version shipped, its own warnings are not acted on there either (that would edit a
    /// shipped version): they are summed up with the others, and a new version, a copy of it, reports them again.
    @Test func aShippedCurrentVersionsWarningsAreSummedUpUntilANewVersion() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Self.bundle(
            [Self.version(), Self.version(), Self.version()], in: directory,
            current: Fixtures.pointerFile("M 3.xcdatamodel"))
        #expect(!markShipped(bundle: bundle, all: true).diagnostics.hasErrors)
        let shipped = check(paths: [bundle]).diagnostics
        #expect(shipped.with(.missingInverse).isEmpty)
        #expect(
            shipped.with(.frozenVersionFindings).first?.message.hasPrefix(
                "3 shipped versions ('M' ... 'M 3') have "
                    + "3 warnings (missing-inverse 3)") == true, "\(shipped)")
        #expect(!newVersion(bundle: bundle).diagnostics.hasErrors)
        #expect(
            check(paths: [bundle]).diagnostics.with(.missingInverse).map(\.location.file)
                == [bundle + "/M 4.xcdatamodel/contents"])
    }

    @Test func versionsAfterTheLastShippedOneAreStillBeingEdited() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Self.bundle([Self.version(), Self.version(), Self.version()], in: directory)
        #expect(!markShipped(bundle: bundle, versions: ["M"]).diagnostics.hasErrors)
        let files = Set(check(paths: [bundle]).diagnostics.with(.missingInverse).map(\.location.file))
        #expect(files == [bundle + "/M 2.xcdatamodel/contents", bundle + "/M 3.xcdatamodel/contents"])
    }

    @Test func aChangeOnManyUpgradePathsIsReportedOnceAtTheNewestVersionThatHasIt() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let gone = #"\#n        <attribute name="legacy" optional="YES" attributeType="String"/>"#
        let bundle = try Self.bundle(
            [Self.version(gone), Self.version(gone), Self.version(gone), Self.version()], in: directory)
        let dropped = check(paths: [bundle]).diagnostics.with(.migrationDataDropped)
        #expect(dropped.count == 1)
        let finding = try #require(dropped.first)
        #expect(finding.location.file == bundle + "/M 3.xcdatamodel/contents" && finding.location.line == 6)
        #expect(
            finding.message.hasPrefix("'A.legacy' is removed: column ZLEGACY of every A row is dropped on this path"))
        #expect(finding.message.hasSuffix(" (upgrading from 'M' ... 'M 3', 3 versions)"))
        #expect(finding.upgradingFrom == ["M", "M 2", "M 3"])
        #expect(DiagnosticRenderer.json([finding]).contains(#""upgradingFrom" : ["#))
        // With --history, one per place, as before: each source version's line.
        #expect(check(paths: [bundle], detail: .history).diagnostics.with(.migrationDataDropped).count == 3)
    }

    @Test(arguments: [
        (["a"], "upgrading from 'a'"), (["a", "b"], "upgrading from 'a', 'b'"),
        (["a", "b", "c", "e"], "upgrading from 'a' ... 'c', 'e', 4 versions"),
        (["b", "d"], "upgrading from 'b', 'd'"),
    ])
    func upgradePathsAreWrittenCompactly(_ paths: [String], _ text: String) {
        #expect(MigrationHistoryRule.upgradePaths(paths, in: ["a", "b", "c", "d", "e"]) == text)
    }

    /// A team states which upgrade paths its app has: stores older than a version are unsupported, or the app
    /// migrates step by step. Exactly those paths are analysed, and the note says which were.
    @Test func theUpgradePlanDecidesWhichPathsAreAnalysed() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let first = #"\#n        <attribute name="first" optional="YES" attributeType="String"/>"#
        let second = #"\#n        <attribute name="second" optional="YES" attributeType="String"/>"#
        // M has first, M 2 has second, M 3 and M 4 have neither: 'first' is dropped from M on, 'second' from M 2 on.
        let bundle = try Self.bundle(
            [Self.version(first), Self.version(second), Self.version(), Self.version()], in: directory)
        func dropped(_ plan: UpgradePlan) -> [String] {
            check(paths: [bundle], plan: plan).diagnostics.with(.migrationDataDropped).map {
                $0.message.components(separatedBy: " is")[0]
            }
        }
        #expect(Set(dropped(UpgradePlan())) == ["'A.first'", "'A.second'"])
        #expect(dropped(UpgradePlan(oldestSupportedVersion: "M 2")) == ["'A.second'"])
        // Step by step, only the step into the version being edited (M 3 -> M 4) runs on devices from now on.
        #expect(dropped(UpgradePlan(style: .stepByStep)).isEmpty)
        let note = check(paths: [bundle]).diagnostics.with(.upgradePaths).first?.message
        #expect(
            note == "upgrade paths checked: directly from every earlier version to the current version; an app that "
                + "supports fewer sets \"oldestSupportedVersion\" or \"migration\": \"step-by-step\" in openmomc.json")
        let unknown = check(paths: [bundle], plan: UpgradePlan(oldestSupportedVersion: "M 9")).diagnostics.with(
            .configurationInvalid)
        #expect(
            unknown.first?.message.hasPrefix("the oldest supported version 'M 9' is not a version of this bundle")
                == true)
    }

    @Test func stepByStepAnalysesTheStepsIntoVersionsStillBeingEdited() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let extra = #"\#n        <attribute name="gone" optional="YES" attributeType="String"/>"#
        // M 3 (being edited, after the shipped M 2) drops 'gone': the step M 2 -> M 3 reports it.
        let bundle = try Self.bundle([Self.version(extra), Self.version(extra), Self.version()], in: directory)
        #expect(!markShipped(bundle: bundle, versions: ["M", "M 2"]).diagnostics.hasErrors)
        let found = check(paths: [bundle], plan: UpgradePlan(style: .stepByStep)).diagnostics.with(
            .migrationDataDropped)
        #expect(found.map(\.upgradingFrom) == [["M 2"]])
    }
}
