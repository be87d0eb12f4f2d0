import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// `diagram --history`: the versions and the upgrade paths the app has, coloured by verdict.
@Suite struct HistoryDiagramCorpusTests {
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
    @Test(.needsShared, .enabled(if: DiagramCorpusTests.drawsSVG)) func everyCorpusHistoryDraws() throws {
        guard let shared = SharedFolder.require() else { return }
        #expect(DiagramCorpusTests.graphviz)
        guard DiagramCorpusTests.graphviz else { return }
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
