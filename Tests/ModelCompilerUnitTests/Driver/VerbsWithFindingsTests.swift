import Foundation
import Testing
@testable import ModelCompiler

/// #48: verbs that write do not depend on verdicts they do not need: a bundle whose version in development has a
/// live error still gets its fixture stores and its history picture.
@Suite struct VerbsWithFindingsTests {
    @Test func fixturesAndTheHistoryPictureAreWrittenWhateverTheFindings() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try ShippedBaselineTests.history(in: directory + "/model", dropY: true)
        #expect(check(paths: [bundle]).diagnostics.hasErrors, "the drop of M 3 is a live error")
        let stores = fixtures(bundle: bundle, output: directory + "/fixtures")
        #expect(!stores.diagnostics.hasErrors && !stores.inputFailed, "\(stores.diagnostics)")
        #expect(stores.stores.map { ($0 as NSString).lastPathComponent } == ["M.sqlite", "M 2.sqlite"])
        let picture = historyDiagram(input: bundle, output: directory + "/history.dot", format: .dot)
        #expect(picture.outputPath != nil && !picture.diagnostics.hasErrors, "\(picture.diagnostics)")
        let dot = try String(contentsOfFile: directory + "/history.dot", encoding: .utf8)
        // The paths that drop data are drawn, marked in their colour.
        #expect(dot.contains("\"M 2\" -> \"M 3\" [label=\"drops data\""), "\(dot)")
    }

    /// An edited shipped version still stops the fixtures: its store would not be the one users have (status 1).
    @Test func anEditedShippedVersionStopsTheFixtures() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try ShippedBaselineTests.history(in: directory + "/model", dropY: false)
        let contents = bundle + "/M 2.xcdatamodel/contents"
        try String(contentsOfFile: contents, encoding: .utf8)
            .replacingOccurrences(
                of: #"name="y" optional="YES" attributeType="String""#,
                with: #"name="y" optional="YES" attributeType="Date""#
            )
            .write(toFile: contents, atomically: true, encoding: .utf8)
        let stores = fixtures(bundle: bundle, output: directory + "/fixtures")
        #expect(
            stores.diagnostics.codes.contains(.shippedVersionModified) && !stores.inputFailed && stores.stores.isEmpty)
    }

    @Test func hashesOfACompiledMappingModelNamesItsSource() {
        let result = hashes(path: "/nowhere/Notes.cdm")
        #expect(
            result.inputFailed
                && result.diagnostics.first?.message.contains("reads its source, the .xcmappingmodel") == true)
    }
}
