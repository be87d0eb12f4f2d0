import Foundation
import Testing
@testable import ModelCompiler

/// #48: the shipped record is the baseline. Findings on upgrades into shipped versions are history (notes that never
/// fail the build, summed up, listed with `.history`, marked in JSON and SARIF); only what the version in
/// development changes is live, and its drops fail the build once versions are shipped.
@Suite struct ShippedBaselineTests {
    static let x = #"\#n        <attribute name="x" optional="YES" attributeType="String"/>"#
    static let y = #"\#n        <attribute name="y" optional="YES" attributeType="String"/>"#
    static let count =
        #"\#n        <attribute name="count" optional="YES" attributeType="Integer 32" usesScalarValueType="YES"/>"#

    /// M has x and y; M 2 drops x (and shipped); M 3, in development, keeps y unless `dropY`.
    static func history(in directory: String, dropY: Bool, extra: String = "") throws -> String {
        let versions = [
            FindingDetailTests.version(x + y), FindingDetailTests.version(y),
            FindingDetailTests.version((dropY ? "" : y) + extra),
        ]
        let bundle = try FindingDetailTests.bundle(
            versions, in: directory, current: Fixtures.pointerFile("M 3.xcdatamodel"))
        #expect(!markShipped(bundle: bundle, versions: ["M"]).diagnostics.hasErrors)
        #expect(!markShipped(bundle: bundle, versions: ["M 2"]).diagnostics.hasErrors)
        return bundle
    }

    @Test func aDropBetweenShippedVersionsIsHistoryAndANewOneFails() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Self.history(in: directory, dropY: true)
        let found = check(paths: [bundle]).diagnostics
        // x was dropped by M 2, which shipped: on M -> M 3 it is the same drop, history.
        let x = found.filter { $0.subjects == ["A.x"] }
        #expect(x.count == 1 && x.allSatisfy { $0.isHistory && $0.severity == .note }, "\(x)")
        #expect(x.first?.message.contains("to 'M 2', shipped)") == true, "\(x)")
        #expect(x.first?.message.contains("ship an interim version") == false)
        #expect(x.first?.message.contains("this upgrade shipped already") == true)
        #expect(x.first?.message.contains("`openmomc acknowledge --reason \"...\" \(bundle) A.x`") == true)
        // y is dropped by M 3, the version in development: live, an error now that versions are shipped.
        let y = found.filter { $0.subjects == ["A.y"] }
        #expect(y.count == 1 && y.first?.severity == .error && y.first?.isHistory == false, "\(y)")
        #expect(y.first?.upgradingFrom == ["M", "M 2"])
        let summary = try #require(found.with(.shippedUpgradeFindings).first)
        #expect(
            summary.severity == .note
                && summary.message.hasPrefix(
                    "1 finding on upgrades into shipped versions "
                        + "(migration-data-dropped 1)"),
            "\(summary.message)")
        // Acknowledged, the new drop passes; the history stays a note.
        #expect(!acknowledge(bundle: bundle, subject: "A.y", reason: "y is recomputed").diagnostics.hasErrors)
        #expect(!check(paths: [bundle]).diagnostics.hasErrors)
    }

    @Test func withoutANewChangeNothingFailsAndHistoryListsEveryFinding() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Self.history(in: directory, dropY: false)
        #expect(!check(paths: [bundle]).diagnostics.hasErrors)
        let history = check(paths: [bundle], detail: .history).diagnostics
        #expect(history.filter(\.isHistory).map(\.subjects) == [["A.x"]])
        #expect(history.with(.shippedUpgradeFindings).isEmpty, "--history lists instead of summing up")
        // JSON and SARIF carry each history finding, marked; a severity setting cannot make it fail.
        let findings = check(paths: [bundle], policy: SeverityPolicy([.migrationDataDropped: .error])).diagnostics
        #expect(!findings.hasErrors && findings.contains { $0.isHistory })
        #expect(DiagnosticRenderer.json(findings).contains(#""history" : true"#))
        #expect(
            DiagnosticRenderer.sarif(findings, relativeTo: directory, toolVersion: "test")
                .contains(#""baselineState" : "unchanged""#))
        let ignored = check(paths: [bundle], policy: SeverityPolicy([.migrationDataDropped: .ignore])).diagnostics
        #expect(!ignored.contains { $0.isHistory })
    }

    @Test func markingTheVersionInDevelopmentMakesItsFindingsHistory() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Self.history(in: directory, dropY: true)
        // Its drop is a live error: marking it shipped asks for a recorded decision.
        let refused = markShipped(bundle: bundle)
        #expect(refused.diagnostics.codes.contains(.acknowledgementRefused), "\(refused.diagnostics)")
        #expect(try MarkShippedTests.record(bundle).versions["M 3"] == nil)
        let accepted = markShipped(bundle: bundle, acceptFindings: "shipped in 3.0 on purpose")
        #expect(!accepted.diagnostics.hasErrors, "\(accepted.diagnostics)")
        #expect(accepted.changes.contains { $0.hasPrefix("recorded in AcknowledgedChanges.json that 'A.y' shipped") })
        // What it says became history is what the next check sums up (the accepted drop is acknowledged).
        #expect(
            accepted.changes.last?.hasPrefix("1 finding on upgrades into shipped versions is history now") == true,
            "\(accepted.changes)")
        let summary = check(paths: [bundle]).diagnostics.with(.shippedUpgradeFindings).first?.message
        #expect(summary?.hasPrefix("1 finding on upgrades into shipped versions") == true, "\(summary ?? "")")
        let acknowledged = try String(contentsOfFile: bundle + "/AcknowledgedChanges.json", encoding: .utf8)
        #expect(acknowledged.contains("shipped in 3.0 on purpose") && acknowledged.contains("\"A.y\""))
        #expect(!check(paths: [bundle]).diagnostics.hasErrors)
    }

    /// A renaming ID that maps nothing, in a shipped version, cannot be fixed there: history; in the version in
    /// development it stays a warning.
    @Test func anUnknownRenamingIdentifierInAShippedVersionIsHistory() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let renamed = #"\#n        <attribute name="z" optional="YES" attributeType="String" elementID="nowhere"/>"#
        let bundle = try FindingDetailTests.bundle(
            [
                FindingDetailTests.version(), FindingDetailTests.version(renamed),
                FindingDetailTests.version(
                    renamed
                        + Self.y.replacingOccurrences(
                            of: "/>", with: #" elementID="elsewhere"/>"#)),
            ], in: directory,
            current: Fixtures.pointerFile("M 3.xcdatamodel"))
        #expect(!markShipped(bundle: bundle, versions: ["M", "M 2"]).diagnostics.hasErrors)
        let found = check(paths: [bundle]).diagnostics.with(.renamingIdentifierUnknown)
        #expect(
            found.map(\.location.file).sorted() == [
                bundle + "/M 2.xcdatamodel/contents", bundle + "/M 3.xcdatamodel/contents",
            ])
        #expect(found.first { $0.location.file.contains("M 2.") }?.isHistory == true)
        #expect(
            found.first { $0.location.file.contains("M 3.") }.map { !$0.isHistory && $0.severity == .warning } == true)
    }

    @Test func aKindChangeInHistoryAdvisesNoEditOfAShippedVersion() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let asAttribute = #"\#n        <attribute name="link" optional="YES" attributeType="Binary"/>"#
        let asRelationship =
            #"\#n        <relationship name="link" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="B"/>"#
        let bundle = try FindingDetailTests.bundle(
            [
                FindingDetailTests.version(asRelationship),
                FindingDetailTests.version(asAttribute),
            ], in: directory, current: Fixtures.pointerFile("M 2.xcdatamodel"))
        let live = check(paths: [bundle]).diagnostics.with(.migrationKindChange)
        // Which way and where.
        #expect(
            live.first?.message.hasPrefix(
                "'A.link' is a to-many relationship in 'M' and a Binary attribute in "
                    + "'M 2'") == true, "\(live)")
        #expect(!markShipped(bundle: bundle, all: true).diagnostics.hasErrors)
        let history = check(paths: [bundle]).diagnostics
        #expect(!history.hasErrors)
        let kind = try #require(history.with(.migrationKindChange).first)
        #expect(
            kind.isHistory
                && kind.message.contains(
                    "add a new version with a mapping model from their version, or "
                        + "set \"oldestSupportedVersion\" past them"),
            "\(kind.message)")
    }
}
