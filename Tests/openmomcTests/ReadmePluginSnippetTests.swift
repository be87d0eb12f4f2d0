import Foundation
import Testing

/// The README's plugin step, pasted into a brand-new package as a user would: its `Package.swift` snippet
/// verbatim (with `../openmomc` a link to this checkout), then its `openmomc.json` and the `exclude:` entry the
/// README says to add with it. Both builds succeed and print no warning.
@Suite(.serialized) struct ReadmePluginSnippetTests {
    static func readmeBlock(_ language: String) throws -> String {
        let readme = try String(contentsOfFile: EndToEndTests.packageRoot + "/README.md", encoding: .utf8)
        let section = try #require(readme.range(of: "**2. Add the build plugin**")).upperBound
        let rest = readme[section...]
        let open = try #require(rest.range(of: "```\(language)\n"))
        let close = try #require(rest[open.upperBound...].range(of: "```"))
        return String(rest[open.upperBound..<close.lowerBound])
    }

    /// The plugin guide shows the same snippet, so that what is tested here is what both say.
    @Test func thePluginGuideShowsTheSameSnippet() throws {
        let catalog = EndToEndTests.packageRoot + "/Sources/ModelCompiler/ModelCompiler.docc"
        let guide = try String(contentsOfFile: catalog + "/BuildPlugin.md", encoding: .utf8)
        #expect(guide.contains("```swift\n" + (try Self.readmeBlock("swift")) + "```"))
        #expect(guide.contains("```json\n" + (try Self.readmeBlock("json")) + "```"))
    }

    @Test func theSnippetBuildsAsWrittenWithAndWithoutOpenmomcJSON() throws {
        let snippet = try Self.readmeBlock("swift"), options = try Self.readmeBlock("json")
        #expect(snippet.contains(#"exclude: ["MyModel.xcdatamodeld"]"#), "the test edits this line below")
        let root = NSTemporaryDirectory() + "openmomc-readme-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let package = root + "/App", target = package + "/Sources/MyStore"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root + "/openmomc", withDestinationPath: EndToEndTests.packageRoot)
        try FileManager.default.copyItem(
            atPath: EndToEndTests.packageRoot + "/SampleModels/Library.xcdatamodeld",
            toPath: target + "/MyModel.xcdatamodeld")
        let manifest =
            "// swift-tools-version:6.1\nimport PackageDescription\n\nlet package = Package(\n"
            + "    name: \"App\",\n" + snippet + ")\n"
        try manifest.write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        // What the README says the generated code and the resource give the target.
        try """
        import Foundation
        public let currentVersion = MyModelModel.currentVersionName
        public var compiledModel: URL? { Bundle.module.url(forResource: "MyModel", withExtension: "momd") }
        """.write(toFile: target + "/Store.swift", atomically: true, encoding: .utf8)
        let scratch = package + "/.build"

        func buildIsClean(_ label: String) throws {
            let result = try PluginExampleTests.swift(["build"], in: package, scratch: scratch)
            #expect(result.status == 0, "\(label): \(result.output.suffix(3000))")
            let warnings = result.output.split(separator: "\n").filter { $0.contains("warning:") }
            #expect(warnings.isEmpty, "\(label): \(warnings.prefix(5))")
        }
        try buildIsClean("without openmomc.json")
        let momd = FileManager.default.enumerator(atPath: scratch)?.compactMap { $0 as? String }
            .first { $0.hasSuffix("MyModel.momd/VersionInfo.plist") }
        #expect(momd != nil, "the compiled model is a resource of the target")

        try options.write(toFile: target + "/openmomc.json", atomically: true, encoding: .utf8)
        try manifest.replacingOccurrences(
            of: #"exclude: ["MyModel.xcdatamodeld"]"#,
            with: #"exclude: ["MyModel.xcdatamodeld", "openmomc.json"]"#
        )
        .write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        try buildIsClean("with openmomc.json")
    }
}
