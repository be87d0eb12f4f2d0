import Foundation
import TestSupport
import Testing

/// The README is the landing page: short, its commands run as written, its links lead somewhere, and what a reader
/// comes for (the plugin snippet, adopting a shipped model, the store doctor) is on its first screen.
@Suite struct ReadmeTests {
    static let root = EndToEndTests.packageRoot
    static let catalog = root + "/Sources/ModelCompiler/ModelCompiler.docc"
    static func readme() throws -> String { try String(contentsOfFile: root + "/README.md", encoding: .utf8) }

    /// The shell blocks after `marker`, up to the next heading.
    static func commands(after marker: String, in text: String) throws -> [String] {
        let section = text[try #require(text.range(of: marker)).upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        return section[..<end].components(separatedBy: "```sh\n").dropFirst()
            .flatMap { $0.components(separatedBy: "```")[0].split(separator: "\n").map(String.init) }
    }

    @Test func isALandingPage() throws {
        let text = try Self.readme()
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count <= 120)
        let firstScreen = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(70).joined(
            separator: "\n")
        for needle in ["CoreDataModelPlugin", "mark-shipped", "openmomc store", "AdoptingInAnAppThatShipped.md"] {
            #expect(firstScreen.contains(needle), "\(needle) is not on the first screen")
        }
    }

    /// Its two commands, verbatim: the sample compiled (run here as written), and the tests (what `.ci/run` runs).
    @Test func theTwoCommandsAreThereVerbatimAndTheSampleCompiles() throws {
        let text = try Self.readme()
        let compile = "swift run openmomc compile SampleModels/Library.xcdatamodeld .build"
        #expect(text.contains("```sh\n\(compile)\n```"))
        #expect(text.contains("```sh\nswift test\n```"))
        let ci = try String(contentsOfFile: Self.root + "/.ci/run", encoding: .utf8)
        #expect(ci.split(separator: "\n").last == "swift test", ".ci/run ends with the README's test command")
        // The unit tests' command names the unit test target.
        let unit = "swift test --filter ModelCompilerUnitTests"
        #expect(text.contains("```sh\n\(unit)\n```"))
        let manifest = try String(contentsOfFile: Self.root + "/Package.swift", encoding: .utf8)
        #expect(manifest.contains(#".testTarget(\#n            name: "ModelCompilerUnitTests""#))
        let words = compile.split(separator: " ").map(String.init).dropFirst(3)
        let (status, output) = try Program.run([EndToEndTests.executable] + words, in: Self.root)
        #expect(status == 0, "\(output)")
        #expect(FileManager.default.fileExists(atPath: Self.root + "/.build/Library.momd/VersionInfo.plist"))
    }

    /// Step 3's commands, run by the shell as written: the check passes, and the doctor names the store's writer.
    @Test func theCheckAndTheDoctorRunAsWritten() throws {
        let lines = try Self.commands(after: "**3. Check a model**", in: Self.readme())
        #expect(lines.count == 2)
        let script = lines.map {
            $0.replacingOccurrences(of: "swift run openmomc", with: "'\(EndToEndTests.executable)'")
        }
        .joined(separator: "\n")
        let (status, output) = try Program.run(["sh", "-e", "-c", script], in: Self.root)
        #expect(status == 0, "\(output)")
        #expect(output.contains("written by: Library 2\n"), "\(output)")
    }

    /// Every relative link leads to a file, and every guide of the catalog is linked and curated.
    @Test func everyLinkLeadsSomewhereAndEveryGuideIsListed() throws {
        let text = try Self.readme()
        let links = text.components(separatedBy: "](").dropFirst().map { $0.prefix { $0 != ")" } }
            .filter { !$0.hasPrefix("http") }
        #expect(!links.isEmpty)
        for link in links {
            #expect(FileManager.default.fileExists(atPath: Self.root + "/" + link), "\(link)")
        }
        let landing = try String(contentsOfFile: Self.catalog + "/ModelCompiler.md", encoding: .utf8)
        let guides = try FileManager.default.contentsOfDirectory(atPath: Self.catalog)
            .filter { $0.hasSuffix(".md") && $0 != "ModelCompiler.md" }
        #expect(guides.count >= 10)
        for guide in guides {
            #expect(links.contains { $0.hasSuffix("/" + guide) }, "the README links \(guide)")
            #expect(landing.contains("<doc:\(guide.dropLast(3))>"), "ModelCompiler.md lists \(guide)")
        }
    }
}
