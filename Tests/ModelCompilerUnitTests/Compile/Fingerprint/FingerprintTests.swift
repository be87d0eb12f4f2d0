import Foundation
import Testing
@testable import ModelCompiler

/// ShippedVersions.json is a promise: what one release writes, every later release verifies unchanged.
@Suite struct FingerprintFormatTests {
    static let pinned =
        Fixtures.packageRoot + "/Tests/ModelCompilerUnitTests/Compile/Fingerprint/Pinned/Library-format2.json"

    static func record(at path: String) throws -> (ShippedRecord, [UInt8]) {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return (try ShippedRecord.parse(bytes, file: path).get(), bytes)
    }

    /// Every value of a committed record is recomputed in the record's own format and must come out the same,
    /// byte for byte. If this fails, the encoding of an existing format changed: every user's build would report
    /// "shipped version modified" after upgrading. Extend the encoding in a new format instead (`Fact.since`),
    /// and never regenerate these files.
    @Test(arguments: [Fixtures.sampleBundle + "/ShippedVersions.json", pinned])
    func committedRecordsVerifyUnchanged(_ path: String) throws {
        let (record, bytes) = try Self.record(at: path)
        let (bundle, _) = checkBundle(at: Fixtures.sampleBundle)
        let versions = try #require(bundle).compiled
        let fingerprinter = Fingerprinter(format: record.formatVersion)
        #expect(!record.versions.isEmpty)
        var recomputed = ShippedRecord(formatVersion: record.formatVersion)
        for (name, shipped) in record.versions {
            let version = try #require(versions.first { $0.versionName == name })
            let now = fingerprinter.fingerprint(version.model, hashes: version.hashes)
            #expect(now == shipped, "\(name) in \(path.lastPathComponent)")
            recomputed.versions[name] = now
        }
        #expect(recomputed.encoded == bytes, "the file's layout changed")
    }

    @Test func theSampleVerifiesCleanly() {
        #expect(check(paths: [Fixtures.sampleBundle]).diagnostics.isEmpty)
    }

    /// Nothing that computes or checks the record reads the dump or the archive, so rewording `dump` or
    /// correcting an archive choice (Docs/CompatibilityChoices.md) cannot change a digest.
    @Test func theRecordReadsNeitherDumpTextNorArchiveBytes() throws {
        let folders = ["Compile/Fingerprint", "Versions"]
        let forbidden = [
            "ArchiveDump", "DumpLine", "ModelArchiver", "KeyedArchive", "BinaryPropertyListWriter", "momData",
            "VersionCompiler.mom",
        ]
        for file in try SourceTree.files(in: folders) {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for name in forbidden { #expect(!text.contains(name), "\(file.lastPathComponent) uses \(name)") }
        }
    }

    /// A fact added by a later format is left out when verifying an older record, so the older digests hold.
    @Test func aFactOfALaterFormatLeavesOlderDigestsAlone() throws {
        let model = try Fixtures.model(
            """
            <entity name="A"><attribute name="a" optional="YES" attributeType="String" indexed="YES"/></entity>
            """)
        let attribute = try #require(model.entities.first?.attributes.first)
        let later =
            FingerprintFacts.attribute + [
                Fact<Attribute>("futureFlag", since: Fingerprinter.currentFormat + 1) { _ in .bool(true) }
            ]
        let current = FactWriter(format: Fingerprinter.currentFormat)
        let next = FactWriter(format: Fingerprinter.currentFormat + 1)
        #expect(current.lines(attribute, later) == current.lines(attribute, FingerprintFacts.attribute))
        #expect(next.lines(attribute, later).hasSuffix("futureFlag=true\n"))
        #expect(
            current.lines(attribute, FingerprintFacts.attribute) == "type=\"String\"\noptional=true\nindexed=true\n")
    }

    @Test func formatsThisReleaseDoesNotReadAreRefusedNotIgnored() throws {
        for (format, phrase) in [(1, "development build"), (Fingerprinter.currentFormat + 1, "newer openmomc")] {
            let text = #"{"about": "", "formatVersion": \#(format), "versions": {}}"#
            guard case .failure(let diagnostic) = ShippedRecord.parse(Array(text.utf8), file: "ShippedVersions.json")
            else {
                Issue.record("format \(format) was accepted")
                continue
            }
            #expect(diagnostic.code == .shippedRecordMalformed && diagnostic.message.contains(phrase), "\(diagnostic)")
        }
    }

    @Test func upgradeFormatKeepsACurrentRecordAndNeedsOne() throws {
        let (directory, bundle) = try MarkShippedTests.scratchSample(withoutRecord: false)
        defer { Fixtures.remove(directory) }
        let before = try Data(contentsOf: URL(fileURLWithPath: bundle + "/ShippedVersions.json"))
        let result = markShipped(bundle: bundle, upgradeFormat: true)
        #expect(
            !result.diagnostics.hasErrors
                && result.changes == ["ShippedVersions.json is already in format \(Fingerprinter.currentFormat)"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: bundle + "/ShippedVersions.json")) == before)
        try FileManager.default.removeItem(atPath: bundle + "/ShippedVersions.json")
        #expect(markShipped(bundle: bundle, upgradeFormat: true).diagnostics.codes == [.shippedRecordMalformed])
    }
}

/// The canonical encoding's values and normalisation (Docs/ShippedRecordFormat.md).
@Suite struct CanonicalValueTests {
    @Test func valuesAreWrittenOneWay() {
        #expect(CanonicalValue.string("a\"b\\c\n").text == #""a\"b\\c\u000a""#)
        #expect(
            CanonicalValue.map(["b": .int(2), "a": .list([.bool(true), .string("x")])]).text
                == #"{"a":[true,"x"],"b":2}"#)
    }

    @Test func expressionWhitespaceOutsideQuotesDoesNotCount() {
        #expect(
            CanonicalValue.normalizedExpression("  name ==   \"a  b\"\n AND x>1 ")
                == .string("name == \"a  b\" AND x>1"))
        #expect(CanonicalValue.normalizedExpression("a == 'it\\'s  x'") == .string("a == 'it\\'s  x'"))
    }
}

/// The source files of one or more stage folders.
enum SourceTree {
    static let root = Fixtures.packageRoot + "/Sources/ModelCompiler/"

    static func files(in folders: [String]) throws -> [String] {
        try folders.flatMap { folder in
            try FileManager.default.subpathsOfDirectory(atPath: root + folder).filter { $0.hasSuffix(".swift") }
                .map { root + folder + "/" + $0 }
        }
    }
}
