import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// Every Mermaid text openmomc writes is parsed by Mermaid's own parser (Mermaid 11, as PyPI's `mermaid-parser-py`
/// bundles it, run by Debian's `nodejs`; `.ci/run` installs both): the sample's pictures and, for every corpus
/// bundle, its current version, its newest upgrade and its history.
@Suite struct MermaidGrammarTests {
    /// The bundled parser's folder, when the PyPI package is installed.
    static let parser: String? = {
        guard
            let run = try? Program.run(
                [
                    "python3", "-c",
                    "import importlib.util as u; "
                        + "print(u.find_spec('mermaid_parser').submodule_search_locations[0])",
                ], in: NSTemporaryDirectory()),
            run.status == 0
        else { return nil }
        let folder = run.output.split(separator: "\n").last.map(String.init) ?? ""
        let bundle = folder + "/js/parser.bundle.js"
        return FileManager.default.fileExists(atPath: bundle) ? bundle : nil
    }()
    static var node: Bool { (try? Program.run(["node", "--version"], in: NSTemporaryDirectory()).status) == 0 }
    static var runs: Bool { (parser != nil && node) || ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Parses each file; prints `FAIL file: reason` for each it refuses.
    static let script = """
        require(process.argv[2]);
        const fs = require('fs');
        (async () => {
          let failed = 0;
          for (const file of process.argv.slice(3)) {
            try { await globalThis.parse_mermaid(fs.readFileSync(file, 'utf8')); }
            catch (e) { failed++; console.log('FAIL ' + file + ': ' + String(e.message || e).slice(0, 400)); }
          }
          process.exit(failed ? 1 : 0);
        })();
        """

    static func parse(_ files: [String], in directory: String) throws -> (status: Int32, output: String) {
        let parser = try #require(Self.parser, "mermaid-parser-py is not installed (.ci/run installs it)")
        try script.write(toFile: directory + "/check.js", atomically: true, encoding: .utf8)
        return try Program.run(["node", directory + "/check.js", parser] + files, in: directory)
    }

    @Test(.enabled(if: runs)) func mermaidsParserRefusesBrokenText() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        try "classDiagram\n  class A {\n    +String x\n\n  A <|-- \n".write(
            toFile: directory + "/bad.mmd",
            atomically: true, encoding: .utf8)
        #expect(try Self.parse([directory + "/bad.mmd"], in: directory).status != 0, "the check would pass anything")
    }

    @Test(.enabled(if: runs)) func everyPictureParses() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        var bundles = [Fixtures.sampleBundle]
        if let shared = SharedFolder.path {
            bundles += try FileManager.default.subpathsOfDirectory(atPath: shared + "/corpus")
                .filter { $0.hasSuffix(".xcdatamodeld") }.sorted().map { shared + "/corpus/" + $0 }
        }
        var files: [String] = []
        for (index, bundle) in bundles.enumerated() {
            let prefix = directory + "/\(index)"
            if diagram(input: bundle, output: prefix + "-current.mmd", format: .mermaid).outputPath != nil {
                files.append(prefix + "-current.mmd")
            }
            if historyDiagram(input: bundle, output: prefix + "-history.mmd", format: .mermaid).outputPath != nil {
                files.append(prefix + "-history.mmd")
            }
            let (checked, _) = checkBundle(at: bundle)
            let names = checked?.models.map(\.versionName) ?? []
            if names.count > 1,
                diagram(input: bundle, output: prefix + "-change.mmd", format: .mermaid, from: names[names.count - 2])
                    .outputPath != nil
            {
                files.append(prefix + "-change.mmd")
            }
        }
        let markdown = diffMarkdown(bundle: Fixtures.sampleBundle, workingDirectory: directory).markdown
        let block = try #require(markdown.range(of: "```mermaid\n"))
        let end = try #require(markdown.range(of: "```", range: block.upperBound..<markdown.endIndex))
        try String(markdown[block.upperBound..<end.lowerBound]).write(
            toFile: directory + "/diff.mmd", atomically: true,
            encoding: .utf8)
        files.append(directory + "/diff.mmd")
        #expect(files.count >= 4)
        let run = try Self.parse(files, in: directory)
        #expect(run.status == 0, "\(run.output.prefix(3000))")
    }
}
