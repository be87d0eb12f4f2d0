import Foundation
import TestSupport
import Testing

/// The momc command lines build tools write (rules_apple, Xcode, CocoaPods, Xcode 6 scripts), run through a
/// `momc` symlink to the built executable, and compared byte for byte with `openmomc compile` / `generate --split`.
@Suite struct MomcEndToEndTests {
    let tool = EndToEndTests()
    static let sample = EndToEndTests.packageRoot + "/SampleModels/Library.xcdatamodeld"
    static let momcShape = try! NSRegularExpression(pattern: #"^([^:]*):([^:]*): (warning|error): (.*)$"#)

    /// A scratch folder holding a `momc` link to the executable.
    static func scratch() throws -> String {
        let directory = NSTemporaryDirectory() + "openmomc-momc-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/momc", withDestinationPath: EndToEndTests.executable)
        return directory
    }

    func momc(_ arguments: [String], in directory: String) throws -> EndToEndTests.Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: directory + "/momc")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readAllRetrying(), stderr = err.fileHandleForReading.readAllRetrying()
        process.waitUntilExit()
        return .init(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    func reference(compile input: String, in directory: String) throws -> [String: Data] {
        let run = try tool.run("compile", input, directory + "/reference")
        #expect(run.status == 0, "\(run.stderr)")
        return try FileTree.contents(directory + "/reference")
    }

    @Test(arguments: ["iphoneos", "macosx", "watchos", "appletvos", "xros"])
    func rulesAppleCompileWritesTheNamedBundleAsCompileDoes(_ platform: String) throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try momc(
            ["--\(platform)-deployment-target", "15.0", "--module", "MyApp", Self.sample, "out/Library.momd"],
            in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileTree.contents(directory + "/out") == (try reference(compile: Self.sample, in: directory)))
        // One checksum note per version, the line rules_apple filters.
        let notes = run.stderr.split(separator: "\n").filter { $0.contains(": note: Model ") }
        #expect(
            notes.count == 3
                && notes.allSatisfy {
                    $0.contains(".xcdatamodel: note: Model Library") && $0.contains(" version checksum: ")
                })
        #expect(
            notes.last.map(String.init)
                == "\(Self.sample)/Library 3.xcdatamodel: note: Model Library 3 version checksum: "
                + "mygqfeyfRyDr4lGcMYmvH3TrSVzidGFAAFwEolp4eHs=")
    }

    @Test func anExplicitOutputNameIsUsedAndAMismatchedOneRefused() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try momc([Self.sample, "out/Renamed.momd"], in: directory).status == 0)
        #expect(FileManager.default.fileExists(atPath: directory + "/out/Renamed.momd/VersionInfo.plist"))
        let wrong = try momc([Self.sample, "out/Library.mom"], in: directory)
        #expect(wrong.status == 2 && wrong.stderr.contains("a .xcdatamodeld compiles to a .momd"))
    }

    @Test func xcodesCommandLineWritesIntoTheFolderAndDryRunListsWhatGenerateWrites() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let compiled = try momc(
            [
                "--sdkroot", "/Applications/Xcode.app/SDKs/iPhoneOS.sdk", "--iphonesimulator-deployment-target",
                "17.0", "--module", "App", "--no-warnings", "--no-inverse-relationship-warnings",
                "--no-max-property-count-warnings", "--no-delete-rule-warnings",
                "--suppress-inverse-transient-error", Self.sample, "Resources/",
            ], in: directory)
        #expect(compiled.status == 0, "\(compiled.stderr)")
        #expect(try FileTree.contents(directory + "/Resources") == (try reference(compile: Self.sample, in: directory)))
        let categories = try momc(["--print-diagnostic-categories", "dest", Self.sample], in: directory)
        #expect(categories.status == 0 && categories.stdout.isEmpty)

        let generateArguments = [
            "--action", "generate", "--swift-version", "5", "--macosx-deployment-target", "10.15",
            "--module", "App", Self.sample, "Generated",
        ]
        let dry = try momc(["--dry-run"] + generateArguments, in: directory)
        #expect(
            dry.status == 0 && !FileManager.default.fileExists(atPath: directory + "/Generated"),
            "a dry run writes nothing")
        let generated = try momc(generateArguments, in: directory)
        #expect(generated.status == 0, "\(generated.stderr)")
        let written = try FileTree.contents(directory + "/Generated")
        #expect(
            Set(
                dry.stdout.split(separator: "\n").map {
                    ($0 as Substring).replacingOccurrences(of: "/private", with: "")
                })
                == Set(written.keys.map { URL(fileURLWithPath: directory + "/Generated/" + $0).path }))
        let split = try tool.run("generate", "--split", "--module", "App", Self.sample, directory + "/split")
        #expect(split.status == 0)
        #expect(written == (try FileTree.contents(directory + "/split")), "the same files as generate --split")
    }

    @Test func olderTargetsGetNoIdentifiableAndXcode6SpellingsAreAccepted() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let old = try momc(
            ["--action", "generate", "--iphoneos-deployment-target", "12.4", Self.sample, "old"], in: directory)
        #expect(old.status == 0, "\(old.stderr)")
        let new = try momc(
            ["--action", "generate", "--iphoneos-deployment-target", "13.0", Self.sample, "new"], in: directory)
        let oldFiles = try FileTree.contents(directory + "/old"), newFiles = try FileTree.contents(directory + "/new")
        #expect(oldFiles.keys.sorted() == newFiles.keys.sorted())
        #expect(!oldFiles.values.contains { String(decoding: $0, as: UTF8.self).contains(": Identifiable") })
        #expect(
            new.status == 0
                && newFiles.values.contains { String(decoding: $0, as: UTF8.self).contains(": Identifiable") })
        let xcode6 = try momc(
            [
                "-XD_MOMC_SDKROOT=/sdk", "-XD_MOMC_IOS_TARGET_VERSION=7.0", "-MOMC_PLATFORMS", "iphonesimulator",
                "-MOMC_NO_WARNINGS", Self.sample, "out",
            ], in: directory)
        #expect(xcode6.status == 0, "\(xcode6.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory + "/out/Library.momd/Library 3.mom"))
    }

    @Test func cocoaPodsLoneVersionsAndBundles() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let version = Self.sample + "/Library 2.xcdatamodel"
        #expect(try momc([version, "out/Library 2.mom"], in: directory).status == 0)
        let reference = try tool.run("compile", version, directory + "/reference")
        #expect(reference.status == 0)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: directory + "/out/Library 2.mom"))
                == Data(contentsOf: URL(fileURLWithPath: directory + "/reference/Library 2.mom")))
        #expect(try momc([Self.sample, "out/Library.momd"], in: directory).status == 0)
        // Also as a verb of openmomc.
        let verb = try tool.run("momc", Self.sample, directory + "/verb/Library.momd")
        let viaVerb = try FileTree.contents(directory + "/verb")
        let viaLink = try FileTree.contents(directory + "/out").filter { $0.key.hasPrefix("Library.momd") }
        #expect(verb.status == 0 && viaVerb == viaLink)
    }

    @Test func diagnosticsHaveMomcsShapeAndTheNoWarningFlagsDropTheirKind() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let version = try tool.temporaryModel(
            """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="A" representedClassName="A">
                    <relationship name="b" optional="YES" maxCount="1" deletionRule="No Action" destinationEntity="B"/>
                </entity>
                <entity name="B" representedClassName="B"/>
            </model>
            """, named: "Warn", in: directory)
        let run = try momc([version, "out"], in: directory)
        #expect(run.status == 0)
        let lines = run.stderr.split(separator: "\n").map(String.init).filter { !$0.contains(": note: ") }
        #expect(lines.count == 2, "\(run.stderr)")
        for line in lines {
            #expect(Self.momcShape.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil, "\(line)")
            #expect(line.hasPrefix(version + "/contents:4: warning: "), "\(line)")
        }
        let quiet = try momc(["--no-inverse-relationship-warnings", version, "out"], in: directory)
        #expect(quiet.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }.count == 1)
        #expect(
            try momc(["--no-warnings", version, "out"], in: directory).stderr.split(separator: "\n")
                .allSatisfy { $0.contains(": note: ") })

        try "<model><entity name=\"A\" parentEntity=\"Missing\"/></model>".write(
            toFile: version + "/contents", atomically: true,
            encoding: .utf8)
        let failed = try momc([version, "out"], in: directory)
        #expect(failed.status == 1)
        #expect(
            failed.stderr.contains(version + "/contents:1: error: entity 'A' inherits from 'Missing'"),
            "\(failed.stderr)")
        let unknown = try momc(["--frobnicate", Self.sample, "out"], in: directory)
        #expect(unknown.status == 2 && unknown.stderr.contains("momc: error: unrecognized option '--frobnicate'"))
    }

    @Test(.enabled(if: EndToEndTests.sharedTestsRun(EndToEndTests.packageRoot + "/../shared/conformance")))
    func everyConformanceModelCompilesAndGeneratesAsCompileAndSplitGenerateDo() throws {
        let conformance = EndToEndTests.packageRoot + "/../shared/conformance"
        let models = (FileManager.default.enumerator(atPath: conformance)?.compactMap { $0 as? String } ?? [])
            .filter {
                ($0.hasSuffix(".xcdatamodeld") || $0.hasSuffix(".xcdatamodel")) && !$0.contains(".xcdatamodeld/")
            }
        #expect(models.count >= 5)
        for model in models {
            let directory = try Self.scratch()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let input = conformance + "/" + model
            let run = try momc(
                ["--iphoneos-deployment-target", "15.0", "--module", "App", input, "out/"], in: directory)
            #expect(run.status == 0, "\(model): \(run.stderr)")
            #expect(
                try FileTree.contents(directory + "/out") == (try reference(compile: input, in: directory)), "\(model)")
            let generated = try momc(
                [
                    "--action", "generate", "--macosx-deployment-target", "10.15", "--module", "App",
                    input, "Generated",
                ], in: directory)
            #expect(generated.status == 0, "\(model): \(generated.stderr)")
            let split = try tool.run("generate", "--split", "--module", "App", input, directory + "/split")
            #expect(split.status == 0, "\(model): \(split.stderr)")
            #expect(
                try FileTree.contents(directory + "/Generated") == (try FileTree.contents(directory + "/split")),
                "\(model)")
        }
    }
}
