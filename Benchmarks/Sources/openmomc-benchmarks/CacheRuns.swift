import Foundation

/// `compile --cache` on one bundle: with an empty cache (every version archived and recorded), with a warm one
/// (nothing archived), and after an edit to the current version (its bytes change, so it alone is archived again).
enum CacheRuns {
    struct Result { var cold: Measure.Sample; var warm: Measure.Sample; var edited: Measure.Sample }

    static func measure(bundle: String, tool: String, runs: Int, scratch: String) throws -> Result {
        let copy = scratch + "/cached/" + (bundle as NSString).lastPathComponent
        try? FileManager.default.removeItem(atPath: scratch + "/cached")
        try FileManager.default.createDirectory(atPath: scratch + "/cached", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: bundle, toPath: copy)
        let cache = scratch + "/cached/cache", out = scratch + "/cached/out"
        let arguments = ["compile", copy, out, "--cache", cache]
        let cold = Measure.median((0..<runs).map { _ in
            try? FileManager.default.removeItem(atPath: cache)
            return Measure.run(tool, arguments)
        })
        _ = Measure.run(tool, arguments)
        let warm = Measure.median(runs: runs, tool, arguments)
        let current = try currentContents(copy)
        let edited = Measure.median(try (0..<runs).map { run in
            // A comment changes the file's bytes and nothing else: the version is compiled again, the same.
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: current))
            handle.seekToEndOfFile()
            handle.write(Data("\n<!-- benchmark edit \(run) -->\n".utf8))
            try handle.close()
            return Measure.run(tool, arguments)
        })
        return Result(cold: cold, warm: warm, edited: edited)
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
