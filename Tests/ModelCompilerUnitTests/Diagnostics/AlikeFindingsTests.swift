import Foundation
import Testing
@testable import ModelCompiler

/// One finding per fact, also at scale: text output sums up alike findings past 20 per code and file.
@Suite struct AlikeFindingsTests {
    private func warning(_ code: DiagnosticCode, _ file: String, _ line: Int) -> Diagnostic {
        .warning(code, "finding \(line)", at: SourceLocation(file: file, line: line, column: 1))
    }

    @Test func pastTheLimitTheRestIsOneLineWhereTheLastShownOneStands() {
        var input = (1...25).map { warning(.unknownXMLAttribute, "a", $0) }
        input.insert(warning(.unknownXMLElement, "a", 100), at: 3)
        input += (1...25).map { warning(.unknownXMLAttribute, "b", $0) }
        input.append(.error(.unknownXMLAttribute, "worse", at: SourceLocation(file: "a", line: 99)))
        let bounded = AlikeFindings.bounded(input)
        #expect(bounded.count == 20 + 1 + 1 + 20 + 1)
        let summaries = bounded.filter { $0.location.line == 0 }
        #expect(summaries.map(\.location.file) == ["a", "b"])
        // The worst severity among the hidden ones: an error is never summed up as a warning.
        #expect(summaries.map(\.severity) == [.error, .warning])
        #expect(
            summaries[0].message == "6 more findings like these in this file are not shown (26 in all); "
                + "`--format json` lists every one")
        #expect(bounded[21].location.line == 0 && bounded[20].location.line == 20, "the summary follows the 20th")
        #expect(bounded.filter { $0.code == .unknownXMLElement }.count == 1)
    }

    @Test func atTheLimitNothingIsSummedUp() {
        let input = (1...20).map { warning(.missingInverse, "a", $0) }
        #expect(AlikeFindings.bounded(input) == input)
    }

    /// The scale: 200,000 unknown attributes in one file print a screen, and every one stays in the counts
    /// and in JSON. (Spread over 2,000 elements: libxml2 2.9 checks one element's attributes against each other in
    /// quadratic time, which no model comes near.)
    @Test func twoHundredThousandUnknownAttributesPrintABoundedNumberOfLines() throws {
        let attributes = (0..<100).map { "x\($0)=\"1\"" }.joined(separator: " ")
        let body = (0..<2_000).map { "<entity name=\"E\($0)\" \(attributes)/>" }.joined(separator: "\n")
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Fixtures.writeBundle(in: directory, versions: [("Model", Fixtures.contents(body))])
        let result = check(paths: [bundle])
        #expect(result.diagnostics.with(.unknownXMLAttribute).count == 200_000)
        let text = DiagnosticRenderer.text(result.diagnostics)
        let lines = text.split(separator: "\n")
        #expect(lines.count <= 25, "\(lines.count) lines")
        #expect(text.contains("199980 more findings like these in this file are not shown (200000 in all)"))
        #expect(DiagnosticRenderer.momc(result.diagnostics).split(separator: "\n").count <= 25)
        #expect(DiagnosticRenderer.summary(result.diagnostics, checkedModels: 1).contains("200000 warnings"))
    }
}
