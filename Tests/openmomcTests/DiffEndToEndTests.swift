import Foundation
import Testing

@Suite struct DiffEndToEndTests {
    let tool = EndToEndTests()

    @Test func diffPrintsAVerdictPerPairAndJSON() throws {
        let text = try tool.run("diff", "SampleModels/Library.xcdatamodeld")
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("Library -> Library 3: inferable (lightweight migration)\n"))
        #expect(text.stdout.contains("  [inferable] 'Book.summary' is renamed to 'Book.synopsis' (renaming ID 'summary')\n"))
        let same = try tool.run("diff", "--from", "Library 3", "--to", "Library 3", "SampleModels/Library.xcdatamodeld")
        #expect(same.stdout == "Library 3 -> Library 3: no migration needed\n")
        let json = try tool.run("diff", "--format", "json", "--from", "Library", "SampleModels/Library.xcdatamodeld")
        let reports = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(reports.count == 1 && reports[0]["to"] as? String == "Library 3")
        #expect((reports[0]["changes"] as? [[String: Any]])?.isEmpty == false)
        let missing = try tool.run("diff", "--from", "Library 9", "SampleModels/Library.xcdatamodeld")
        #expect(missing.status == 2 && missing.stderr.contains("no version 'Library 9'"))
    }

    @Test func diffToTheFirstVersionSaysThereIsNothingToCompare() throws {
        let result = try tool.run("diff", "--to", "Library", "SampleModels/Library.xcdatamodeld")
        #expect(result.status == 0 && result.stdout == "nothing to compare: no version comes before version 'Library'\n")
    }

    @Test func absentNamesFailTheCheck() throws {
        let present = try tool.run("check", "--absent", "Book.summary", "--absent", "Book.isbn", "SampleModels/Library.xcdatamodeld")
        #expect(present.status == 1 && present.stderr.contains("[retired-name-present]"))
        let gone = try tool.run("check", "--absent", "Book.summary", "SampleModels/Library.xcdatamodeld")
        #expect(gone.status == 0 && !gone.stderr.contains("warning"))
        // A name no version ever had checks nothing: a warning, probably a typo.
        let typo = try tool.run("check", "--absent", "Bok.summary", "SampleModels/Library.xcdatamodeld")
        #expect(typo.status == 0 && typo.stderr.contains("--absent 'Bok.summary' names nothing") && typo.stderr.contains("[retired-name-unknown]"))
        for bad in ["", ".", "Book.", "a/b", "Book.summary.x"] {
            #expect(try tool.run("check", "--absent", bad, "SampleModels/Library.xcdatamodeld").status == 2, "\(bad)")
        }
    }
}
