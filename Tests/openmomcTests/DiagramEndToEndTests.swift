import Foundation
import Testing

/// `openmomc diagram` as a user runs it: a version, an upgrade, and the usage errors.
@Suite struct DiagramEndToEndTests {
    let tool = EndToEndTests()

    /// #50: Graphviz runs under a time limit: a `dot` that never finishes is killed, and the diagram is an error.
    @Test func aGraphvizThatNeverFinishesIsStopped() throws {
        let directory = NSTemporaryDirectory() + "openmomc-slow-dot-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory + "/bin", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "#!/bin/sh\necho $$ > \"\(directory)/pid\"\nexec sleep 60\n".write(
            toFile: directory + "/bin/dot", atomically: true,
            encoding: .utf8)
        #expect(chmod(directory + "/bin/dot", 0o755) == 0)
        let path = directory + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let started = Date()
        let drawn = try tool.run(
            "diagram", "SampleModels/Library.xcdatamodeld", directory + "/model.svg",
            environment: ["PATH": path, "OPENMOMC_GRAPHVIZ_TIMEOUT": "1"])
        #expect(
            drawn.status == 1 && drawn.stderr.contains("Graphviz's dot ran longer than 1 s and was stopped"),
            "\(drawn.stderr)")
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(!FileManager.default.fileExists(atPath: directory + "/model.svg"))
        let pid = try #require(
            pid_t(
                String(contentsOfFile: directory + "/pid", encoding: .utf8)
                    .trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "dot still runs")
    }

    @Test func anUpgradeIsDrawnAndBadUsageExitsTwo() throws {
        let directory = NSTemporaryDirectory() + "openmomc-diagram-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let drawn = try tool.run(
            "diagram", "SampleModels/Library.xcdatamodeld", directory + "/change.mmd",
            "--from", "Library 2", "--to", "Library 3")
        #expect(drawn.status == 0 && drawn.stdout.contains("wrote \(directory)/change.mmd"), "\(drawn.stderr)")
        let mermaid = try String(contentsOfFile: directory + "/change.mmd", encoding: .utf8)
        #expect(mermaid.contains("Library 2 -> Library 3: inferable (lightweight migration)"))
        let toAlone = try tool.run(
            "diagram", "SampleModels/Library.xcdatamodeld", directory + "/x.dot", "--to", "Library 3")
        #expect(toAlone.status == 2 && toAlone.stderr.contains("--to draws an upgrade"), "\(toAlone.stderr)")
        let unknown = try tool.run(
            "diagram", "SampleModels/Library.xcdatamodeld", directory + "/x.dot", "--from", "Nope")
        #expect(unknown.status == 2 && unknown.stderr.contains("no version 'Nope'"), "\(unknown.stderr)")
    }

    @Test func historyDrawsTheUpgradePaths() throws {
        let directory = NSTemporaryDirectory() + "openmomc-history-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try #"{"migration": "step-by-step"}"#
            .write(toFile: directory + "/openmomc.json", atomically: true, encoding: .utf8)
        let run = try tool.run(
            "diagram", "SampleModels/Library.xcdatamodeld", directory + "/h.dot", "--history",
            "--config", directory + "/openmomc.json")
        #expect(run.status == 0, "\(run.stderr)")
        let dot = try String(contentsOfFile: directory + "/h.dot", encoding: .utf8)
        #expect(dot.contains("step by step") && dot.contains(#""Library 2" -> "Library 3" [label="inferred""#))
        let both = try tool.run(
            "diagram", "SampleModels/Library.xcdatamodeld", directory + "/x.dot", "--history",
            "--from", "Library")
        #expect(both.status == 2 && both.stderr.contains("--history draws every version"), "\(both.stderr)")
    }

    @Test func diffWritesAPullRequestComment() throws {
        let run = try tool.run("diff", "SampleModels/Library.xcdatamodeld", "--format", "markdown")
        #expect(run.status == 0 && run.stdout.hasPrefix("### Core Data model `Library`"), "\(run.stderr)")
        #expect(run.stdout.contains("```mermaid\n"))
        let bad = try tool.run("diff", "SampleModels/Library.xcdatamodeld", "--format", "html")
        #expect(bad.status == 2)
    }
}
