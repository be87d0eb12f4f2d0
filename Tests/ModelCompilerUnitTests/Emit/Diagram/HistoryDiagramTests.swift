import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// `diagram --history`: the versions and the upgrade paths the app has, coloured by verdict.
@Suite struct HistoryDiagramTests {
    @Test func theSamplesPathsToItsCurrentVersion() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let result = historyDiagram(input: Fixtures.sampleBundle, output: directory + "/h.dot", format: .dot)
        #expect(result.diagnostics.isEmpty && result.outputPath == directory + "/h.dot")
        let dot = try String(contentsOfFile: directory + "/h.dot", encoding: .utf8)
        #expect(dot.contains(#""Library" [label="Library (shipped)", style=filled"#))
        #expect(dot.contains(#""Library 3" [label="Library 3 (current)", penwidth=2];"#))
        let inferred = HistoryDiagram.Kind.inferred.colour
        #expect(dot.contains(#""Library" -> "Library 3" [label="inferred", color="\#(inferred)""#))
        #expect(dot.contains(#""Library 2" -> "Library 3" [label="inferred""#))
        _ = historyDiagram(input: Fixtures.sampleBundle, output: directory + "/h.mmd", format: .mermaid)
        let mermaid = try String(contentsOfFile: directory + "/h.mmd", encoding: .utf8)
        #expect(mermaid.contains("flowchart LR\n  v0[\"Library (shipped)\"]\n"))
        #expect(mermaid.contains("  v0 -->|\"inferred\"| v2\n") && mermaid.contains("  linkStyle 1 stroke:\(inferred)"))
        #expect(
            historyDiagram(
                input: Fixtures.sampleBundle + "/Library.xcdatamodel", output: directory + "/x.dot",
                format: .dot
            ).inputFailed)
    }
}
