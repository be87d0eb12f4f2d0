import Foundation
import Testing
@testable import ModelCompiler

/// #49: every version other than the current one is the source of an analysed upgrade, whatever its name. Versions
/// outside the current version's name series that sort after it are placed by content, and the bundle says so.
@Suite struct HistoryOrderTests {
    /// Entity A with the attributes named.
    static func version(_ attributes: [String]) -> String {
        Fixtures.contents(
            #"<entity name="A">"#
                + attributes.map {
                    #"<attribute name="\#($0)" optional="YES" attributeType="String"/>"#
                }.joined() + "</entity>")
    }

    static func bundle(_ versions: [(String, [String])], current: String, in directory: String) throws -> String {
        try Fixtures.writeBundle(
            in: directory, name: "M", versions: versions.map { ($0.0, version($0.1)) },
            currentVersion: Fixtures.pointerFile(current + ".xcdatamodel"))
    }

    /// The first version named after the app's folder, the later ones by release.
    @Test func aFirstVersionNamedAfterTheFolderIsAnalysed() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Self.bundle(
            [
                ("Shared", ["a", "x"]), ("0.5", ["a", "b"]), ("0.6", ["a", "b", "c"]),
                ("0.7", ["a", "b", "c", "d"]),
            ], current: "0.7", in: directory)
        let found = check(paths: [bundle]).diagnostics
        let drop = found.filter { $0.subjects == ["A.x"] }
        #expect(drop.count == 1 && drop.first?.upgradingFrom == ["Shared"], "\(found)")
        let note = try #require(found.with(.historyOrderAssumed).first)
        #expect(note.severity == .note && note.message.contains("'Shared', '0.5', '0.6', '0.7'"), "\(note.message)")
        #expect(!found.contains { $0.code == .currentVersionStale })
    }

    /// An app renamed mid-history: the old name's series comes first, by content; mark-shipped --all marks it too.
    @Test func anAppRenamedMidHistoryIsAnalysedFromItsFirstVersion() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Self.bundle(
            [
                ("OldName", ["a", "z"]), ("OldName 2", ["a", "b"]), ("NewName v1.4", ["a", "b", "c"]),
                ("NewName v1.5", ["a", "b", "c", "d"]),
            ], current: "NewName v1.5", in: directory)
        let found = check(paths: [bundle]).diagnostics
        let drop = found.filter { $0.subjects == ["A.z"] }
        #expect(drop.count == 1 && drop.first?.upgradingFrom == ["OldName"], "\(found)")
        #expect(
            found.with(.historyOrderAssumed).first?.message
                .contains("'OldName', 'OldName 2', 'NewName v1.4', 'NewName v1.5'") == true, "\(found)")
        let marked = markShipped(bundle: bundle, all: true, acceptFindings: "adopting")
        #expect(!marked.diagnostics.hasErrors, "\(marked.diagnostics)")
        let record = try String(contentsOfFile: bundle + "/ShippedVersions.json", encoding: .utf8)
        for name in ["OldName", "OldName 2", "NewName v1.4", "NewName v1.5"] {
            #expect(record.contains("\"\(name)\""), "\(name) is recorded")
        }
    }

    /// A later version of the current one's own series stays after it (a pointer left behind), and a bundle whose
    /// names give the order is left as it is, without a note.
    @Test func namesThatGiveTheOrderAreKept() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Self.bundle(
            [("M", ["a", "x"]), ("M 2", ["a"]), ("M 3", ["a", "b"])], current: "M 2",
            in: directory)
        let found = check(paths: [bundle]).diagnostics
        #expect(found.with(.historyOrderAssumed).isEmpty)
        #expect(found.contains { $0.code == .currentVersionStale }, "\(found)")
    }

    @Test func theDistanceCountsNamesAndChangedEntities() throws {
        let versions = try [["a"], ["a", "b"], ["c"]].map {
            try VersionCompiler.compile(
                Fixtures.model(
                    #"<entity name="A">"#
                        + $0.map { #"<attribute name="\#($0)" optional="YES" attributeType="String"/>"# }.joined()
                        + "</entity>"))
        }
        #expect(HistoryOrder.distance(versions[0], versions[1]) == 2, "one property more, and A's hash changed")
        #expect(HistoryOrder.distance(versions[0], versions[2]) == 3)
        #expect(HistoryOrder.distance(versions[0], nil) == 1_000_000)
    }
}
