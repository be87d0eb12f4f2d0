import Foundation
import Testing
@testable import ModelCompiler

/// Findings for CI: SARIF 2.1.0 for code scanning and GitHub workflow commands for annotations.
@Suite struct CIRendererTests {
    let diagnostics: [Diagnostic] = [
        .error(
            .duplicateEntity, "duplicate entity 'A'",
            at: SourceLocation(
                file: "/repo/M.xcdatamodeld/M 2.xcdatamodel/contents",
                line: 7, column: 5)),
        .warning(
            .missingInverse, "two lines:\nsecond, with 100% of a:b",
            at: SourceLocation(
                file: "Models/X.xcdatamodel/contents",
                line: 3)),
        .note(.noShippedRecord, "no record", at: SourceLocation(file: "/elsewhere/M.xcdatamodeld")),
        .warning(
            .xcode3UnknownTag, "unknown tag", at: SourceLocation(file: "/repo/Old.xcdatamodel/elements", element: "A.b")
        ),
    ]

    @Test func sarifCarriesEveryRequiredPropertyAndEveryFinding() throws {
        let text = DiagnosticRenderer.sarif(diagnostics, relativeTo: "/repo", toolVersion: "1.2.3")
        let log = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "openmomc" && driver["version"] as? String == "1.2.3")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(
            rules.compactMap { $0["id"] as? String } == [
                "duplicate-entity", "missing-inverse", "no-shipped-record",
                "xcode3-unknown-tag",
            ])
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == diagnostics.count)
        for (result, diagnostic) in zip(results, diagnostics) {
            let ruleId = try #require(result["ruleId"] as? String)
            #expect(ruleId == diagnostic.code.rawValue)
            #expect((rules[try #require(result["ruleIndex"] as? Int)]["id"] as? String) == ruleId)
            #expect((result["message"] as? [String: Any])?["text"] as? String != nil)
            #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
        }
        #expect(results.map { $0["level"] as? String } == ["error", "warning", "note", "warning"])
        func physical(_ index: Int) -> [String: Any]? {
            ((results[index]["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any]
        }
        let first = try #require(physical(0))
        // Relative to the working folder, percent-encoded as a URI, with the region's 1-based line and column.
        #expect(
            (first["artifactLocation"] as? [String: Any])?["uri"] as? String
                == "M.xcdatamodeld/M%202.xcdatamodel/contents")
        #expect((first["artifactLocation"] as? [String: Any])?["uriBaseId"] as? String == "SRCROOT")
        #expect((first["region"] as? [String: Any])?["startLine"] as? Int == 7)
        #expect((first["region"] as? [String: Any])?["startColumn"] as? Int == 5)
        #expect((physical(1)?["region"] as? [String: Any])?["startColumn"] == nil, "an unknown column is left out")
        #expect(physical(2)?["region"] == nil, "a finding without a line has no region")
        #expect((physical(2)?["artifactLocation"] as? [String: Any])?["uri"] as? String == "/elsewhere/M.xcdatamodeld")
        let base = (runs[0]["originalUriBaseIds"] as? [String: Any])?["SRCROOT"] as? [String: Any]
        #expect(base?["uri"] as? String == "file:///repo/")
        #expect((results[3]["message"] as? [String: Any])?["text"] as? String == "unknown tag [A.b]")
    }

    @Test func githubCommandsEscapeAsTheRunnerRequires() {
        let text = DiagnosticRenderer.github(diagnostics, relativeTo: "/repo/")
        #expect(
            text.split(separator: "\n").map(String.init) == [
                "::error file=M.xcdatamodeld/M 2.xcdatamodel/contents,line=7,col=5,title=duplicate-entity::duplicate entity 'A'",
                "::warning file=Models/X.xcdatamodel/contents,line=3,title=missing-inverse::two lines:%0Asecond, with 100%25 of a:b",
                "::notice file=/elsewhere/M.xcdatamodeld,title=no-shipped-record::no record",
                "::warning file=Old.xcdatamodel/elements,title=xcode3-unknown-tag::[A.b] unknown tag",
            ])
        // In a property, colons and commas are escaped too (the message keeps them).
        #expect(DiagnosticRenderer.escapeProperty("a:b,c%d\ne") == "a%3Ab%2Cc%25d%0Ae")
        #expect(
            DiagnosticRenderer.github(
                [.error(.duplicateEntity, "x", at: SourceLocation(file: "/repo/a,b:c.xcdatamodel"))],
                relativeTo: "/repo") == "::error file=a%2Cb%3Ac.xcdatamodel,title=duplicate-entity::x\n")
    }

    @Test func pathsAreRelativeToTheWorkingFolderOnlyWhenInsideIt() {
        #expect(ReportPaths.relative("/repo/a/b", to: "/repo") == "a/b")
        #expect(ReportPaths.relative("/repository/a", to: "/repo") == "/repository/a")
        #expect(ReportPaths.relative("./a/b", to: "/repo") == "a/b")
        #expect(ReportPaths.relative("/a", to: "/") == "a")
        #expect(ReportPaths.uriPath("M 2/ü#?.txt") == "M%202/%C3%BC%23%3F.txt")
    }
}
