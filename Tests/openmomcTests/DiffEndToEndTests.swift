import Foundation
import Testing

@Suite struct DiffEndToEndTests {
    let tool = EndToEndTests()

    @Test func diffPrintsAVerdictPerPairAndJSON() throws {
        let text = try tool.run("diff", "SampleModels/Library.xcdatamodeld")
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("Library -> Library 3: inferable (lightweight migration)\n"))
        #expect(
            text.stdout.contains("  [inferable] 'Book.summary' is renamed to 'Book.synopsis' (renaming ID 'summary')\n")
        )
        let same = try tool.run("diff", "--from", "Library 3", "--to", "Library 3", "SampleModels/Library.xcdatamodeld")
        #expect(same.stdout == "Library 3 -> Library 3: no migration needed\n")
        let json = try tool.run("diff", "--format", "json", "--from", "Library", "SampleModels/Library.xcdatamodeld")
        let reports = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(reports.count == 1 && reports[0]["to"] as? String == "Library 3")
        #expect((reports[0]["changes"] as? [[String: Any]])?.isEmpty == false)
        let missing = try tool.run("diff", "--from", "Library 9", "SampleModels/Library.xcdatamodeld")
        #expect(
            missing.status == 2
                && missing.stderr.contains(
                    "no version 'Library 9'; its versions are 'Library', "
                        + "'Library 2', 'Library 3'"),
            "\(missing.stderr)")
    }

    /// #48: diff takes the app's mapping models as check does: a hop one covers is its custom migration, and the
    /// exit status is about the reported pairs alone.
    @Test func aMappingModelsHopIsItsCustomMigrationAndTheStatusIsTheHops() throws {
        let folder = NSTemporaryDirectory() + "openmomc-diff-" + UUID().uuidString
        let elsewhere = folder + "-mapping"
        defer { for path in [folder, elsewhere] { try? FileManager.default.removeItem(atPath: path) } }
        try FileManager.default.createDirectory(atPath: folder + "/.git", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        let example = EndToEndTests.packageRoot + "/SampleModels/PluginExample/Sources/LibraryStore"
        try FileManager.default.copyItem(
            atPath: example + "/Notes.xcdatamodeld", toPath: folder + "/Notes.xcdatamodeld")
        try FileManager.default.copyItem(
            atPath: example + "/NotesToNotes2.xcmappingmodel",
            toPath: elsewhere + "/NotesToNotes2.xcmappingmodel")
        let bundle = folder + "/Notes.xcdatamodeld"
        // Without its mapping model, the type change cannot be inferred: the pair fails, and diff says so.
        let bare = try tool.run("diff", "--from", "Notes", bundle)
        #expect(bare.status == 1 && bare.stdout.hasPrefix("Notes -> Notes 2: not inferable"), "\(bare.stdout)")
        #expect(bare.stderr.contains("Notes -> Notes 2 cannot be migrated: no mapping model covers it"))
        // With it (--mapping-model, or the openmomc.json found at the package root), check and diff agree.
        let mapped = try tool.run(
            "diff", "--from", "Notes", "--mapping-model", elsewhere + "/NotesToNotes2.xcmappingmodel", bundle)
        #expect(
            mapped.status == 0
                && mapped.stdout == "Notes -> Notes 2: custom migration by 'NotesToNotes2.xcmappingmodel'\n",
            "\(mapped.stdout)\(mapped.stderr)")
        try #"{"mappingModels": ["\#(elsewhere)/NotesToNotes2.xcmappingmodel"]}"#
            .write(toFile: folder + "/openmomc.json", atomically: true, encoding: .utf8)
        let found = try tool.run("diff", "--format", "json", "--from", "Notes", bundle)
        let reports = try #require(JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]])
        #expect(found.status == 0 && reports.first?["mappingModel"] as? String == "NotesToNotes2.xcmappingmodel")
        #expect(try tool.run("check", bundle).status == 0)
        // A failing pair into a version that shipped is history: said, never failing.
        try FileManager.default.removeItem(atPath: folder + "/openmomc.json")
        #expect(
            try tool.run("mark-shipped", "--all", "--accept-findings", "migrated by hand in 2.0", bundle).status == 0)
        let history = try tool.run("diff", "--from", "Notes", bundle)
        #expect(
            history.status == 0 && history.stderr.contains("note: Notes -> Notes 2 cannot be migrated"),
            "\(history.stderr)")
    }

    @Test func diffToTheFirstVersionSaysThereIsNothingToCompare() throws {
        let result = try tool.run("diff", "--to", "Library", "SampleModels/Library.xcdatamodeld")
        #expect(
            result.status == 0 && result.stdout == "nothing to compare: no version comes before version 'Library'\n")
    }

    @Test func absentNamesFailTheCheck() throws {
        let present = try tool.run(
            "check", "--absent", "Book.summary", "--absent", "Book.isbn", "SampleModels/Library.xcdatamodeld")
        #expect(present.status == 1 && present.stderr.contains("[retired-name-present]"))
        let gone = try tool.run("check", "--absent", "Book.summary", "SampleModels/Library.xcdatamodeld")
        #expect(gone.status == 0 && !gone.stderr.contains("warning"))
        // A name no version ever had checks nothing: a warning, probably a typo.
        let typo = try tool.run("check", "--absent", "Bok.summary", "SampleModels/Library.xcdatamodeld")
        #expect(
            typo.status == 0 && typo.stderr.contains("--absent 'Bok.summary' names nothing")
                && typo.stderr.contains("[retired-name-unknown]"))
        for bad in ["", ".", "Book.", "a/b", "Book.summary.x"] {
            #expect(try tool.run("check", "--absent", bad, "SampleModels/Library.xcdatamodeld").status == 2, "\(bad)")
        }
    }
}
