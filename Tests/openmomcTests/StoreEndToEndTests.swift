import Foundation
import Testing

/// `openmomc store` as a support engineer runs it on a user's store, from ../shared/stores.
@Suite struct StoreEndToEndTests {
    let tool = EndToEndTests()
    static let shared = EndToEndTests.packageRoot + "/../shared"
    static let store = shared + "/stores/objcio__core-data/Migrations/MigrationsTests/Moody 3.moody"
    static let bundle = shared + "/corpus/objcio__core-data/Migrations/Migrations/Moody.xcdatamodeld"

    @Test(.enabled(if: EndToEndTests.sharedTestsRun(StoreEndToEndTests.store)))
    func namesTheWriterAndTheVerdictInTextAndJSON() throws {
        let text = try tool.run("store", Self.store, "--model", Self.bundle)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("  framework version 637, store type SQLite, UUID "))
        #expect(text.stdout.contains("\nwritten by: Moody 3\n"))
        #expect(text.stdout.contains("\nverdict for Moody 6 (current): opens after an inferred migration from Moody 3: "))
        #expect(text.stdout.contains("  Mood             "), "entities are listed with hash and rows")
        let json = try tool.run("store", "--format", "json", Self.store, "--model", Self.bundle)
        let report = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["writtenBy"] as? [String] == ["Moody 3"])
        #expect((report["verdict"] as? [String: Any])?["kind"] as? String == "migrates")
        #expect(report["differences"] as? [String] == [])
    }

    @Test func aFileThatIsNoStoreIsBadInput() throws {
        let text = try tool.run("store", "README.md", "--model", "SampleModels/Library.xcdatamodeld")
        #expect(text.status == 2)
        #expect(text.stderr.contains("README.md: error: not an SQLite database (or an encrypted one)"), "\(text.stderr)")
        #expect(text.stdout.isEmpty)
        let help = try tool.run("help", "store")
        #expect(help.stdout.contains("USAGE: openmomc store [--model <bundle>]... [--format text|json] <store>"))
    }
}
