import Foundation
import TestSupport
import Testing

/// Runs the built `openmomc` executable as a user would and checks exit status and output.
@Suite struct EndToEndTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.path + "/Package.swift") { return url.path }
        }
        fatalError("Package.swift not found")
    }()

    /// The executable sits beside the test bundle in the build products folder.
    static let executable: String = {
        var candidates: [URL] = []
        var url = Bundle.main.bundleURL
        for _ in 0..<3 {
            candidates.append(url.appendingPathComponent("openmomc"))
            url.deleteLastPathComponent()
        }
        candidates.append(URL(fileURLWithPath: packageRoot + "/.build/debug/openmomc"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }?.path ?? candidates.last!.path
    }()

    /// Tests that read ../shared run when `path` is there, and under CI=true, where its absence must fail them.
    static func sharedTestsRun(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path) || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    func run(_ arguments: String..., environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: Self.packageRoot)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read before waiting so that a large output cannot fill the pipe and block the child.
        let stdout = out.fileHandleForReading.readAllRetrying()
        let stderr = err.fileHandleForReading.readAllRetrying()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A one-version model `name.xcdatamodel` in `folder` (a fresh temporary folder by default); its path.
    func temporaryModel(_ contents: String, named name: String = "Bad", in folder: String? = nil) throws -> String {
        let directory =
            (folder ?? NSTemporaryDirectory() + "openmomc-e2e-" + UUID().uuidString) + "/\(name).xcdatamodel"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try contents.write(toFile: directory + "/contents", atomically: true, encoding: .utf8)
        return directory
    }

    @Test func checkOnTheSampleSucceeds() throws {
        let result = try run("check", "SampleModels/Library.xcdatamodeld")
        #expect(result.status == 0)
        #expect(result.stdout == "3 model versions checked: 0 errors, 0 warnings\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func errorsPrintAtTheirLineAndExitOne() throws {
        let model = try temporaryModel(
            """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="A">
                    <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Missing"/>
                </entity>
            </model>
            """)
        defer { try? FileManager.default.removeItem(atPath: (model as NSString).deletingLastPathComponent) }
        let result = try run("check", model)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "\(model)/contents:4:83: error: 'A.b' points at entity 'Missing', which is not in the model "
                + "[destination-entity-not-found]\n")
        #expect(result.stdout == "1 model version checked: 1 error, 0 warnings\n")

        let json = try run("check", "--format", "json", model)
        #expect(json.status == 1)
        let decoded = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(decoded.first?["code"] as? String == "destination-entity-not-found")
        #expect(decoded.first?["line"] as? Int == 4)
    }

    @Test func unreadableInputExitsTwo() throws {
        let result = try run("check", "No/Such.xcdatamodeld")
        #expect(result.status == 2)
        #expect(result.stderr.contains("No/Such.xcdatamodeld: error: no such file or directory [file-not-found]"))
    }

    /// libxml2's own messages (encoding conversion, I/O) never reach stderr on their own: one diagnostic, one line.
    @Test func libxml2MessagesBecomePartOfTheDiagnostic() throws {
        let directory = NSTemporaryDirectory() + "openmomc-e2e-" + UUID().uuidString + "/Bad.xcdatamodel"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: (directory as NSString).deletingLastPathComponent) }
        let bytes =
            Array(#"<?xml version="1.0" encoding="ISO-2022-JP"?>"#.utf8) + [0x0A] + Array("<model>".utf8)
            + [0x1B, 0x24, 0x42, 0xFF, 0xFF] + Array("</model>\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: directory + "/contents"))
        let result = try run("check", directory)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasSuffix("[xml-not-well-formed]"), "\(result.stderr)")
        #expect(result.stderr.contains("input conversion failed"))
    }

    @Test func badUsageExitsTwoAndNamesTheProblem() throws {
        let unknownFlag = try run("check", "--frobnicate", "SampleModels")
        #expect(unknownFlag.status == 2)
        #expect(unknownFlag.stderr.contains("unknown option '--frobnicate'"))
        let unknownVerb = try run("compyle")
        #expect(unknownVerb.status == 2 && unknownVerb.stderr.contains("unknown command 'compyle'"))
        let noPaths = try run("check")
        #expect(noPaths.status == 2)
        let nothing = try run()
        #expect(nothing.status == 2 && nothing.stderr.contains("USAGE"))
    }

    @Test func helpAndVersion() throws {
        let help = try run("--help")
        #expect(help.status == 0 && help.stdout.contains("check"))
        let verbHelp = try run("help", "check")
        #expect(verbHelp.status == 0 && verbHelp.stdout.contains("--format"))
        let dashH = try run("check", "-h")
        #expect(dashH.stdout == verbHelp.stdout)
        let version = try run("--version")
        #expect(version.status == 0 && version.stdout.hasPrefix("openmomc "))
    }

    @Test func noColourWhenNotATerminal() throws {
        let model = try temporaryModel("<model><entity/></model>")
        defer { try? FileManager.default.removeItem(atPath: (model as NSString).deletingLastPathComponent) }
        let result = try run("check", model)
        #expect(result.status == 1)
        #expect(!result.stderr.contains("\u{1B}["))
    }
}
