import Foundation
import Testing
@testable import ModelCompiler

/// A deliberate data drop, acknowledged with its reason, stops warning; diff still lists it; a stale one warns.
@Suite struct AcknowledgementTests {
    static let gone = #"\#n        <attribute name="legacy" optional="YES" attributeType="String"/>"#

    static func bundle(in directory: String) throws -> String {
        try FindingDetailTests.bundle([FindingDetailTests.version(gone), FindingDetailTests.version()], in: directory)
    }

    @Test func anAcknowledgedRetirementStopsWarningAndDiffStillListsIt() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Self.bundle(in: directory)
        #expect(check(paths: [bundle]).diagnostics.with(.migrationDataDropped).count == 1)
        let result = acknowledge(bundle: bundle, subject: "A.legacy", reason: "replaced by A.note in 2.0")
        #expect(
            result.diagnostics.isEmpty
                && result.changes == ["acknowledged that 'A.legacy' drops its data: replaced by A.note in 2.0"])
        let text = try String(contentsOfFile: bundle + "/AcknowledgedChanges.json", encoding: .utf8)
        #expect(text.contains(#""subject" : "A.legacy""#) && text.contains(#""formatVersion" : 1"#))
        let after = check(paths: [bundle]).diagnostics
        #expect(after.with(.migrationDataDropped).isEmpty && after.with(.acknowledgementStale).isEmpty)
        let change = diff(bundle: bundle).reports.flatMap(\.changes).first { $0.code == .migrationDataDropped }
        #expect(change?.acknowledgement == "replaced by A.note in 2.0", "diff never forgets it")
    }

    @Test func anAcknowledgementThatNamesNothingDroppedAnyMoreWarns() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Self.bundle(in: directory)
        #expect(!acknowledge(bundle: bundle, subject: "A.legacy", reason: "retired").diagnostics.hasErrors)
        // The current version brings the attribute back: nothing is dropped, the acknowledgement is stale.
        try FindingDetailTests.version(Self.gone).write(
            toFile: bundle + "/M 2.xcdatamodel/contents", atomically: true,
            encoding: .utf8)
        let stale = check(paths: [bundle]).diagnostics.with(.acknowledgementStale)
        #expect(stale.map(\.location.file) == [bundle + "/AcknowledgedChanges.json"])
        #expect(
            stale.first?.message.hasPrefix("the acknowledgement of 'A.legacy' names nothing that is dropped") == true)
    }

    @Test func onlyAReportedDropWithAReasonCanBeAcknowledgedAndBadFilesAreErrors() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Self.bundle(in: directory)
        let unknown = acknowledge(bundle: bundle, subject: "A.note", reason: "x")
        #expect(unknown.diagnostics.codes == [.acknowledgementRefused])
        #expect(
            unknown.diagnostics.first?.message
                == "no checked upgrade path drops the data of 'A.note'; these do: 'A.legacy'")
        #expect(
            acknowledge(bundle: bundle, subject: "A.legacy", reason: "  ").diagnostics.codes == [
                .acknowledgementRefused
            ])
        #expect(
            !FileManager.default.fileExists(atPath: bundle + "/AcknowledgedChanges.json"),
            "nothing written when refused")
        try #"{"formatVersion": 1, "acknowledged": [{"subject": "A.legacy", "reason": ""}]}"#
            .write(toFile: bundle + "/AcknowledgedChanges.json", atomically: true, encoding: .utf8)
        #expect(
            check(paths: [bundle]).diagnostics.with(.acknowledgementMalformed).first?.message
                == "the acknowledgement of 'A.legacy' gives no reason")
        try "not json".write(toFile: bundle + "/AcknowledgedChanges.json", atomically: true, encoding: .utf8)
        #expect(check(paths: [bundle]).diagnostics.with(.acknowledgementMalformed).count == 1)
    }
}
