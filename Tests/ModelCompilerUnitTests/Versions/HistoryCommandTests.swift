import Foundation
import Testing
@testable import ModelCompiler

@Suite struct MarkShippedTests {
    static func scratchSample(withoutRecord: Bool = true) throws -> (directory: String, bundle: String) {
        let directory = try Fixtures.temporaryDirectory()
        let bundle = directory + "/Library.xcdatamodeld"
        try FileManager.default.copyItem(atPath: Fixtures.sampleBundle, toPath: bundle)
        if withoutRecord { try FileManager.default.removeItem(atPath: bundle + "/ShippedVersions.json") }
        return (directory, bundle)
    }

    static func record(_ bundle: String) throws -> ShippedRecord {
        let path = bundle + "/ShippedVersions.json"
        return try ShippedRecord.parse([UInt8](Data(contentsOf: URL(fileURLWithPath: path))), file: path).get()
    }

    @Test func marksTheCurrentVersionByDefaultAndThenGuardsIt() throws {
        let (directory, bundle) = try Self.scratchSample()
        defer { Fixtures.remove(directory) }
        let result = markShipped(bundle: bundle)
        #expect(!result.diagnostics.hasErrors)
        #expect(result.changes.count == 2 && result.changes[0].hasPrefix("marked 'Library 3' shipped"))
        // Marking says what became history: nothing here, as no shipped version comes before it.
        #expect(result.changes.last == "no finding is on an upgrade into a shipped version")
        #expect(try Set(Self.record(bundle).versions.keys) == ["Library 3"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: bundle).filter { $0.contains("openmomc") }.isEmpty)
        // Editing it now fails the check.
        try ShippedVersionTests.replace(
            #"defaultValueString="Unsorted""#, with: #"defaultValueString="Misc""#, in: "Library 3", of: bundle)
        #expect(check(paths: [bundle]).diagnostics.codes.contains(.shippedVersionModified))
        // ...and re-marking the edited version is refused without touching the record.
        let before = try Data(contentsOf: URL(fileURLWithPath: bundle + "/ShippedVersions.json"))
        #expect(markShipped(bundle: bundle).diagnostics.hasErrors)
        #expect(try Data(contentsOf: URL(fileURLWithPath: bundle + "/ShippedVersions.json")) == before)
    }

    @Test func allRecordsEveryVersionAndTheFileIsStable() throws {
        let (directory, bundle) = try Self.scratchSample()
        defer { Fixtures.remove(directory) }
        let marked = markShipped(bundle: bundle, all: true).changes
        #expect(marked.count == 4 && marked.prefix(3).allSatisfy { $0.hasPrefix("marked 'Library") }, "\(marked)")
        let first = try Data(contentsOf: URL(fileURLWithPath: bundle + "/ShippedVersions.json"))
        #expect(markShipped(bundle: bundle, all: true).changes == ["nothing to record"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: bundle + "/ShippedVersions.json")) == first)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasSuffix("}\n") && text.contains("\"formatVersion\" : \(Fingerprinter.currentFormat)"))
        #expect(check(paths: [bundle]).diagnostics.isEmpty)
    }

    /// A version after the current one was never built into the app: `--all` leaves it unmarked and says so, and the
    /// pointer left behind it stays an error (a decision for the team), not a shipped version frozen by mistake.
    @Test func allStopsAtTheCurrentVersion() throws {
        let (directory, bundle) = try Self.scratchSample()
        defer { Fixtures.remove(directory) }
        try Fixtures.pointerFile("Library 2.xcdatamodel").write(
            toFile: bundle + "/.xccurrentversion", atomically: true,
            encoding: .utf8)
        let result = markShipped(bundle: bundle, all: true)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        #expect(
            result.changes.contains(
                "left 'Library 3' unmarked: the current version is 'Library 2', so the app has "
                    + "not built it"), "\(result.changes)")
        #expect(try Set(Self.record(bundle).versions.keys) == ["Library", "Library 2"])
        #expect(check(paths: [bundle]).diagnostics.filter { $0.severity == .error }.codes == [.currentVersionStale])
    }

    @Test func namedVersionsAndRefusals() throws {
        let (directory, bundle) = try Self.scratchSample()
        defer { Fixtures.remove(directory) }
        #expect(
            markShipped(bundle: bundle, versions: ["Library 2"]).changes.first?.hasPrefix("marked 'Library 2'") == true)
        #expect(
            markShipped(bundle: bundle, versions: ["Library 7"]).diagnostics.filter { $0.severity == .error }.codes
                == [.currentVersionNotFound])
        try ShippedVersionTests.replace(
            #"<entity name="Book""#, with: #"<entity name="Book" parentEntity="Nowhere""#, in: "Library", of: bundle)
        #expect(markShipped(bundle: bundle, versions: ["Library"]).diagnostics.hasErrors)
        #expect(try Set(Self.record(bundle).versions.keys) == ["Library 2"])
    }

    @Test func aMalformedRecordIsNeverOverwritten() throws {
        let (directory, bundle) = try Self.scratchSample()
        defer { Fixtures.remove(directory) }
        try "{ broken".write(toFile: bundle + "/ShippedVersions.json", atomically: true, encoding: .utf8)
        let result = markShipped(bundle: bundle)
        #expect(result.diagnostics.codes.contains(.shippedRecordMalformed) && result.changes.isEmpty)
        #expect(try String(contentsOfFile: bundle + "/ShippedVersions.json", encoding: .utf8) == "{ broken")
    }
}

@Suite struct NewVersionTests {
    @Test func copiesTheCurrentVersionToTheNextNameAndPointsAtIt() throws {
        let (directory, bundle) = try MarkShippedTests.scratchSample(withoutRecord: false)
        defer { Fixtures.remove(directory) }
        let result = newVersion(bundle: bundle)
        #expect(result.diagnostics.isEmpty)
        #expect(result.changes == ["created 'Library 4' from 'Library 3' and made it the current version"])
        let copied = try Data(contentsOf: URL(fileURLWithPath: bundle + "/Library 4.xcdatamodel/contents"))
        #expect(copied == (try Data(contentsOf: URL(fileURLWithPath: bundle + "/Library 3.xcdatamodel/contents"))))
        let (checked, diagnostics) = checkBundle(at: bundle)
        #expect(checked?.source.currentVersion?.versionName == "Library 4")
        // Renaming IDs are kept, and the record now sees two unshipped versions.
        let synopsis = checked?.models.last?.entitiesByName["Book"]?.attributes.first { $0.name == "synopsis" }
        #expect(synopsis?.renamingIdentifier?.value == "summary")
        #expect(diagnostics.codes == [.multipleUnshippedVersions])
        #expect(try FileManager.default.contentsOfDirectory(atPath: bundle).filter { $0.contains("openmomc") }.isEmpty)
    }

    @Test func anExplicitNameAndRefusals() throws {
        let (directory, bundle) = try MarkShippedTests.scratchSample()
        defer { Fixtures.remove(directory) }
        #expect(
            newVersion(bundle: bundle, name: "Library 2025").changes.first?.hasPrefix("created 'Library 2025'") == true)
        for (bad, why) in [
            ("Library 2", "already has a version 'Library 2'"), ("", "needs a name"), ("../x", "is a path"),
            (".hidden", "hidden folder"),
        ] {
            let result = newVersion(bundle: bundle, name: bad)
            #expect(result.diagnostics.map(\.code) == [.versionNameInvalid] && result.changes.isEmpty, "\(bad)")
            #expect(result.diagnostics.first?.message.contains(why) == true, "\(result.diagnostics)")
        }
        #expect(newVersion(bundle: Fixtures.sampleBundle + "/Library.xcdatamodel").inputFailed)
    }

    /// `&` and `<` are escaped in `.xccurrentversion` also where a combining mark follows them (one character with
    /// it, which a character-wise replacement leaves alone): the pointer reads back as the name given.
    @Test func aNameWithMarksAfterItsEscapedCharacters() throws {
        let (directory, bundle) = try MarkShippedTests.scratchSample()
        defer { Fixtures.remove(directory) }
        let name = "Library &\u{301}<\u{301} 4"
        #expect(newVersion(bundle: bundle, name: name).diagnostics.isEmpty)
        let (checked, diagnostics) = checkBundle(at: bundle)
        #expect(checked?.source.currentVersion?.versionName == name)
        #expect(!diagnostics.hasErrors, "\(diagnostics)")
    }

    @Test func nextNamesFollowTheBundlesPattern() {
        #expect(VersionNaming.next(after: "Model 2", existing: ["Model", "Model 2"]) == "Model 3")
        #expect(VersionNaming.next(after: "Model", existing: ["Model"]) == "Model 2")
        #expect(VersionNaming.next(after: "ThreemaDataV9", existing: []) == "ThreemaDataV10")
        #expect(VersionNaming.next(after: "Model 2", existing: ["Model 3"]) == "Model 4")
        #expect(VersionNaming.next(after: "SampleModel3_v3", existing: []) == "SampleModel3_v4")
    }
}
