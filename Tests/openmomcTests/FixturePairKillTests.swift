import Foundation
import Testing

/// A fixture store and its expected.json are one unit: `fixtures` killed at any moment (at each step of the swap,
/// and at random moments while the rows are written) leaves both of the old pair or both of the new, never one of
/// each; the next run removes what the killed one staged.
@Suite(.serialized) struct FixturePairKillTests {
    let kills = KillSafetyTests()
    let tool = EndToEndTests()
    static let names = ["Library.sqlite", "Library.expected.json", "Library 2.sqlite", "Library 2.expected.json"]

    func contents(_ folder: String) -> [[UInt8]?] {
        Self.names.map { name in FileManager.default.contents(atPath: folder + "/" + name).map { [UInt8]($0) } }
    }

    /// The fixtures of seed 1 (old) and seed 2 (new), written apart, and a folder holding the old ones.
    func pairs() throws -> (directory: String, bundle: String, old: [[UInt8]?], new: [[UInt8]?]) {
        let (directory, bundle) = try kills.scratch()
        for (folder, seed) in [("old", "1"), ("new", "2")] {
            #expect(
                try tool.run("fixtures", bundle, directory + "/" + folder, "--rows", "400", "--seed", seed).status == 0)
        }
        let old = contents(directory + "/old"), new = contents(directory + "/new")
        #expect(old.allSatisfy { $0 != nil } && old != new)
        return (directory, bundle, old, new)
    }

    func reset(_ directory: String) throws {
        try? FileManager.default.removeItem(atPath: directory + "/out")
        try FileManager.default.copyItem(atPath: directory + "/old", toPath: directory + "/out")
    }

    /// Each version's two files are of one run: both old or both new.
    func expectWhole(_ now: [[UInt8]?], old: [[UInt8]?], new: [[UInt8]?], _ when: String) {
        for version in 0..<2 {
            let pair = [now[2 * version], now[2 * version + 1]]
            let olds = [old[2 * version], old[2 * version + 1]], news = [new[2 * version], new[2 * version + 1]]
            #expect(pair == olds || pair == news, "\(Self.names[2 * version]) split (\(when))")
        }
    }

    @Test(arguments: ["built", "exchanged"])
    func killedAtEachStepOfTheSwap(_ step: String) throws {
        let (directory, bundle, old, new) = try pairs()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try reset(directory)
        #expect(try kills.killed(at: step, "fixtures", bundle, directory + "/out", "--rows", "400", "--seed", "2"))
        #expect(contents(directory + "/out") == (step == "built" ? old : new))
        #expect(try tool.run("fixtures", bundle, directory + "/out", "--rows", "400", "--seed", "2").status == 0)
        #expect(contents(directory + "/out") == new)
        #expect(try kills.hidden(in: directory).isEmpty, "the next run removes the staged folder")
    }

    @Test func killedAtRandomMoments() throws {
        let (directory, bundle, old, new) = try pairs()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // How long a run takes here, to kill within it.
        try reset(directory)
        let start = Date()
        #expect(try tool.run("fixtures", bundle, directory + "/out", "--rows", "400", "--seed", "2").status == 0)
        let duration = Date().timeIntervalSince(start)
        var generator = SystemRandomNumberGenerator()
        var outcomes: Set<String> = []
        for round in 0..<12 {
            try reset(directory)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: EndToEndTests.executable)
            process.arguments = ["fixtures", bundle, directory + "/out", "--rows", "400", "--seed", "2"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(Double.random(in: 0...(duration * 1.2), using: &generator) * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = contents(directory + "/out")
            expectWhole(now, old: old, new: new, "round \(round)")
            // The folder is swapped whole: every version old, or every version new.
            #expect(now == old || now == new, "round \(round): versions of two runs")
            outcomes.insert(now == old ? "old" : now == new ? "new" : "mixed")
        }
        // Whether rounds landed on both sides of the swap is likely, not certain: printed, not asserted.
        #expect(try tool.run("fixtures", bundle, directory + "/out", "--rows", "400", "--seed", "2").status == 0)
        #expect(try kills.hidden(in: directory).isEmpty)
        print("fixture kills: \(outcomes.sorted())")
    }
}
