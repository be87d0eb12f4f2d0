import Foundation
import Testing

/// `check`'s history and severity options as a user types them.
@Suite struct CheckEndToEndTests {
    let tool = EndToEndTests()

    @Test func severityAndConfigAndHistoryOnTheCommandLine() throws {
        let directory = NSTemporaryDirectory() + "openmomc-check-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let version = try tool.temporaryModel(
            """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="A" representedClassName="A">
                    <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B"/>
                </entity>
                <entity name="B" representedClassName="B"/>
            </model>
            """, named: "M", in: directory)
        #expect(try tool.run("check", version).stderr.contains("[missing-inverse]"))
        let ignored = try tool.run("check", "--severity", "missing-inverse=ignore", version)
        #expect(ignored.status == 0 && !ignored.stderr.contains("[missing-inverse]"))
        let promoted = try tool.run("check", "--severity", "missing-inverse=error", version)
        #expect(promoted.status == 1 && promoted.stderr.contains("error: A.b should have an inverse"))
        try #"{"diagnostics": {"missing-inverse": "ignore"}}"#.write(
            toFile: directory + "/openmomc.json", atomically: true,
            encoding: .utf8)
        #expect(
            !(try tool.run("check", "--config", directory + "/openmomc.json", version)).stderr.contains(
                "[missing-inverse]"))
        let typo = try tool.run("check", "--severity", "missing-inverses=ignore", version)
        #expect(typo.status == 2 && typo.stderr.contains("unknown diagnostic code 'missing-inverses'"))
        #expect(try tool.run("check", "--history", version).status == 0)
        #expect(try tool.run("help", "check").stdout.contains("--history"))
    }
}

/// `--format sarif` and `--format github` as CI runs them: alone on standard output, the same findings as the text.
@Suite struct CIFormatEndToEndTests {
    let tool = EndToEndTests()

    @Test func sarifAndGithubCarryTheTextsFindings() throws {
        let directory = NSTemporaryDirectory() + "openmomc-ci-model-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let model = try tool.temporaryModel(
            """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="A" representedClassName="A" unknown="1">
                    <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B"/>
                    <attribute name="n" optional="YES" attributeType="Integer 32" defaultValueString="NO"/>
                </entity>
                <entity name="B" representedClassName="B"/>
            </model>
            """, named: "M", in: directory)
        let text = try tool.run("check", model)
        let sarif = try tool.run("check", "--format", "sarif", model)
        #expect(sarif.status == text.status && sarif.stderr.isEmpty)
        let log = try #require(JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let textFindings = text.stderr.split(separator: "\n").count
        #expect(textFindings == 3 && results.count == textFindings, "\(text.stderr)")
        let github = try tool.run("check", "--format", "github", model)
        #expect(github.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("::") } && github.stderr.isEmpty)
        #expect(github.stdout.split(separator: "\n").count == textFindings)
        for verb in ["compile", "build", "generate"] {
            let out = NSTemporaryDirectory() + "openmomc-ci-" + UUID().uuidString
            defer { try? FileManager.default.removeItem(atPath: out) }
            let run = try tool.run(verb, "--format", "sarif", "SampleModels/Library.xcdatamodeld", out)
            #expect(
                run.status == 0 && (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) != nil, "\(verb)")
        }
        #expect(try tool.run("check", "--format", "xml", "SampleModels/Library.xcdatamodeld").status == 2)
    }
}
