import Foundation
import TestSupport
import Testing

/// The adoption guide's path, run as written: its GitHub Actions job's openmomc steps (the install step aside) on a
/// package whose model shipped, then on a new version that drops data: the first passes, the second fails the job
/// with an annotation at the change.
@Suite struct AdoptionGuideTests {
    static let guide = ReadmeTests.catalog + "/AdoptingInAnAppThatShipped.md"

    /// The one-line `run: openmomc ...` steps of the guide's workflow, in order.
    static func workflowSteps() throws -> [String] {
        let text = try String(contentsOfFile: guide, encoding: .utf8)
        let start = try #require(text.range(of: "```yaml\n"))
        let end = try #require(text[start.upperBound...].range(of: "```"))
        return text[start.upperBound..<end.lowerBound].split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("run: openmomc ") }
            .map { String($0.dropFirst("run: ".count)) }
    }

    /// A package (its root marked by `.git`) holding the sample at the workflow's path, every version but the
    /// current one shipped, as after step 3.
    static func package() throws -> String {
        let folder = NSTemporaryDirectory() + "openmomc-adoption-" + UUID().uuidString
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/Sources/MyApp", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: folder + "/.git", withIntermediateDirectories: false)
        try manager.copyItem(
            atPath: EndToEndTests.packageRoot + "/SampleModels/Library.xcdatamodeld",
            toPath: folder + "/Sources/MyApp/MyModel.xcdatamodeld")
        return folder
    }

    static func run(_ steps: [String], in folder: String) throws -> (status: Int32, output: String) {
        let script =
            ["export GITHUB_STEP_SUMMARY='\(folder)/summary.md'"]
            + steps.map { "'\(EndToEndTests.executable)'" + $0.dropFirst("openmomc".count) }
        return try Program.run(["sh", "-e", "-c", script.joined(separator: "\n")], in: folder)
    }

    @Test func theWorkflowPassesAShippedModelAndFailsANewDrop() throws {
        let steps = try Self.workflowSteps()
        #expect(
            steps.count == 2 && steps[0].hasPrefix("openmomc check --format github")
                && steps[1].hasPrefix("openmomc diff --format markdown"), "\(steps)")
        let folder = try Self.package()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let passed = try Self.run(steps, in: folder)
        #expect(passed.status == 0, "\(passed.output)")
        let summary = try String(contentsOfFile: folder + "/summary.md", encoding: .utf8)
        #expect(summary.contains("Library 2 -> Library 3"), "\(summary)")

        // Step 5: a new version that drops an attribute fails the job, annotated at the attribute (a removal is
        // shown where the removed attribute is, in the newest shipped version that has it).
        let bundle = folder + "/Sources/MyApp/MyModel.xcdatamodeld"
        let added = try Program.run([EndToEndTests.executable, "new-version", bundle], in: folder)
        #expect(added.status == 0, "\(added.output)")
        let contents = bundle + "/Library 4.xcdatamodel/contents"
        let text = try String(contentsOfFile: contents, encoding: .utf8)
        try text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains(#"name="born""#) }
            .joined(separator: "\n").write(toFile: contents, atomically: true, encoding: .utf8)
        let failed = try Self.run(steps, in: folder)
        #expect(failed.status == 1, "\(failed.output)")
        let errors = failed.output.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(
            errors.count == 1
                && errors[0].hasPrefix("::error file=Sources/MyApp/MyModel.xcdatamodeld/Library 2.xcdatamodel/contents")
                && errors[0].contains("'Author.born' is removed"), "\(failed.output)")
        // Acknowledged (step 5's command), the job passes again.
        let acknowledged = try Program.run(
            [
                EndToEndTests.executable, "acknowledge", bundle, "Author.born",
                "--reason", "birth dates are no longer kept",
            ], in: folder)
        #expect(
            acknowledged.status == 0 && acknowledged.output.contains("acknowledged that 'Author.born'"),
            "\(acknowledged.output)")
        #expect(try Self.run(steps, in: folder).status == 0)
    }
}
