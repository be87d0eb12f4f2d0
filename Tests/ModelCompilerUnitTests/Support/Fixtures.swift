import Foundation
import Testing
@testable import ModelCompiler

/// Builds small models in memory and on disk for tests. Models are written here, never copied from ../shared.
enum Fixtures {
    /// A `contents` document: line 1 is the XML declaration, line 2 `<model>`, so `body` starts at line 3.
    static func contents(_ body: String, modelAttributes: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22758" systemVersion="23H124" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier=""\(modelAttributes.isEmpty ? "" : " " + modelAttributes)>
        \(body)
        </model>

        """
    }

    /// Reads, types and validates one model version given as text.
    static func diagnostics(forContents text: String, file: String = "contents") -> [Diagnostic] {
        switch XMLDocumentReader.parse(bytes: Array(text.utf8), file: file) {
        case .failure(let diagnostic):
            return [diagnostic]
        case .success(let root):
            let (model, diagnostics) = ModelBuilder.build(root, versionName: "Test", file: file)
            return diagnostics + (model.map(ModelValidator.validate) ?? [])
        }
    }

    static func diagnostics(forBody body: String, modelAttributes: String = "") -> [Diagnostic] {
        diagnostics(forContents: contents(body, modelAttributes: modelAttributes))
    }

    static func model(_ body: String, modelAttributes: String = "") throws -> ManagedObjectModel {
        let root = try XMLDocumentReader.parse(
            bytes: Array(contents(body, modelAttributes: modelAttributes).utf8),
            file: "contents"
        ).get()
        let (model, diagnostics) = ModelBuilder.build(root, versionName: "Test", file: "contents")
        #expect(!diagnostics.hasErrors, "unexpected: \(diagnostics)")
        return try #require(model)
    }

    /// A fresh temporary directory, removed by the caller with `remove`.
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "openmomc-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func remove(_ path: String) {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes a `.xcdatamodeld` with the given versions (name -> contents) and optional pointer file text.
    @discardableResult
    static func writeBundle(
        in directory: String, name: String = "Model", versions: [(String, String)],
        currentVersion: String? = nil
    ) throws -> String {
        let bundle = directory + "/" + name + ".xcdatamodeld"
        for (version, text) in versions {
            let versionDirectory = bundle + "/" + version + ".xcdatamodel"
            try FileManager.default.createDirectory(atPath: versionDirectory, withIntermediateDirectories: true)
            try text.write(toFile: versionDirectory + "/contents", atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        if let currentVersion {
            try currentVersion.write(toFile: bundle + "/.xccurrentversion", atomically: true, encoding: .utf8)
        }
        return bundle
    }

    static func pointerFile(_ versionName: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>_XCCurrentVersionName</key>
        \t<string>\(versionName)</string>
        </dict>
        </plist>

        """
    }

    /// The package root, found from this file's path.
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.path + "/Package.swift") { return url.path }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    static var sampleBundle: String { packageRoot + "/SampleModels/Library.xcdatamodeld" }
}

/// ../shared holds the real-world corpus and Apple-compiled vectors. On a user's fresh clone it does not
/// exist and the tests that need it are skipped with a note; under CI (`CI=true`) its absence fails.
enum SharedFolder {
    static var path: String? {
        let path = (Fixtures.packageRoot as NSString).deletingLastPathComponent + "/shared"
        return FileManager.default.fileExists(atPath: path + "/corpus") ? path : nil
    }

    static var isRequired: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Tests that need ../shared run when it is there, and under CI=true, where its absence is a failure;
    /// elsewhere they show as skipped, never as passed.
    static var shouldRun: Bool { path != nil || isRequired }

    /// The folder, or nil after recording why tests that need it do not run.
    static func require(_ comment: Comment? = nil) -> String? {
        if let path { return path }
        if isRequired {
            Issue.record("../shared is missing but CI=true requires the corpus and conformance tests to run")
        }
        return nil
    }
}

extension Array where Element == Diagnostic {
    func with(_ code: DiagnosticCode) -> [Diagnostic] { filter { $0.code == code } }
    var codes: [DiagnosticCode] { map(\.code) }
}

extension Trait where Self == ConditionTrait {
    /// For tests that read ../shared: skipped without it (failing under CI=true, see `SharedFolder.require`).
    /// The reason is given once, by `SharedFolderTests`, not on each of the skipped tests.
    static var needsShared: Self { .enabled(if: SharedFolder.shouldRun) }
}

/// The one place a run without ../shared explains itself: this test is skipped with the reason, and the tests
/// that read ../shared are skipped without repeating it. With ../shared, it checks the folder has what they read.
@Suite struct SharedFolderTests {
    @Test(
        .enabled(
            if: SharedFolder.shouldRun,
            """
            ../shared (the team's Apple-compiled conformance models and corpus of real app models) is not next to \
            the package, so the tests that read it are skipped; everything else runs
            """))
    func theSharedFolderHoldsTheConformanceModelsAndTheCorpus() throws {
        let shared = try #require(SharedFolder.require())
        for folder in ["conformance", "corpus"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: shared + "/" + folder)
            #expect(!names.filter { !$0.hasPrefix(".") }.isEmpty, "../shared/\(folder) is empty")
        }
    }
}
