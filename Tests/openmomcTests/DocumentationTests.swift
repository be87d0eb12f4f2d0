import Foundation
import TestSupport
import Testing

/// The DocC catalog builds from the library's symbol graph with no docc warning (a broken `<doc:>` link, a missing
/// image, an unknown symbol fail it), and every public symbol is documented (`Docs/build` checks docc's coverage).
/// Runs where docc is installed (the Swift toolchain's, on Linux; Xcode's, through `xcrun`), and always under CI.
@Suite struct DocumentationTests {
    static let docc: Bool =
        (try? Program.run(
            ["sh", "-c", "command -v docc || xcrun --find docc"],
            in: EndToEndTests.packageRoot
        ).status) == 0
    static var shouldRun: Bool { docc || ProcessInfo.processInfo.environment["CI"] == "true" }

    @Test(.enabled(if: shouldRun)) func theCatalogBuildsWithoutWarningsAndEverySymbolIsDocumented() throws {
        #expect(Self.docc, "docc is not installed (it comes with the Swift toolchain)")
        let output = NSTemporaryDirectory() + "openmomc-docs-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: output) }
        // The modules `swift test` built sit beside the executable.
        let bin = URL(fileURLWithPath: EndToEndTests.executable).deletingLastPathComponent().path
        let (status, text) = try Program.run(["bash", "Docs/build", output, bin], in: EndToEndTests.packageRoot)
        #expect(status == 0, "\(text.suffix(4000))")
        #expect(text.contains("public symbols documented"), "\(text.suffix(2000))")
        for page in ["adoptinginanappthatshipped", "buildplugin", "diagnostic", "managedobjectmodel"] {
            let path = output + "/data/documentation/modelcompiler/\(page).json"
            #expect(FileManager.default.fileExists(atPath: path), "\(page)")
        }
    }

    /// A broken link fails the build: the check is not a formality.
    @Test(.enabled(if: docc)) func aBrokenLinkFailsTheBuild() throws {
        let copy = NSTemporaryDirectory() + "openmomc-docs-broken-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let root = EndToEndTests.packageRoot
        for item in [
            "Docs", "Sources/ModelCompiler/ModelCompiler.docc", "Sources/CLibXML2", "Sources/CSQLite",
            "Sources/CZlib",
        ] {
            let parent = URL(fileURLWithPath: copy + "/" + item).deletingLastPathComponent().path
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: root + "/" + item, toPath: copy + "/" + item)
        }
        let guide = copy + "/Sources/ModelCompiler/ModelCompiler.docc/TheCompileCache.md"
        try (String(contentsOfFile: guide, encoding: .utf8) + "\nSee <doc:NoSuchGuide>.\n")
            .write(toFile: guide, atomically: true, encoding: .utf8)
        let bin = URL(fileURLWithPath: EndToEndTests.executable).deletingLastPathComponent().path
        let (status, text) = try Program.run(["bash", "Docs/build", copy + "/out", bin], in: copy)
        #expect(status != 0)
        #expect(text.contains("NoSuchGuide"), "\(text.suffix(2000))")
    }
}
