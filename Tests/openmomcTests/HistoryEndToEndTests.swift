import Foundation
import Testing

/// `mark-shipped` and `new-version` as a user runs them, on a scratch copy of the sample.
@Suite struct HistoryEndToEndTests {
    let tool = EndToEndTests()

    func scratch() throws -> (String, String) {
        let directory = NSTemporaryDirectory() + "openmomc-e2e-history-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let bundle = directory + "/Library.xcdatamodeld"
        try FileManager.default.copyItem(
            atPath: EndToEndTests.packageRoot + "/SampleModels/Library.xcdatamodeld", toPath: bundle)
        return (directory, bundle)
    }

    /// #50: a version named with a terminal escape and a line break is printed as escapes by every text output that
    /// names it (mark-shipped, hashes, diff), never raw: it can neither fake a diagnostic line nor drive the terminal.
    @Test func aHostileVersionNameIsPrintedAsEscapes() throws {
        let (directory, bundle) = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let hostile = "Library 2\u{1B}[2J\nFAKE.swift:1:1: error: pwned"
        try FileManager.default.moveItem(
            atPath: bundle + "/Library 2.xcdatamodel", toPath: bundle + "/\(hostile).xcdatamodel")
        try FileManager.default.removeItem(atPath: bundle + "/ShippedVersions.json")
        let runs = [
            try tool.run("mark-shipped", "--version", hostile, bundle), try tool.run("hashes", bundle),
            try tool.run("diff", "--to", "Library 3", bundle), try tool.run("check", "--history", bundle),
        ]
        for run in runs {
            let output = run.stdout + run.stderr
            #expect(!output.unicodeScalars.contains { $0.value == 0x1B }, "\(output.debugDescription)")
            #expect(!output.split(separator: "\n").contains { $0.hasPrefix("FAKE.swift") }, "\(output)")
        }
        #expect(
            runs[0].status == 0 && runs[0].stdout.contains("marked 'Library 2\\u{1b}[2J\\nFAKE.swift"),
            "\(runs[0].stdout)")
    }

    @Test func newVersionThenMarkShippedThenAnEditFailsTheBuild() throws {
        let (directory, bundle) = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let created = try tool.run("new-version", bundle)
        #expect(
            created.status == 0
                && created.stdout == "created 'Library 4' from 'Library 3' and made it the current version\n")
        let marked = try tool.run("mark-shipped", "--version", "Library 3", bundle)
        #expect(marked.status == 0 && marked.stdout.hasPrefix("marked 'Library 3' shipped"))
        let contents = bundle + "/Library 3.xcdatamodel/contents"
        let text = try String(contentsOfFile: contents, encoding: .utf8)
        try text.replacingOccurrences(
            of: #"name="issue" attributeType="Integer 32""#, with: #"name="issue" attributeType="String""#
        )
        .write(toFile: contents, atomically: true, encoding: .utf8)
        let checked = try tool.run("check", bundle)
        #expect(checked.status == 1)
        #expect(checked.stderr.contains("Library 3.xcdatamodel/contents:"))
        #expect(checked.stderr.contains("error: shipped version 'Library 3' was edited: 'Magazine.issue' changed"))
        #expect(checked.stderr.contains("[shipped-version-modified]"))
        let compiled = try tool.run("compile", bundle, directory)
        #expect(compiled.status == 1 && !FileManager.default.fileExists(atPath: directory + "/Library.momd"))
    }

    @Test(.enabled(if: EndToEndTests.sharedTestsRun(HistoryEndToEndTests.binaryModel)))
    func convertRewritesAnXcode3BinaryVersionAsXML() throws {
        let directory = NSTemporaryDirectory() + "openmomc-e2e-convert-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let version = directory + "/CoreDataBug_DataModel.xcdatamodel"
        try FileManager.default.copyItem(atPath: Self.binaryModel, toPath: version)
        let before = try tool.run("hashes", version)
        #expect(before.status == 0)
        let converted = try tool.run("convert", version)
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(converted.stdout.hasPrefix("converted 'CoreDataBug_DataModel' to XML: wrote "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: version) == ["contents"])
        // The diagram's box positions come from `layout`, as Xcode's conversion writes them.
        let contents = try String(contentsOfFile: version + "/contents", encoding: .utf8)
        #expect(contents.contains(#"<element name="Bar" positionX="403" positionY="99" width="128" height="75"/>"#))
        #expect(contents.contains(#"<element name="Foo" positionX="225" positionY="99" width="128" height="60"/>"#))
        #expect(try tool.run("hashes", version).stdout == before.stdout)
        let again = try tool.run("convert", version)
        #expect(again.status == 0 && again.stderr.contains("already in the XML format"))
        #expect(try tool.run("convert", "--version", "Nope", version).status == 2)
        #expect(try tool.run("help", "convert").stdout.contains("--keep-binary"))
    }

    static let binaryModel =
        EndToEndTests.packageRoot
        + "/../shared/conformance/danielnorberg__CoreDataBug/ec3e4374/CoreDataBug_DataModel.xcdatamodel"

    @Test func usageErrors() throws {
        #expect(try tool.run("mark-shipped").status == 2)
        #expect(
            try tool.run("mark-shipped", "--all", "--version", "Library", "SampleModels/Library.xcdatamodeld").status
                == 2)
        #expect(
            try tool.run("new-version", "--nam", "X", "SampleModels/Library.xcdatamodeld").stderr.contains(
                "unknown option '--nam'"))
        #expect(try tool.run("help", "mark-shipped").stdout.contains("--all"))
        #expect(try tool.run("help", "new-version").stdout.contains("--name"))
    }
}
