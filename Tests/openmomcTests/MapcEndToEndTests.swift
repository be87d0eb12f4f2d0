import Foundation
import TestSupport
import Testing

/// The mapc command lines build tools write (Xcode's CoreData.xcspec, rules_apple, CocoaPods), run through a `mapc`
/// symlink to the built executable, each writing the same `.cdm` as `openmomc compile`.
@Suite struct MapcEndToEndTests {
    let tool = EndToEndTests()
    static let shared = (EndToEndTests.packageRoot as NSString).deletingLastPathComponent + "/shared"
    static let input =
        shared + "/mapping/richardpiazza__CoreDataPlus/Tests/CoreDataPlusTests/Resources/"
        + "Model_1_0_to_1_1.xcmappingmodel"

    static func scratch() throws -> String {
        let directory = NSTemporaryDirectory() + "openmomc-mapc-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory + "/Resources", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/mapc", withDestinationPath: EndToEndTests.executable)
        return directory
    }

    func mapc(_ arguments: [String], in directory: String) throws -> (status: Int32, stderr: String) {
        let run = try Program.run([directory + "/mapc"] + arguments, in: directory)
        return (run.status, run.output)
    }

    @Test(.enabled(if: EndToEndTests.sharedTestsRun(shared)))
    func everyCallersCommandLineWritesTheCompiledMappingModel() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let reference = try tool.run("compile", Self.input, directory + "/reference")
        #expect(reference.status == 0, "\(reference.stderr)")
        let expected = try Data(contentsOf: URL(fileURLWithPath: directory + "/reference/Model_1_0_to_1_1.cdm"))
        let lines: [[String]] = [
            // Xcode (swift-build's CoreData.xcspec).
            [
                "--sdkroot", "/Applications/Xcode.app/SDKs/MacOSX.sdk", "--macosx-deployment-target", "14.0",
                "--mapc-no-warnings", "--module", "App", Self.input, "Resources/Model_1_0_to_1_1.cdm",
            ],
            // rules_apple: no flags.
            [Self.input, "Resources/rules_apple.cdm"],
            // CocoaPods: the output named after the input, in the resources folder.
            [Self.input + "/", directory + "/Resources/CocoaPods.cdm"],
            // A folder as the output.
            ["--iphoneos-deployment-target=17.0", Self.input, "Resources/"],
        ]
        for arguments in lines {
            let run = try mapc(arguments, in: directory)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(arguments): \(run.stderr)")
        }
        for name in ["Model_1_0_to_1_1", "rules_apple", "CocoaPods"] {
            let written = try Data(contentsOf: URL(fileURLWithPath: directory + "/Resources/\(name).cdm"))
            #expect(written == expected, "\(name).cdm")
        }
    }

    @Test func badCommandLinesAreUsageErrors() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (arguments, message) in [
            (["--bogus", "a.xcmappingmodel", "b.cdm"], "unrecognized option '--bogus'"),
            (["a.xcmappingmodel"], "expected an input mapping model and an output path"),
            (["a.xcdatamodeld", "b.cdm"], "is not a .xcmappingmodel"),
            (["--module"], "option '--module' needs a value"),
        ] {
            let run = try mapc(arguments, in: directory)
            #expect(run.status == 2 && run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        let missing = try mapc(["Missing.xcmappingmodel", "out.cdm"], in: directory)
        #expect(missing.status == 2 && missing.stderr.contains("xcmapping.xml"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/out.cdm"))
    }

    /// `check --mapping-model` reads a mapping model kept away from the bundle; a path that is not one is bad usage.
    @Test(.enabled(if: EndToEndTests.sharedTestsRun(shared)))
    func checkReadsANamedMappingModel() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let moody = Self.shared + "/corpus/objcio__core-data/Migrations/Migrations"
        try FileManager.default.createDirectory(atPath: directory + "/App", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: moody + "/Moody.xcdatamodeld", toPath: directory + "/App/Moody.xcdatamodeld")
        // Outside the bundle's folder, where only naming it finds it.
        let mapping = directory + "/Moody 5-Moody 6.xcmappingmodel"
        try FileManager.default.copyItem(atPath: moody + "/Moody 5-Moody 6.xcmappingmodel", toPath: mapping)
        let unnamed = try tool.run("check", directory + "/App/Moody.xcdatamodeld")
        #expect(!unnamed.stderr.contains("[mapping-model-hops]"), "\(unnamed.stderr)")
        let named = try tool.run("check", "--mapping-model", mapping, directory + "/App/Moody.xcdatamodeld")
        #expect(
            named.status == 0 && named.stderr.contains("maps 'Moody 5' -> 'Moody 6' [mapping-model-hops]"),
            "\(named.stderr)")
        let wrong = try tool.run("check", "--mapping-model", moody, directory + "/App/Moody.xcdatamodeld")
        #expect(
            wrong.status == 2 && wrong.stderr.contains("--mapping-model takes a .xcmappingmodel"), "\(wrong.stderr)")
    }

    /// The mapping-model guide's commands, run as written (from the package root, as `swift run` would).
    @Test func theGuidesMappingModelCommandsWork() throws {
        let readme = try String(
            contentsOfFile: EndToEndTests.packageRoot + "/Sources/ModelCompiler/ModelCompiler.docc/MappingModels.md",
            encoding: .utf8)
        let section = try #require(readme.range(of: "# Mapping models")).upperBound
        let open = try #require(readme[section...].range(of: "```sh\n"))
        let close = try #require(readme[open.upperBound...].range(of: "```"))
        let commands = readme[open.upperBound..<close.lowerBound].split(separator: "\n")
        #expect(commands.count == 3)
        let output = EndToEndTests.packageRoot + "/.build/out/NotesToNotes2.cdm"
        try? FileManager.default.removeItem(atPath: output)
        for command in commands {
            let words = command.split(separator: " ").map(String.init)
            try #require(words.starts(with: ["swift", "run", "openmomc"]), "\(command)")
            let (status, text) = try Program.run(
                [EndToEndTests.executable] + words.dropFirst(3), in: EndToEndTests.packageRoot)
            #expect(status == 0, "\(command): \(text)")
            if words[3] == "check" {
                #expect(text.contains("'NotesToNotes2.xcmappingmodel' maps 'Notes' -> 'Notes 2'"), "\(text)")
            }
        }
        #expect(FileManager.default.fileExists(atPath: output))
    }
}
