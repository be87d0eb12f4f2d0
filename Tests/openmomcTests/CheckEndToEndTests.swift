import Foundation
import Testing

/// `check`'s history and severity options as a user types them.
@Suite struct CheckEndToEndTests {
    let tool = EndToEndTests()

    @Test func severityAndConfigAndHistoryOnTheCommandLine() throws {
        let directory = NSTemporaryDirectory() + "openmomc-check-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let version = try tool.temporaryModel("""
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
        try #"{"diagnostics": {"missing-inverse": "ignore"}}"#.write(toFile: directory + "/openmomc.json", atomically: true,
                                                                    encoding: .utf8)
        #expect(!(try tool.run("check", "--config", directory + "/openmomc.json", version)).stderr.contains("[missing-inverse]"))
        let typo = try tool.run("check", "--severity", "missing-inverses=ignore", version)
        #expect(typo.status == 2 && typo.stderr.contains("unknown diagnostic code 'missing-inverses'"))
        #expect(try tool.run("check", "--history", version).status == 0)
        #expect(try tool.run("help", "check").stdout.contains("--history"))
    }
}
