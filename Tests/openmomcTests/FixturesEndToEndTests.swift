import Foundation
import TestSupport
import Testing

/// `openmomc fixtures` and `openmomc store sanitize` from the command line.
@Suite struct FixturesEndToEndTests {
    let tool = EndToEndTests()

    @Test func fixturesThenStoreThenSanitize() throws {
        let directory = NSTemporaryDirectory() + "openmomc-e2e-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let made = try tool.run(
            "fixtures", "SampleModels/Library.xcdatamodeld", directory, "--rows", "12", "--seed", "3")
        #expect(made.status == 0, "\(made.stderr)")
        #expect(
            made.stdout == "wrote \(directory)/Library.sqlite and its .expected.json\n"
                + "wrote \(directory)/Library 2.sqlite and its .expected.json\n")
        let doctor = try tool.run(
            "store", directory + "/Library 2.sqlite", "--model", "SampleModels/Library.xcdatamodeld")
        #expect(doctor.status == 0 && doctor.stdout.contains("written by: Library 2\n"), "\(doctor.stdout)")
        let clean = try tool.run("store", "sanitize", directory + "/Library 2.sqlite", directory + "/clean.sqlite")
        #expect(clean.status == 0 && clean.stdout.hasPrefix("wrote \(directory)/clean.sqlite: "), "\(clean.stderr)")
        let again = try tool.run("store", directory + "/clean.sqlite", "--model", "SampleModels/Library.xcdatamodeld")
        #expect(again.stdout.contains("written by: Library 2\n"))
        let chosen = try tool.run("fixtures", "SampleModels/Library.xcdatamodeld", directory, "--version", "Library 3")
        #expect(chosen.stdout == "wrote \(directory)/Library 3.sqlite and its .expected.json\n")
    }

    @Test func badUsage() throws {
        #expect(try tool.run("fixtures", "SampleModels/Library.xcdatamodeld").status == 2)
        #expect(
            try tool.run("fixtures", "SampleModels/Library.xcdatamodeld", "/tmp/x", "--rows", "-3").stderr
                == "error: --rows takes a whole number, 0 or more\n")
        #expect(try tool.run("store", "sanitize", "only-one").status == 2)
        let help = try tool.run("help", "fixtures")
        #expect(help.status == 0 && help.stdout.contains("USAGE: openmomc fixtures"))
        #expect(try tool.run("store", "sanitize", "--help").stdout.contains("USAGE: openmomc store sanitize"))
    }
}

extension FixturesEndToEndTests {
    /// The store guide's "Testing upgrades on real store files" commands, run by the shell as written, from the
    /// package root, with the fixtures' folder moved to a temporary one (the guide's is a test target's).
    @Test func theGuidesFixturesCommandsWork() throws {
        let readme = try String(
            contentsOfFile: EndToEndTests.packageRoot
                + "/Sources/ModelCompiler/ModelCompiler.docc/StoreDoctorAndFixtures.md", encoding: .utf8)
        let section = try #require(readme.range(of: "## Testing upgrades on real store files")).upperBound
        let open = try #require(readme[section...].range(of: "```sh\n"))
        let close = try #require(readme[open.upperBound...].range(of: "```"))
        let folder = NSTemporaryDirectory() + "openmomc-readme-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = String(readme[open.upperBound..<close.lowerBound])
            .replacingOccurrences(of: "swift run openmomc", with: "'\(EndToEndTests.executable)'")
            .replacingOccurrences(of: "Tests/LibraryTests/Fixtures", with: folder)
        #expect(script.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 2)
        let (status, text) = try Program.run(["sh", "-e", "-c", script], in: EndToEndTests.packageRoot)
        #expect(status == 0, "\(text)")
        #expect(text.contains("written by: Library 2\n"), "\(text)")
        #expect(FileManager.default.fileExists(atPath: folder + "/Library.expected.json"))
    }
}
