import Foundation
import Testing
@testable import ModelCompiler

/// `diff --format markdown`: the pull-request comment.
@Suite struct DiffMarkdownTests {
    @Test func theSamplesReport() throws {
        let report = diffMarkdown(bundle: Fixtures.sampleBundle, workingDirectory: Fixtures.packageRoot)
        #expect(report.diagnostics.isEmpty && !report.inputFailed)
        let text = report.markdown
        #expect(text.hasPrefix("### Core Data model `Library`\n\n| Upgrade | Verdict |\n| --- | --- |\n"))
        #expect(text.contains("| Library 2 -> Library 3 | ✅ inferable (lightweight migration) |\n"))
        #expect(
            text.contains(
                "| Library 2 -> Library 3 | 'Book.summary' is renamed to 'Book.synopsis' (renaming ID "
                    + "'summary') | inferable | `SampleModels/Library.xcdatamodeld/Library 3.xcdatamodel/contents:18` |\n"
            ), "\(text)")
        // The picture is of the newest step into the target, and shows only what changed.
        let mermaid = try #require(text.range(of: "```mermaid\n")).upperBound
        let picture = String(text[mermaid...])
        #expect(
            picture.contains("title: \"Library 2 -> Library 3\"")
                && picture.contains("  class Book {\n    <<changed>>\n"))
        #expect(!picture.contains("class Author") && picture.hasSuffix("```\n"))
        #expect(diffMarkdown(bundle: Fixtures.sampleBundle, workingDirectory: Fixtures.packageRoot).markdown == text)
    }

    /// A drop says what the store loses, flagged; a failing upgrade is marked; cells cannot break the table.
    @Test func dropsAndFailuresAreFlagged() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let v1 = Fixtures.contents(
            #"""
            <entity name="Note"><attribute name="text" optional="YES" attributeType="String"/>
                <attribute name="rank" optional="YES" attributeType="String"/></entity>
            """#)
        let v2 = Fixtures.contents(
            #"<entity name="Note"><attribute name="rank" optional="YES" attributeType="Date"/></entity>"#)
        let bundle = try Fixtures.writeBundle(in: directory, versions: [("Model", v1), ("Model 2", v2)])
        let text = diffMarkdown(bundle: bundle, workingDirectory: directory).markdown
        #expect(text.contains("| Model -> Model 2 | ❌ not inferable: the store will fail to open |\n"), "\(text)")
        #expect(text.contains("column ZTEXT of every Note row is dropped"), "\(text)")
        #expect(text.contains("| DATA DROPPED | `Model.xcdatamodeld/Model.xcdatamodel/contents:"), "\(text)")
        #expect(DiffMarkdown.cell("a|b\nc <d> *e* `f`") == "a\\|b c &lt;d&gt; \\*e\\* 'f'")
    }

    @Test func nothingToCompare() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Fixtures.writeBundle(
            in: directory, versions: [("Model", Fixtures.contents("<entity name=\"A\"/>"))])
        #expect(diffMarkdown(bundle: bundle, workingDirectory: directory).markdown.contains("Nothing to compare"))
        #expect(diffMarkdown(bundle: directory + "/Missing.xcdatamodeld", workingDirectory: directory).inputFailed)
    }
}
