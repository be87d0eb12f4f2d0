import Foundation
import TestSupport
import Testing

/// The pre-commit hook as a team adopts it: `pre-commit try-repo` builds openmomc from this repository and runs
/// `openmomc-check` on a repository holding the sample model. Runs where `pre-commit` is installed (`.ci/run`
/// installs it from PyPI; under CI its absence fails); it builds openmomc in release mode once, a few minutes.
@Suite struct PreCommitHookTests {
    /// How to run pre-commit here: its script on the `PATH`, else the module of the `python3` on it.
    static let preCommit: [String]? = {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        if paths.contains(where: { FileManager.default.isExecutableFile(atPath: $0 + "/pre-commit") }) {
            return ["pre-commit"]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-m", "pre_commit", "--version"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? ["python3", "-m", "pre_commit"] : nil
    }()

    static var shouldRun: Bool { preCommit != nil || ProcessInfo.processInfo.environment["CI"] == "true" }

    @Test(.enabled(if: shouldRun)) func theHookPassesACleanModelAndFailsAnEditedShippedVersion() throws {
        #expect(Self.preCommit != nil, "pre-commit is not installed (.ci/run installs it from PyPI)")
        guard let preCommit = Self.preCommit else { return }
        let directory = NSTemporaryDirectory() + "openmomc-pre-commit-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: EndToEndTests.packageRoot + "/SampleModels/Library.xcdatamodeld",
            toPath: directory + "/Library.xcdatamodeld")
        let git = ["git", "-c", "user.email=tests@openmomc", "-c", "user.name=tests"]
        _ = try Program.run(["git", "init", "-q"], in: directory)
        _ = try Program.run(["git", "add", "-A"], in: directory)
        _ = try Program.run(git + ["commit", "-qm", "model"], in: directory)
        let tryRepo = preCommit + ["try-repo", EndToEndTests.packageRoot, "openmomc-check", "--all-files"]
        let clean = try Program.run(tryRepo, in: directory)
        #expect(
            clean.status == 0 && clean.output.contains("openmomc check") && clean.output.contains("Passed"),
            "\(clean.output.suffix(3000))")
        // 'Library 2' is recorded as shipped: editing it must fail the commit.
        let contents = directory + "/Library.xcdatamodeld/Library 2.xcdatamodel/contents"
        let edited = try String(contentsOfFile: contents, encoding: .utf8)
            .replacingOccurrences(of: "attributeType=\"String\"", with: "attributeType=\"Binary\"")
        try edited.write(toFile: contents, atomically: true, encoding: .utf8)
        _ = try Program.run(["git", "add", "-A"], in: directory)
        let failed = try Program.run(tryRepo, in: directory)
        #expect(
            failed.status != 0 && failed.output.contains("Failed")
                && failed.output.contains("[shipped-version-modified]"),
            "\(failed.output.suffix(3000))")
    }
}
