import Foundation
import Testing
@testable import ModelCompiler

/// Every Xcode 3 binary version in ../shared/corpus reads, checks, compiles, generates and converts; the converted
/// XML compiles to the same `.mom` bytes and hashes as the binary version did.
@Suite struct ConvertTests {
    /// The corpus folders holding binary versions (../shared/spec/xcode3-format.md §1.2), relative to corpus/.
    static let binaryBundles = [
        "Automattic__simplenote-ios/Simplenote/Simplenote.xcdatamodeld",
        "RestKit__RestKit/Tests/Models/Data Model.xcdatamodel",
        "RestKit__RestKit/Examples/RKTwitterCoreData/Resources/RKTwitterCoreData.xcdatamodel",
        "magicalpanda__MagicalRecord/Samples/iOS/Application/Models/Recipes.xcdatamodeld",
        "rentzsch__mogenerator/contributed templates/Nikita Zhuk/ponso/sample project/PonsoTest/MyModel.xcdatamodeld",
        "rentzsch__mogenerator/contributed templates/Tyrone Trevorrow/ponso/sample project/PonsoTest/MyModel.xcdatamodeld",
    ]

    /// The bundle copied into a fresh temporary folder, so that `convert` can change it.
    static func copy(_ relative: String) throws -> (directory: String, bundle: String)? {
        guard let shared = SharedFolder.require() else { return nil }
        let directory = try Fixtures.temporaryDirectory()
        let bundle = directory + "/" + (relative as NSString).lastPathComponent
        try FileManager.default.copyItem(atPath: shared + "/corpus/" + relative, toPath: bundle)
        return (directory, bundle)
    }

    static func momBytes(_ bundle: String) throws -> [String: [UInt8]] {
        let (checked, diagnostics) = checkBundle(at: bundle)
        #expect(!diagnostics.hasErrors, "\(diagnostics.filter { $0.severity == .error })")
        return Dictionary(
            uniqueKeysWithValues: try #require(checked).compiled.map { ($0.versionName, VersionCompiler.mom($0)) })
    }

    @Test(.needsShared) func corpusHasSevenBinaryVersions() throws {
        guard let shared = SharedFolder.require() else { return }
        let binary = check(paths: Self.binaryBundles.map { shared + "/corpus/" + $0 }).bundles
            .flatMap(\.source.versions).filter { $0.format == .xcode3Binary }
        #expect(binary.count == 7)
    }

    @Test(.needsShared, arguments: binaryBundles)
    func binaryVersionsCompileGenerateAndConvertToTheSameModel(_ relative: String) throws {
        guard let (directory, bundle) = try Self.copy(relative) else { return }
        defer { Fixtures.remove(directory) }
        let before = try Self.momBytes(bundle)
        let hashesBefore = hashes(path: bundle).reports
        #expect(!before.isEmpty)
        let output = directory + "/out"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let compiled = compile(input: bundle, outputDirectory: output)
        #expect(compiled.outputPath != nil, "\(compiled.diagnostics)")
        let generated = generate(input: bundle, outputDirectory: output)
        #expect(!generated.diagnostics.hasErrors && !generated.files.isEmpty)

        let versions =
            bundle.hasSuffix(".xcdatamodel")
            ? [bundle] : try FileManager.default.contentsOfDirectory(atPath: bundle).map { bundle + "/" + $0 }
        let binaryVersions = versions.filter { FileManager.default.fileExists(atPath: $0 + "/elements") }
        let result = convert(bundle: bundle)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        #expect(result.changes.count == binaryVersions.count)
        for version in binaryVersions {
            #expect(FileManager.default.fileExists(atPath: version + "/contents"))
            #expect(!FileManager.default.fileExists(atPath: version + "/elements"))
            #expect(!FileManager.default.fileExists(atPath: version + "/layout"))
        }
        // Read as XML now, the same archives byte for byte, and the same hashes.
        #expect(try Self.momBytes(bundle) == before)
        #expect(hashes(path: bundle).reports.map(\.checksum) == hashesBefore.map(\.checksum))
        #expect(
            hashes(path: bundle).reports.flatMap { $0.entities.map(\.hash) }
                == hashesBefore.flatMap { $0.entities.map(\.hash) })
        // Converting again finds nothing to do.
        #expect(convert(bundle: bundle).diagnostics.map(\.code) == [.nothingToConvert])
    }

    @Test(.needsShared) func simplenotesFirstVersionTakesPartInTheMigrationAnalysis() throws {
        guard let shared = SharedFolder.require() else { return }
        let bundle = shared + "/corpus/" + Self.binaryBundles[0]
        let (reports, diagnostics, failed) = diff(bundle: bundle, from: "Simplenote", to: "Simplenote 2")
        #expect(!failed && !diagnostics.hasErrors)
        let report = try #require(reports.first)
        // The redesign of version 2 drops four attributes of version 1 (xcode3-format.md §9.4).
        let dropped = report.changes.filter { $0.code == .migrationDataDropped }.map(\.subject)
        #expect(
            Set(dropped) == ["Note.contentChanged", "Note.minVersion", "Note.syncNum", "Note.version"],
            "\(report.changes.map(\.message))")
    }

    @Test(.needsShared) func keepBinaryLeavesBothAndCheckReadsTheXML() throws {
        guard let (directory, bundle) = try Self.copy(Self.binaryBundles[2]) else { return }
        defer { Fixtures.remove(directory) }
        let result = convert(bundle: bundle, keepBinary: true)
        #expect(result.changes.count == 1 && !result.diagnostics.hasErrors)
        #expect(FileManager.default.fileExists(atPath: bundle + "/elements"))
        let (checked, diagnostics) = checkBundle(at: bundle)
        #expect(checked?.source.versions.first?.format == .xml)
        #expect(diagnostics.with(.xcode3BinaryModel).first?.severity == .warning)
    }

    @Test(.needsShared) func aNamedVersionMustExistAndXMLVersionsAreLeftAlone() throws {
        guard let (directory, bundle) = try Self.copy(Self.binaryBundles[0]) else { return }
        defer { Fixtures.remove(directory) }
        let missing = convert(bundle: bundle, version: "Nope")
        #expect(missing.inputFailed && missing.diagnostics.contains { $0.code == .versionNotFound })
        let xml = convert(bundle: bundle, version: "Simplenote 2")
        #expect(xml.changes.isEmpty && xml.diagnostics.map(\.code) == [.nothingToConvert])
        let contents = try String(contentsOfFile: bundle + "/Simplenote 2.xcdatamodel/contents", encoding: .utf8)
        #expect(convert(bundle: bundle, version: "Simplenote").changes.count == 1)
        #expect(try String(contentsOfFile: bundle + "/Simplenote 2.xcdatamodel/contents", encoding: .utf8) == contents)
    }
}
