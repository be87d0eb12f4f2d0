import Foundation
import Testing

/// `openmomc store` as a support engineer runs it on a user's store, from ../shared/stores.
@Suite struct StoreEndToEndTests {
    let tool = EndToEndTests()
    static let shared = EndToEndTests.packageRoot + "/../shared"
    static let store = shared + "/stores/objcio__core-data/Migrations/MigrationsTests/Moody 3.moody"
    static let bundle = shared + "/corpus/objcio__core-data/Migrations/Migrations/Moody.xcdatamodeld"

    @Test(.enabled(if: EndToEndTests.sharedTestsRun(StoreEndToEndTests.store)))
    func namesTheWriterAndTheVerdictInTextAndJSON() throws {
        let text = try tool.run("store", Self.store, "--model", Self.bundle)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("  framework version 637, store type SQLite, UUID "))
        #expect(text.stdout.contains("\nwritten by: Moody 3\n"))
        #expect(
            text.stdout.contains("\nverdict for Moody 6 (current): opens after an inferred migration from Moody 3: "))
        #expect(text.stdout.contains("  Mood             "), "entities are listed with hash and rows")
        let json = try tool.run("store", "--format", "json", Self.store, "--model", Self.bundle)
        let report = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["writtenBy"] as? [String] == ["Moody 3"])
        #expect((report["verdict"] as? [String: Any])?["kind"] as? String == "migrates")
        #expect(report["differences"] as? [String] == [])
    }

    /// #50: interrupted while it reads a private copy of the store, the doctor removes the copy (SIGTERM, SIGINT);
    /// after a SIGKILL, the next run removes what the killed one left. Nothing of the store stays in the temp folder.
    @Test func anInterruptedDoctorLeavesNoCopyOfTheStore() throws {
        let folder = NSTemporaryDirectory() + "openmomc-interrupt-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let temporary = folder + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let store = folder + "/Library 2.sqlite"
        try FileManager.default.copyItem(
            atPath: EndToEndTests.packageRoot + "/SampleModels/Library 2.sqlite", toPath: store)
        // A large -wal (zeros, written out so that no copy can skip them as a hole; SQLite ignores a log whose header
        // does not check) makes the copy take a while.
        #expect(FileManager.default.createFile(atPath: store + "-wal", contents: nil))
        let wal = try FileHandle(forWritingTo: URL(fileURLWithPath: store + "-wal"))
        let megabyte = Data(repeating: 0, count: 1 << 20)
        for _ in 0..<256 { try wal.write(contentsOf: megabyte) }
        try wal.close()
        func interrupted(after delay: Double, with signal: Int32) throws -> Bool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: EndToEndTests.executable)
            process.arguments = [
                "store", store, "--model", EndToEndTests.packageRoot + "/SampleModels/Library.xcdatamodeld",
            ]
            process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            if signal != 0 {
                Thread.sleep(forTimeInterval: delay)
                kill(process.processIdentifier, signal)
            }
            process.waitUntilExit()
            // Ended by the signal, or failing because the copy went under it: either way it did not finish.
            return process.terminationReason == .uncaughtSignal || process.terminationStatus != 0
        }
        var killed = 0
        for delay in [0.05, 0.15, 0.3, 0.6] {
            for signal in [SIGTERM, SIGINT] {
                if try interrupted(after: delay, with: signal) { killed += 1 }
                #expect(
                    try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty, "a copy survived \(signal)")
            }
        }
        #expect(killed > 0, "no run was interrupted while it worked")
        // SIGKILL cannot be handled: the next run removes the copy the killed one left.
        _ = try interrupted(after: 0.15, with: SIGKILL)
        _ = try interrupted(after: 0, with: 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
    }

    @Test func aFileThatIsNoStoreIsBadInput() throws {
        let text = try tool.run("store", "README.md", "--model", "SampleModels/Library.xcdatamodeld")
        #expect(text.status == 2)
        #expect(
            text.stderr.contains("README.md: error: not an SQLite database (or an encrypted one)"), "\(text.stderr)")
        #expect(text.stdout.isEmpty)
        let help = try tool.run("help", "store")
        #expect(
            help.stdout.contains("USAGE: openmomc store [--model <bundle>]... [--format text|json] [--config <file>]"))
    }
}
