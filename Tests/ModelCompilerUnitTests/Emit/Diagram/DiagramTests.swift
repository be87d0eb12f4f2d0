import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import Testing
@testable import ModelCompiler

/// `openmomc diagram`: DOT and Mermaid text from the typed model (SVG from Graphviz: `DiagramCorpusTests`).
@Suite struct DiagramTests {
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

    /// Mermaid refuses a class diagram without a statement, so a version without entities says so in a note.
    @Test func aVersionWithoutEntitiesStillDraws() throws {
        let drawing = ModelDiagram(try Fixtures.model(""), title: "Empty")
        #expect(drawing.nodes.isEmpty)
        #expect(MermaidRenderer.render(drawing).hasSuffix("classDiagram\n  note \"no entities\"\n"))
        #expect(DOTRenderer.render(drawing).hasSuffix("}\n"))
    }
}
