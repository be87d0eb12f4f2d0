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

    /// Moody step by step: each of its four mapping models is a step, the first step is inferred.
    @Test(.needsShared) func moodysStepsAreItsMappingModels() throws {
        guard let moody = try MappingModelRuleTests.copy("objcio__core-data/Migrations/Migrations") else { return }
        defer { Fixtures.remove(moody.withoutLastPathComponent) }
        let output = moody + "/h.dot"
        let result = historyDiagram(
            input: moody + "/Moody.xcdatamodeld", output: output, format: .dot,
            plan: UpgradePlan(style: .stepByStep))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let dot = try String(contentsOfFile: output, encoding: .utf8)
        #expect(dot.contains(#""Moody" -> "Moody 2" [label="inferred""#))
        let blue = HistoryDiagram.Kind.mappingModel.colour
        for step in 2...5 {
            let (a, b) = ("Moody \(step)", "Moody \(step + 1)")
            #expect(dot.contains(#""\#(a)" -> "\#(b)" [label="\#(a)-\#(b).xcmappingmodel", color="\#(blue)""#))
        }
    }

    /// Every corpus bundle's history draws, and Graphviz accepts each (one `dot` run for all).
    @Test(.needsShared, .enabled(if: DiagramTests.drawsSVG)) func everyCorpusHistoryDraws() throws {
        guard let shared = SharedFolder.require() else { return }
        #expect(DiagramTests.graphviz)
        guard DiagramTests.graphviz else { return }
        let bundles = try FileManager.default.subpathsOfDirectory(atPath: shared + "/corpus")
            .filter { $0.hasSuffix(".xcdatamodeld") }.sorted()
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        var files: [String] = []
        for (index, bundle) in bundles.enumerated() {
            let file = directory + "/\(index).dot"
            let result = historyDiagram(input: shared + "/corpus/" + bundle, output: file, format: .dot)
            guard result.outputPath != nil else { continue }
            files.append(file)
            let mermaid = directory + "/\(index).mmd"
            _ = historyDiagram(input: shared + "/corpus/" + bundle, output: mermaid, format: .mermaid)
            #expect(try String(contentsOfFile: mermaid, encoding: .utf8).contains("flowchart LR\n"))
        }
        #expect(files.count >= 20, "\(files.count) of \(bundles.count)")
        let run = try Program.run(["dot", "-Tsvg", "-O"] + files, in: directory)
        #expect(run.status == 0, "\(run.output.prefix(2000))")
    }
}
