import Foundation
import Testing
@testable import ModelCompiler

@Suite struct DiagnosticRendererTests {
    let diagnostics: [Diagnostic] = [
        .error(
            .duplicateEntity, "duplicate entity 'A'",
            at: SourceLocation(file: "M.xcdatamodel/contents", line: 7, column: 5)),
        .warning(.emptyBundle, "no versions", at: SourceLocation(file: "M.xcdatamodeld")),
        .note(.unknownXMLElement, "see here", at: SourceLocation(file: "x", line: 3)),
    ]

    @Test func textIsTheFormXcodeAndSwiftPMParse() {
        #expect(
            DiagnosticRenderer.text(diagnostics) == """
                M.xcdatamodel/contents:7:5: error: duplicate entity 'A' [duplicate-entity]
                M.xcdatamodeld: warning: no versions [empty-bundle]
                x:3: note: see here [unknown-xml-element]

                """)
        #expect(!DiagnosticRenderer.text(diagnostics).contains("\u{1B}"))
        #expect(DiagnosticRenderer.text(diagnostics, colored: true).contains("\u{1B}[1;31merror:"))
    }

    @Test func jsonIsAStableFlatList() throws {
        let json = DiagnosticRenderer.json(diagnostics)
        let decoded = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(decoded.count == 3)
        #expect(decoded[0]["code"] as? String == "duplicate-entity")
        #expect(decoded[0]["line"] as? Int == 7 && decoded[0]["column"] as? Int == 5)
        #expect(decoded[0]["severity"] as? String == "error")
        #expect(decoded[0]["file"] as? String == "M.xcdatamodel/contents")
        #expect(json == DiagnosticRenderer.json(diagnostics))
        #expect(DiagnosticRenderer.json([]) == "[\n\n]\n" || DiagnosticRenderer.json([]) == "[]\n")
    }

    @Test func noDiagnosticsIsAnEmptyArrayOnOneLine() {
        #expect(DiagnosticRenderer.json([]) == "[]\n")
    }

    @Test func placesInsideAnArchiveAreNamedByElement() throws {
        let inArchive = Diagnostic.error(
            .inverseNotFound, "no inverse",
            at: SourceLocation(file: "Old.xcdatamodel/elements", element: "Note.tags"))
        #expect(
            DiagnosticRenderer.text([inArchive])
                == "Old.xcdatamodel/elements[Note.tags]: error: no inverse [inverse-not-found]\n")
        let decoded = try #require(
            JSONSerialization.jsonObject(with: Data(DiagnosticRenderer.json([inArchive] + diagnostics).utf8))
                as? [[String: Any]])
        #expect(decoded[0]["element"] as? String == "Note.tags")
        #expect(decoded.dropFirst().allSatisfy { $0["element"] == nil }, "text files keep the flat record")
    }

    @Test func userTextWithControlCharactersStaysOnOneLine() {
        let odd = Diagnostic.error(
            .duplicateEntity, "duplicate entity 'A\nB\tC\u{1B}[31m'",
            at: SourceLocation(file: "we\nird/contents", line: 1, column: 2))
        let text = DiagnosticRenderer.text([odd])
        #expect(text == "we\\nird/contents:1:2: error: duplicate entity 'A\\nB\\tC\\u{1b}[31m' [duplicate-entity]\n")
        #expect(DiagnosticRenderer.text([odd], colored: true).filter { $0 == "\n" }.count == 1)
    }

    @Test func summaryCounts() {
        #expect(
            DiagnosticRenderer.summary(diagnostics, checkedModels: 1) == "1 model version checked: 1 error, 1 warning")
        #expect(DiagnosticRenderer.summary([], checkedModels: 3) == "3 model versions checked: 0 errors, 0 warnings")
    }

    @Test func outputOrderIsByFileAndPosition() {
        let unsorted: [Diagnostic] = [
            .error("b", "", at: SourceLocation(file: "b", line: 1)),
            .error("a2", "", at: SourceLocation(file: "a", line: 9, column: 1)),
            .error("a1", "", at: SourceLocation(file: "a", line: 2, column: 4)),
        ]
        #expect(unsorted.sortedForOutput().map(\.code.rawValue) == ["a1", "a2", "b"])
    }
}
