import Foundation
import Testing
@testable import ModelCompiler

/// Every verb builds one pipeline per bundle, and each stage runs once per version.
@Suite struct PipelineTests {
    static func trace(_ body: () -> Void) -> [String: Int] {
        let trace = StageTrace()
        StageTrace.$current.withValue(trace, operation: body)
        return trace.recorded
    }

    @Test func buildReadsTypesValidatesAndCompilesEachVersionOnce() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        var written: [String] = []
        let counts = Self.trace {
            written = build(input: Fixtures.sampleBundle, outputDirectory: directory).written
        }
        #expect(written.count == 2)
        let versions = ["Library", "Library 2", "Library 3"]
        var expected: [String: Int] = [:]
        for stage in ["read", "typed", "validated", "compiled", "hashed", "archived"] {
            for version in versions { expected[stage + " " + version] = 1 }
        }
        #expect(counts == expected)
    }

    @Test func checkNeverArchives() {
        let counts = Self.trace { _ = check(paths: [Fixtures.sampleBundle]) }
        #expect(counts["compiled Library 3"] == 1)
        #expect(!counts.keys.contains { $0.hasPrefix("archived") })
    }

    @Test(arguments: ["generate", "diff", "hashes", "dump", "mark-shipped"])
    func everyVerbCompilesEachVersionOnce(_ verb: String) throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = directory + "/Library.xcdatamodeld"
        try FileManager.default.copyItem(atPath: Fixtures.sampleBundle, toPath: bundle)
        let counts = Self.trace {
            switch verb {
            case "generate": _ = generate(input: bundle, outputDirectory: directory)
            case "diff": _ = diff(bundle: bundle)
            case "hashes": _ = hashes(path: bundle)
            case "dump": _ = dump(path: bundle)
            default: _ = markShipped(bundle: bundle, versions: ["Library 3"])
            }
        }
        #expect(counts.count >= 12 && counts.values.allSatisfy { $0 == 1 }, "\(counts)")
    }

    /// A lone version's elements are typed while the file is read: when the file turns out not to be well formed,
    /// what was typed is dropped and only the parse error is reported, as when typing waited for the parse.
    @Test func aVersionThatStopsParsingReportsOnlyTheParseError() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let entities = (0..<200).map { "<entity name=\"E\($0)\" oddSetting=\"1\"><mystery/></entity>" }
        let whole = Fixtures.contents(entities.joined(separator: "\n"))
        let bundle = try Fixtures.writeBundle(in: directory, versions: [("Model", String(whole.dropLast(20)))])
        let found = check(paths: [bundle]).diagnostics.filter { $0.severity != .note }
        #expect(found.map(\.code) == [.xmlNotWellFormed], "\(found.prefix(3))")
        // The same file complete: the findings typing makes are there.
        try Data(whole.utf8).write(to: URL(fileURLWithPath: bundle + "/Model.xcdatamodel/contents"))
        #expect(check(paths: [bundle]).diagnostics.filter { $0.code == .unknownXMLElement }.count == 200)
    }

    /// The one rule: the pointer's version, else the newest; only a declared one reaches VersionInfo.plist.
    @Test func theCurrentVersionIsThePointersElseTheNewest() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = directory + "/Library.xcdatamodeld"
        try FileManager.default.copyItem(atPath: Fixtures.sampleBundle, toPath: bundle)
        try FileManager.default.removeItem(atPath: bundle + "/ShippedVersions.json")
        let pointer = bundle + "/.xccurrentversion"
        try Data(CurrentVersionFileWriter.contents(versionName: "Library 2")).write(to: URL(fileURLWithPath: pointer))
        #expect(checkBundle(at: bundle).0?.current == CurrentVersion(name: "Library 2", isDeclared: true))
        #expect(hashes(path: bundle).reports.filter(\.isCurrent).map(\.version) == ["Library 2"])
        #expect(generate(input: bundle).files.first?.contents.contains("currentVersionName = \"Library 2\"") == true)
        for broken in [
            "", "<plist version=\"1.0\"><dict/></plist>",
            String(decoding: CurrentVersionFileWriter.contents(versionName: "Nope"), as: UTF8.self),
        ] {
            try Data(broken.utf8).write(to: URL(fileURLWithPath: pointer))
            #expect(
                checkBundle(at: bundle).0?.current == CurrentVersion(name: "Library 3", isDeclared: false), "\(broken)")
        }
        try FileManager.default.removeItem(atPath: pointer)
        let checked = try #require(checkBundle(at: bundle).0)
        #expect(checked.current == CurrentVersion(name: "Library 3", isDeclared: false))
        let files = try #require(BundlePipeline.run(bundle).0?.compiledOutput()).files
        let info = try VersionInfo(propertyList: BinaryPropertyListReader.read(try #require(files.last?.bytes)))
        #expect(info.currentVersionName == nil && info.versionChecksums.count == 3)
    }
}
