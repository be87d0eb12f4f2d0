import Foundation
import Testing
@testable import ModelCompiler

@Suite struct ModelBundleReaderTests {
    let empty = Fixtures.contents("")

    @Test func readsVersionsInNaturalOrderAndThePointer() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Fixtures.writeBundle(
            in: directory, versions: [("Model 10", empty), ("Model 2", empty), ("Model", empty)],
            currentVersion: Fixtures.pointerFile("Model 10.xcdatamodel"))
        let (source, diagnostics) = ModelBundleReader.read(bundle)
        #expect(diagnostics.isEmpty)
        let read = try #require(source)
        #expect(read.name == "Model")
        #expect(read.versions.map(\.name) == ["Model", "Model 2", "Model 10"])
        // Parsing is left to whoever types each version.
        #expect(read.versions.allSatisfy { $0.contents != nil && $0.root == nil })
        #expect(read.versions.allSatisfy { ModelBundleReader.elementTree(of: $0).0?.name == "model" })
        #expect(read.currentVersion?.versionName == "Model 10")
        #expect(read.currentVersion?.location.line == 6)
    }

    @Test func locateFindsBundlesInAFolderAndAcceptsAContentsFile() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Fixtures.writeBundle(in: directory + "/App/Resources", versions: [("Model", empty)])
        #expect(try ModelBundleReader.locate(directory).get() == [bundle])
        #expect(
            try ModelBundleReader.locate(bundle + "/Model.xcdatamodel/contents").get() == [
                bundle + "/Model.xcdatamodel"
            ])
        #expect(try ModelBundleReader.locate(bundle + "/").get() == [bundle])
    }

    @Test func locateRejectsWhatIsNotAModel() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        try "x".write(toFile: directory + "/notes.txt", atomically: true, encoding: .utf8)
        for (path, code) in [
            (directory + "/missing", DiagnosticCode.fileNotFound), (directory + "/notes.txt", .notAModel),
            (directory, .notAModel),
        ] {
            guard case .failure(let diagnostic) = ModelBundleReader.locate(path) else {
                Issue.record("\(path) was accepted")
                continue
            }
            #expect(diagnostic.code == code)
            #expect(diagnostic.location.file == path)
        }
    }

    @Test func missingContentsAndDamagedXcode3ModelsAreErrors() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Fixtures.writeBundle(in: directory, versions: [("Good", empty)])
        try FileManager.default.createDirectory(
            atPath: bundle + "/Empty.xcdatamodel", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: bundle + "/Old.xcdatamodel", withIntermediateDirectories: true)
        try Data([0x62, 0x70, 0x6C, 0x69, 0x73, 0x74]).write(
            to: URL(fileURLWithPath: bundle + "/Old.xcdatamodel/elements"))
        try Data([0x62, 0x70, 0x6C, 0x69, 0x73, 0x74]).write(
            to: URL(fileURLWithPath: bundle + "/Old.xcdatamodel/layout"))
        let (source, diagnostics) = ModelBundleReader.read(bundle)
        #expect(source?.versions.count == 3)
        let binary = try #require(diagnostics.with(.xcode3ArchiveMalformed).first)
        #expect(binary.severity == .error)
        #expect(binary.location.file.hasSuffix("Old.xcdatamodel/elements"))
        #expect(binary.message.contains("Xcode 3") && binary.message.contains("not a binary property list"))
        #expect(diagnostics.with(.missingContents).first?.location.file.hasSuffix("Empty.xcdatamodel") == true)
    }

    @Test func unreadableInputsAreErrorsNotCrashes() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Fixtures.writeBundle(in: directory, versions: [("Model", empty)])
        let contents = bundle + "/Model.xcdatamodel/contents"
        if geteuid() == 0 {
            // Permission bits do not bind root; a directory where the file should be fails the read the same way.
            try FileManager.default.removeItem(atPath: contents)
            try FileManager.default.createDirectory(atPath: contents, withIntermediateDirectories: true)
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: bundle)
        }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bundle) }
        let result = check(paths: [bundle])
        let unreadable = try #require(result.diagnostics.with(.unreadableFile).first, "\(result.diagnostics)")
        #expect(unreadable.severity == .error)
        #expect(result.diagnostics.hasErrors)
    }

    @Test func emptyBundleWarns() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Fixtures.writeBundle(in: directory, versions: [])
        let (_, diagnostics) = ModelBundleReader.read(bundle)
        #expect(diagnostics.codes == [.emptyBundle])
        #expect(diagnostics.first?.severity == .warning)
    }
}

@Suite struct CurrentVersionTests {
    let empty = Fixtures.contents("")

    private func pointerDiagnostics(
        _ pointer: String?, versions: [String] = ["Model", "Model 2"]
    ) throws -> [Diagnostic] {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Fixtures.writeBundle(
            in: directory, versions: versions.map { ($0, empty) }, currentVersion: pointer)
        // Without ShippedVersions.json every bundle also gets a note saying so; these tests are about the pointer.
        return check(paths: [bundle]).diagnostics.filter { $0.code != .noShippedRecord }
    }

    @Test func validPointerIsQuiet() throws {
        #expect(try pointerDiagnostics(Fixtures.pointerFile("Model 2.xcdatamodel")).isEmpty)
    }

    @Test func emptyDictionaryIsAWarningWithSeveralVersions() throws {
        let text = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict/>\n</plist>\n"
        let diagnostics = try pointerDiagnostics(text)
        #expect(diagnostics.codes == [.currentVersionMissing])
        #expect(diagnostics.first?.severity == .warning)
        #expect(try pointerDiagnostics(text, versions: ["Model"]).isEmpty)
        #expect(try pointerDiagnostics(nil).codes == [.currentVersionMissing])
    }

    @Test func pointerToAMissingVersionIsAnErrorAtItsLine() throws {
        let diagnostics = try pointerDiagnostics(Fixtures.pointerFile("Model 3.xcdatamodel"))
        let error = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(error.code == .currentVersionNotFound && error.severity == .error)
        #expect(error.location.line == 6 && error.location.file.hasSuffix(".xccurrentversion"))
        #expect(error.message.contains("'Model 2'"))
    }

    @Test func pointerOutsideTheBundleIsAnError() throws {
        for name in ["../Other.xcdatamodeld/Model.xcdatamodel", "/etc/Model.xcdatamodel", "..xcdatamodel"] {
            let diagnostics = try pointerDiagnostics(Fixtures.pointerFile(name))
            #expect(diagnostics.codes == [.currentVersionOutsideBundle], "\(name)")
        }
    }

    @Test(arguments: [
        "not xml at all",
        "<?xml version=\"1.0\"?>\n<plist><array/></plist>",
        "<?xml version=\"1.0\"?>\n<plist><dict><key>_XCCurrentVersionName</key><integer>2</integer></dict></plist>",
        "<?xml version=\"1.0\"?>\n<plist><dict><key>_XCCurrentVersionName</key></dict></plist>",
        "bplist00garbage",
        "",
    ])
    func malformedPointerIsAnError(_ text: String) throws {
        let diagnostics = try pointerDiagnostics(text)
        #expect(diagnostics.with(.currentVersionMalformed).count == 1, "\(diagnostics)")
        #expect(diagnostics.with(.currentVersionMalformed).first?.severity == .error)
    }
}
