import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import ModelCompiler

/// `diagram --from A --to B`: the picture of one upgrade, each kind of change in its colour.
@Suite struct ChangeDiagramTests {
    static func colour(_ status: ChangeDiagram.Status) -> String { ChangeRenderers.colours[status]!.0 }

    /// The sample's known change: 'Book.summary' renamed to 'synopsis' (renaming ID), 'Book.tags' added; Book's
    /// version hash changes, nothing else does.
    @Test func theSamplesLibrary2ToLibrary3() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let dotPath = directory + "/change.dot", mermaidPath = directory + "/change.mmd"
        let result = diagram(
            input: Fixtures.sampleBundle, output: dotPath, version: "Library 3", format: .dot,
            from: "Library 2")
        #expect(result.diagnostics.isEmpty && result.outputPath == dotPath)
        let dot = try String(contentsOfFile: dotPath, encoding: .utf8)
        #expect(dot.hasPrefix(#"digraph "Library: Library 2 -> Library 3: inferable (lightweight migration)" {"#))
        #expect(dot.contains("<b>Book [changed]</b>"), "\(dot)")
        #expect(dot.contains(#"<font color="\#(Self.colour(.renamed))">synopsis?: String (was summary)</font>"#))
        #expect(dot.contains(#"<font color="\#(Self.colour(.added))">tags?: Transformable</font>"#))
        for unchanged in ["Author", "Item", "Magazine", "Shelf"] {
            #expect(
                dot.contains("<b>\(unchanged)</b>") || dot.contains("<b><i>\(unchanged)</i> (abstract)</b>"),
                "\(unchanged) is drawn unchanged")
        }
        #expect(!dot.contains("[removed]") && !dot.contains("<s>"))
        #expect(dot.contains(#""legend" [label=<"#) && dot.contains(">renamed</font>"))
        _ = diagram(input: Fixtures.sampleBundle, output: mermaidPath, format: .mermaid, from: "Library 2")
        let mermaid = try String(contentsOfFile: mermaidPath, encoding: .utf8)
        #expect(mermaid.contains("    +String? synopsis «renamed from summary»\n"), "\(mermaid)")
        #expect(mermaid.contains("    +Transformable? tags «added»\n"))
        #expect(mermaid.contains("  cssClass \"Book\" changed\n"))
        #expect(mermaid.contains("  classDef changed fill:#ffe0b2"))
        // Deterministic.
        _ = diagram(input: Fixtures.sampleBundle, output: directory + "/again.dot", format: .dot, from: "Library 2")
        #expect(try String(contentsOfFile: directory + "/again.dot", encoding: .utf8) == dot)
    }

    /// Removals, a renamed entity and a changed property, on a small pair.
    @Test func removalsRenamesAndChanges() throws {
        var old = try Fixtures.model(
            """
            <entity name="Person"><attribute name="name" attributeType="String"/>
                <attribute name="nickname" optional="YES" attributeType="String"/>
                <attribute name="age" optional="YES" attributeType="Integer 16"/>
                <relationship name="pets" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Pet"/>
            </entity>
            <entity name="Pet"><attribute name="name" optional="YES" attributeType="String"/></entity>
            <entity name="Gone"/>
            """)
        old.versionName = "v1"
        var new = try Fixtures.model(
            """
            <entity name="Person"><attribute name="name" attributeType="String"/>
                <attribute name="age" optional="YES" attributeType="Integer 64"/>
                <relationship name="animals" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Animal" elementID="pets"/>
            </entity>
            <entity name="Animal" elementID="Pet"><attribute name="name" optional="YES" attributeType="String"/></entity>
            """)
        new.versionName = "v2"
        let drawing = ChangeDiagram(from: old, to: new, title: "v1 -> v2", changedEntities: ["Person"])
        #expect(
            drawing.nodes.map { "\($0.id):\($0.status.rawValue)" } == [
                "Person:changed", "Animal:renamed", "Gone:removed",
            ])
        #expect(drawing.nodes[1].oldName == "Pet")
        let person = drawing.nodes[0].rows.map { "\($0.name):\($0.status.rawValue)" }
        #expect(person == ["name:unchanged", "age:changed", "nickname:removed"])
        #expect(drawing.relationships.map { "\($0.label):\($0.status.rawValue)" } == ["animals (was pets):renamed"])
        let dot = ChangeRenderers.dot(drawing)
        #expect(dot.contains("<s>nickname?: String</s>") && dot.contains("<b>Gone [removed]</b>"))
        #expect(dot.contains("<b>Animal (was Pet) [renamed]</b>"))
    }
}
