import Foundation
import Testing
@testable import ModelCompiler

/// #48: one configuration, found the way swift-format and SwiftLint find theirs: the nearest `openmomc.json` from
/// the model's folder up to the package root; `--config` overrides; the command line's settings go on top.
@Suite struct ConfigurationLookupTests {
    /// root/(marker)/Sources/App/Model/M.xcdatamodeld, with a bundle of two versions (M 2 drops `legacy`).
    static func package(marker: String) throws -> (root: String, bundle: String) {
        let root = try Fixtures.temporaryDirectory()
        let manager = FileManager.default
        if marker.hasSuffix("/") {
            try manager.createDirectory(atPath: root + "/" + marker, withIntermediateDirectories: true)
        } else {
            try "".write(toFile: root + "/" + marker, atomically: true, encoding: .utf8)
        }
        let folder = root + "/Sources/App/Model"
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let legacy = #"\#n        <attribute name="legacy" optional="YES" attributeType="String"/>"#
        let bundle = try FindingDetailTests.bundle(
            [FindingDetailTests.version(legacy), FindingDetailTests.version()],
            in: folder, current: Fixtures.pointerFile("M 2.xcdatamodel"))
        return (root, bundle)
    }

    @Test(arguments: ["Package.swift", ".git/", "App.xcodeproj/"])
    func theNearestFileUpToThePackageRootIsFound(_ marker: String) throws {
        let (root, bundle) = try Self.package(marker: marker)
        defer { Fixtures.remove(root) }
        #expect(ConfigurationLookup.nearestFile(forModel: bundle) == nil)
        try "{}".write(toFile: root + "/openmomc.json", atomically: true, encoding: .utf8)
        #expect(ConfigurationLookup.nearestFile(forModel: bundle) == root + "/openmomc.json")
        // A version or a file inside the bundle finds the same file; a nearer one wins.
        #expect(
            ConfigurationLookup.nearestFile(forModel: bundle + "/M 2.xcdatamodel/contents") == root + "/openmomc.json")
        try "{}".write(toFile: root + "/Sources/App/openmomc.json", atomically: true, encoding: .utf8)
        #expect(ConfigurationLookup.nearestFile(forModel: bundle) == root + "/Sources/App/openmomc.json")
    }

    /// Only a regular file counts: a folder or a FIFO of that name is passed over (reading a FIFO would block).
    @Test func aFolderOrAFIFONamedLikeTheFileIsPassedOver() throws {
        let (root, bundle) = try Self.package(marker: ".git/")
        defer { Fixtures.remove(root) }
        try FileManager.default.createDirectory(
            atPath: root + "/Sources/App/Model/openmomc.json", withIntermediateDirectories: true)
        #expect(mkfifo(root + "/Sources/App/openmomc.json", 0o600) == 0)
        #expect(ConfigurationLookup.nearestFile(forModel: bundle) == nil)
        try "{}".write(toFile: root + "/openmomc.json", atomically: true, encoding: .utf8)
        #expect(ConfigurationLookup.nearestFile(forModel: bundle) == root + "/openmomc.json")
    }

    @Test func theWalkStopsAtThePackageRoot() throws {
        let outer = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(outer) }
        // A file above the package root belongs to something else: it is not read.
        try "{}".write(toFile: outer + "/openmomc.json", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: outer + "/Package/Sources", withIntermediateDirectories: true)
        try "".write(toFile: outer + "/Package/Package.swift", atomically: true, encoding: .utf8)
        #expect(ConfigurationLookup.nearestFile(forModel: outer + "/Package/Sources/M.xcdatamodeld") == nil)
        // A relative path is resolved against the working folder.
        let relative = ConfigurationLookup.nearestFile(forModel: "SampleModels/Library.xcdatamodeld")
        #expect(relative == nil || relative!.hasPrefix("/"))
    }

    @Test func theFoundFileDecidesTheVerdictAndTheCommandLineGoesOnTop() throws {
        let (root, bundle) = try Self.package(marker: ".git/")
        defer { Fixtures.remove(root) }
        #expect(!markShipped(bundle: bundle, versions: ["M"]).diagnostics.hasErrors)
        // The drop of M 2, in development, fails.
        #expect(check(paths: [bundle], lookup: ConfigurationLookup()).diagnostics.hasErrors)
        let file = root + "/openmomc.json"
        try #"{"diagnostics": {"migration-data-dropped": "warning"}}"#.write(
            toFile: file, atomically: true, encoding: .utf8)
        let found = check(paths: [bundle], lookup: ConfigurationLookup()).diagnostics
        #expect(!found.hasErrors && found.with(.migrationDataDropped).first?.severity == .warning)
        // The upgrade-paths note names the file it used.
        #expect(
            found.with(.upgradePaths).first?.message.hasSuffix("settings from \(file)") == true,
            "\(found.with(.upgradePaths))")
        // --severity wins over the file; --config names another file, which replaces it.
        let promoted = ConfigurationLookup(severities: ["migration-data-dropped": "error"])
        #expect(check(paths: [bundle], lookup: promoted).diagnostics.hasErrors)
        let other = root + "/other.json"
        try "{}".write(toFile: other, atomically: true, encoding: .utf8)
        #expect(check(paths: [bundle], lookup: ConfigurationLookup(file: other)).diagnostics.hasErrors)
        // A broken file is an error at its path, never ignored.
        try "{ nope".write(toFile: file, atomically: true, encoding: .utf8)
        let broken = check(paths: [bundle], lookup: ConfigurationLookup())
        #expect(broken.inputFailed && broken.diagnostics.with(.configurationInvalid).first?.location.file == file)
    }
}
