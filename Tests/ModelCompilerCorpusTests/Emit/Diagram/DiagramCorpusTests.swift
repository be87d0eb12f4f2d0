import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import Testing
@testable import ModelCompiler

/// `openmomc diagram`: DOT and Mermaid text from the typed model, SVG from Graphviz.
@Suite struct DiagramCorpusTests {
    static var graphviz: Bool { Graphviz.executable != nil }
    /// Graphviz is installed by `.ci/run`; under CI its absence fails the tests that need it.
    static var drawsSVG: Bool { graphviz || ProcessInfo.processInfo.environment["CI"] == "true" }

    private func sample() throws -> ManagedObjectModel {
        let (bundle, _) = checkBundle(at: Fixtures.sampleBundle)
        return try #require(bundle?.models.last)
    }

    /// Every corpus and conformance bundle's current version draws: Graphviz accepts each DOT file (one `dot` run
    /// for all), its SVG is XML that names every entity, and the Mermaid text has a class per entity.
    @Test(.needsShared, .enabled(if: drawsSVG)) func everyCorpusModelDraws() throws {
        guard let shared = SharedFolder.require() else { return }
        #expect(Self.graphviz, "Graphviz's dot is not installed (.ci/run installs it)")
        guard Self.graphviz else { return }
        let result = check(paths: [shared + "/corpus", shared + "/conformance"])
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        var drawn: [(file: String, entities: [String])] = []
        for (index, bundle) in result.bundles.enumerated() {
            guard let model = bundle.models.first(where: { $0.versionName == bundle.current?.name }) else { continue }
            let drawing = ModelDiagram(model, title: model.versionName)
            let file = directory + "/\(index).dot"
            try DOTRenderer.render(drawing).write(toFile: file, atomically: true, encoding: .utf8)
            drawn.append((file, model.entities.map(\.name)))
            let mermaid = MermaidRenderer.render(drawing)
            #expect(model.entities.allSatisfy { mermaid.contains("  class \(MermaidRenderer.name($0.name)) {\n") })
        }
        #expect(drawn.count >= 45)
        let run = try Program.run(["dot", "-Tsvg", "-O"] + drawn.map(\.file), in: directory)
        #expect(run.status == 0, "\(run.output.prefix(2000))")
        for (file, entities) in drawn {
            let svg = try Data(contentsOf: URL(fileURLWithPath: file + ".svg"))
            let parser = XMLParser(data: svg)
            #expect(parser.parse(), "\(file).svg is not XML")
            let text = String(decoding: svg, as: UTF8.self)
            #expect(entities.allSatisfy { text.contains(">\($0)<") }, "\(file).svg")
        }
    }

    @Test(.enabled(if: drawsSVG)) func theSVGIsWrittenAtomicallyAndDeterministically() throws {
        #expect(Self.graphviz)
        guard Self.graphviz else { return }
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let first = diagram(input: Fixtures.sampleBundle, output: directory + "/a.svg")
        let second = diagram(input: Fixtures.sampleBundle, output: directory + "/b.svg", format: .svg)
        #expect(first.diagnostics.isEmpty && second.outputPath == directory + "/b.svg")
        let a = try Data(contentsOf: URL(fileURLWithPath: directory + "/a.svg"))
        #expect(a == (try Data(contentsOf: URL(fileURLWithPath: directory + "/b.svg"))))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["a.svg", "b.svg"],
            "no temporary or .dot left behind")
        let older = diagram(input: Fixtures.sampleBundle, output: directory + "/a.svg", version: "Library")
        #expect(older.diagnostics.isEmpty)
        #expect(
            !String(decoding: try Data(contentsOf: URL(fileURLWithPath: directory + "/a.svg")), as: UTF8.self)
                .contains(">Magazine<"), "Library has no Magazine yet")
        #expect(
            diagram(input: Fixtures.sampleBundle, output: directory + "/c.svg", version: "Nope").diagnostics.codes
                == [.versionNotFound])
    }
}
