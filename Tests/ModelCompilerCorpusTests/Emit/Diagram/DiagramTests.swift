import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import Testing
@testable import ModelCompiler

/// `openmomc diagram`: DOT and Mermaid text from the typed model, SVG from Graphviz.
@Suite struct DiagramTests {
    static var graphviz: Bool { Graphviz.executable != nil }
    /// Graphviz is installed by `.ci/run`; under CI its absence fails the tests that need it.
    static var drawsSVG: Bool { graphviz || ProcessInfo.processInfo.environment["CI"] == "true" }

    private func sample() throws -> ManagedObjectModel {
        let (bundle, _) = checkBundle(at: Fixtures.sampleBundle)
        return try #require(bundle?.models.last)
    }

    @Test func theSampleDrawsEveryEntityRelationshipAndParent() throws {
        let drawing = ModelDiagram(try sample(), title: "Library 3")
        #expect(drawing.nodes.map(\.name) == ["Author", "Book", "Item", "Magazine", "Shelf"])
        #expect(drawing.nodes.first { $0.name == "Item" }?.isAbstract == true)
        // Each pair of inverses is one edge, with both ends' cardinalities.
        #expect(
            drawing.relationships == [
                .init(
                    from: "Author", to: "Book", label: "books / author", toCardinality: "0..*", fromCardinality: "0..1"),
                .init(
                    from: "Item", to: "Shelf", label: "shelf / items", toCardinality: "0..1", fromCardinality: "0..*"),
            ])
        #expect(drawing.inheritance.map { "\($0.0)->\($0.1)" } == ["Book->Item", "Magazine->Item"])
        let dot = DOTRenderer.render(drawing)
        #expect(dot.hasPrefix("digraph \"Library 3\" {\n") && dot.hasSuffix("}\n"))
        #expect(
            dot.contains(#""Author" -> "Book" [label="books / author", headlabel="0..*", taillabel="0..1", dir=both"#))
        #expect(dot.contains(#""Book" -> "Item" [arrowhead=empty, style=dashed];"#))
        #expect(dot.contains("<i>Item</i> (abstract)") && dot.contains("bookCount?: Integer 64"))
        let mermaid = MermaidRenderer.render(drawing)
        #expect(mermaid.contains("classDiagram\n  class Author {\n    +Integer64? bookCount\n"))
        #expect(mermaid.contains("  Author \"0..1\" -- \"0..*\" Book : books / author\n"))
        #expect(mermaid.contains("  Item <|-- Book\n") && mermaid.contains("    <<abstract>>\n"))
        #expect(DOTRenderer.render(drawing) == dot, "deterministic")
    }

    @Test func cardinalitiesReadAsUMLDoes() throws {
        let model = try Fixtures.model(
            """
            <entity name="A">
                <relationship name="one" maxCount="1" deletionRule="Nullify" destinationEntity="B"/>
                <relationship name="some" optional="YES" toMany="YES" minCount="2" maxCount="5" deletionRule="Nullify" destinationEntity="B"/>
                <relationship name="many" toMany="YES" deletionRule="Nullify" destinationEntity="B"/>
                <relationship name="nowhere" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Gone"/>
            </entity>
            <entity name="B"/>
            """)
        let drawing = ModelDiagram(model, title: "T")
        #expect(
            drawing.relationships.map(\.toCardinality) == ["1", "0..5", "1..*"], "a missing destination is not drawn")
    }

    @Test func hostileNamesAreQuotedAndEscaped() {
        #expect(DOTRenderer.quoted("a\"b\\c\nd") == #""a\"b\\c d""#)
        #expect(DOTRenderer.html("<b>&\"") == "&lt;b&gt;&amp;&quot;")
        #expect(MermaidRenderer.name("Plain_1") == "Plain_1")
        #expect(MermaidRenderer.name("not an `id`") == "`not an id`")
        #expect(MermaidRenderer.member("a{b}<c>~d\"e:f") == "a b  c  d e f")
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

    /// Mermaid refuses a class diagram without a statement, so a version without entities says so in a note.
    @Test func aVersionWithoutEntitiesStillDraws() throws {
        let drawing = ModelDiagram(try Fixtures.model(""), title: "Empty")
        #expect(drawing.nodes.isEmpty)
        #expect(MermaidRenderer.render(drawing).hasSuffix("classDiagram\n  note \"no entities\"\n"))
        #expect(DOTRenderer.render(drawing).hasSuffix("}\n"))
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
