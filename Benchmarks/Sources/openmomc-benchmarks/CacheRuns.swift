import Foundation

/// `compile --cache` on one bundle: with an empty cache (every version archived and recorded), with a warm one
/// (nothing archived), and after an edit to the current version (its bytes change, so it alone is archived again).
/// The edited runs share their rounds with what the speed target compares them to: the current version compiled
/// alone (as a `.xcdatamodel`) and `cat` reading every version's file.
enum CacheRuns {
    struct Result {
        var cold: Measure.Sample
        var warm: Measure.Sample
        var edited: Measure.Sample
        var alone: Measure.Sample
        var read: Measure.Sample
        /// Each round's edited run over the same round's lone version plus reading the files.
        var editedOverTarget: Measure.Ratio
    }

    static func measure(bundle: String, tool: String, runs: Int, scratch: String) throws -> Result {
        let copy = scratch + "/cached/" + (bundle as NSString).lastPathComponent
        try? FileManager.default.removeItem(atPath: scratch + "/cached")
        try FileManager.default.createDirectory(atPath: scratch + "/cached", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: bundle, toPath: copy)
        let cache = scratch + "/cached/cache", out = scratch + "/cached/out"
        let arguments = ["compile", copy, out, "--cache", cache]
        let cold = Measure.median(
            (0..<runs).map { _ in
                try? FileManager.default.removeItem(atPath: cache)
                return Measure.run(tool, arguments)
            })
        _ = Measure.run(tool, arguments)
        let warm = Measure.median(runs: runs, tool, arguments)
        let current = try currentContents(copy)
        // The lone version is a copy, so that the edits below do not reach it: the same bytes every round.
        let alone = scratch + "/cached/alone.xcdatamodel"
        try FileManager.default.copyItem(atPath: (current as NSString).deletingLastPathComponent, toPath: alone)
        let files = try FileManager.default.contentsOfDirectory(atPath: copy).filter { $0.hasSuffix(".xcdatamodel") }
            .sorted().map { copy + "/" + $0 + "/contents" }
        var edited: [Measure.Sample] = [], lone: [Measure.Sample] = [], read: [Measure.Sample] = []
        for run in 0..<runs {
            // A comment changes the file's bytes and nothing else: the version is compiled again, the same.
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: current))
            handle.seekToEndOfFile()
            handle.write(Data("\n<!-- benchmark edit \(run) -->\n".utf8))
            try handle.close()
            edited.append(Measure.run(tool, arguments))
            lone.append(Measure.run(tool, ["compile", alone, scratch + "/cached/alone-out"]))
            read.append(Measure.run("/bin/cat", files))
        }
        let target = zip(lone, read).map { Measure.Sample(seconds: $0.seconds + $1.seconds, peakBytes: 0, status: 0) }
        return Result(
            cold: cold, warm: warm, edited: Measure.median(edited), alone: Measure.median(lone),
            read: Measure.median(read), editedOverTarget: Measure.ratio(edited, over: target))
    }

    /// The current version's `contents`, from `.xccurrentversion` (else the last version by name).
    static func currentContents(_ bundle: String) throws -> String {
        let pointer = (try? String(contentsOfFile: bundle + "/.xccurrentversion", encoding: .utf8)) ?? ""
        let named = pointer.range(of: "<string>").flatMap { start in
            pointer.range(of: "</string>", range: start.upperBound..<pointer.endIndex)
                .map { String(pointer[start.upperBound..<$0.lowerBound]) }
        }
        let versions = try FileManager.default.contentsOfDirectory(atPath: bundle)
            .filter { $0.hasSuffix(".xcdatamodel") }.sorted()
        return bundle + "/" + (named ?? versions.last ?? "") + "/contents"
    }
}
