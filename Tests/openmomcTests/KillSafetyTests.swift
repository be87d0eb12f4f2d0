import Foundation
import Testing

/// Every writing command, killed at each step of its write (OPENMOMC_TEST_PAUSE_AT makes the writer stop there),
/// leaves the old output or the new one, complete; the next run removes what the killed one left behind.
@Suite(.serialized) struct KillSafetyTests {
    let tool = EndToEndTests()

    func scratch() throws -> (directory: String, bundle: String) {
        let directory = NSTemporaryDirectory() + "openmomc-kill-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory + "/out", withIntermediateDirectories: true)
        let bundle = directory + "/Library.xcdatamodeld"
        try FileManager.default.copyItem(
            atPath: EndToEndTests.packageRoot + "/SampleModels/Library.xcdatamodeld", toPath: bundle)
        return (directory, bundle)
    }

    /// Runs the tool until it says it paused at `step`, then kills it. False when it never paused.
    func killed(at step: String, _ arguments: String...) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: EndToEndTests.executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["OPENMOMC_TEST_PAUSE_AT": step]) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var said = Data()
        let deadline = Date().addingTimeInterval(60)
        while !String(decoding: said, as: UTF8.self).contains("paused at \(step)"), process.isRunning, Date() < deadline
        {
            said += err.fileHandleForReading.availableData
        }
        let paused = String(decoding: said, as: UTF8.self).contains("paused at \(step)")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return paused
    }

    /// Adds an attribute to the current version, so that the next compile writes a different output (an unchanged
    /// one is left as it is, and a run that writes nothing never pauses).
    func editCurrentVersion(_ bundle: String) throws {
        let path = bundle + "/Library 3.xcdatamodel/contents"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let close = try #require(text.range(of: "</entity>"))
        try text.replacingCharacters(
            in: close,
            with: "<attribute name=\"killProbe\" optional=\"YES\" "
                + "attributeType=\"String\"/></entity>"
        )
        .write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// `hashes` of the compiled model in `folder`, its path written as if it were in `as`.
    func hashes(_ folder: String, as shown: String) throws -> String {
        try tool.run("hashes", folder + "/Library.momd").stdout.replacingOccurrences(of: folder, with: shown)
    }

    /// Writes the first output into `directory/out` with `verb`, then edits the model: the compiled model before and
    /// after the edit, as `hashes` shows them (the second compiled elsewhere).
    func outputsAcrossAnEdit(
        _ verb: String, _ bundle: String,
        in directory: String
    ) throws -> (before: String, after: String) {
        let out = directory + "/out"
        #expect(try tool.run(verb, bundle, out).status == 0)
        let before = try hashes(out, as: out)
        try editCurrentVersion(bundle)
        #expect(try tool.run("compile", bundle, directory + "/fresh").status == 0)
        let after = try hashes(directory + "/fresh", as: out)
        #expect(before != after)
        return (before, after)
    }

    func hidden(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            $0.hasPrefix(".") && $0.contains(".openmomc-")
        }
    }

    @Test(arguments: ["built", "exchanged"])
    func compileKilledLeavesTheOldOrTheNewOutput(_ step: String) throws {
        let (directory, bundle) = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let out = directory + "/out"
        let (before, after) = try outputsAcrossAnEdit("compile", bundle, in: directory)
        #expect(try killed(at: step, "compile", bundle, out))
        // Old or new, and complete either way.
        let now = try hashes(out, as: out)
        #expect(now == before || now == after)
        #expect(try tool.run("compile", bundle, out).status == 0)
        #expect(try hashes(out, as: out) == after)
        #expect(try hidden(in: directory + "/out").isEmpty, "the next run removes what the killed one left")
    }

    @Test func buildKilledLeavesTheOldOrTheNewOutput() throws {
        let (directory, bundle) = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let out = directory + "/out"
        let (before, after) = try outputsAcrossAnEdit("build", bundle, in: directory)
        #expect(try killed(at: "exchanged", "build", bundle, out))
        let now = try hashes(out, as: out)
        #expect(now == before || now == after)
        #expect(FileManager.default.fileExists(atPath: directory + "/out/Library+CoreDataModel.swift"))
    }

    /// Two compiles into one folder at once both succeed; the one that finishes last wins.
    @Test func concurrentCompilesBothSucceed() throws {
        let (directory, bundle) = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for _ in 0..<15 {
            let processes = (0..<2).map { _ in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: EndToEndTests.executable)
                process.arguments = ["compile", bundle, directory + "/out"]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                return process
            }
            for process in processes { try process.run() }
            for process in processes { process.waitUntilExit() }
            #expect(processes.map(\.terminationStatus) == [0, 0])
        }
        #expect(try hidden(in: directory + "/out").isEmpty)
    }

    @Test(arguments: ["built", "exchanged"])
    func newVersionKilledLeavesTheBundleUntouchedOrFullyUpdated(_ step: String) throws {
        let (directory, bundle) = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try killed(at: step, "new-version", bundle))
        let versions = try FileManager.default.contentsOfDirectory(atPath: bundle).filter {
            $0.hasSuffix(".xcdatamodel")
        }.sorted()
        let pointer = try String(contentsOfFile: bundle + "/.xccurrentversion", encoding: .utf8)
        if step == "built" {
            #expect(versions == ["Library 2.xcdatamodel", "Library 3.xcdatamodel", "Library.xcdatamodel"])
            #expect(pointer.contains("Library 3.xcdatamodel"))
        } else {
            #expect(versions.contains("Library 4.xcdatamodel") && pointer.contains("Library 4.xcdatamodel"))
        }
        let checked = try tool.run("check", bundle)
        #expect(checked.status == 0 && !checked.stderr.contains("error"), "\(checked.stderr)")
        // The next change of the bundle removes what the killed run left beside it.
        #expect(try tool.run("new-version", bundle).status == 0)
        #expect(try hidden(in: directory).isEmpty)
    }

    @Test func markShippedKilledLeavesTheOldOrTheNewRecord() throws {
        let (directory, bundle) = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let record = bundle + "/ShippedVersions.json"
        let before = try Data(contentsOf: URL(fileURLWithPath: record))
        #expect(try killed(at: "built", "mark-shipped", "--version", "Library 3", bundle))
        #expect(try Data(contentsOf: URL(fileURLWithPath: record)) == before)
        #expect(try tool.run("check", bundle).status == 0)
        #expect(try tool.run("mark-shipped", "--version", "Library 3", bundle).status == 0)
        #expect(try hidden(in: bundle).isEmpty)
    }

    @Test(
        .enabled(if: EndToEndTests.sharedTestsRun(HistoryEndToEndTests.binaryModel)),
        arguments: ["built", "exchanged"])
    func convertKilledLeavesTheBinaryOrTheXMLVersion(_ step: String) throws {
        let directory = NSTemporaryDirectory() + "openmomc-kill-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let version = directory + "/CoreDataBug_DataModel.xcdatamodel"
        try FileManager.default.copyItem(atPath: HistoryEndToEndTests.binaryModel, toPath: version)
        let before = try tool.run("hashes", version).stdout
        #expect(try killed(at: step, "convert", version))
        let files = try FileManager.default.contentsOfDirectory(atPath: version).sorted()
        #expect(files == (step == "built" ? ["elements", "layout"] : ["contents"]))
        #expect(try tool.run("hashes", version).stdout == before)
    }
}
