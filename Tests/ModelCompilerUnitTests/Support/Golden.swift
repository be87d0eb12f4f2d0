import Foundation
import TestSupport
import Testing

/// Golden files live next to the tests that use them, under `Golden/`. Regenerate them all with
///     OPENMOMC_UPDATE_GOLDENS=1 swift test --filter Golden
/// and review the change with `git diff`.
enum Golden {
    static var updating: Bool { ProcessInfo.processInfo.environment["OPENMOMC_UPDATE_GOLDENS"] == "1" }

    static func folder(_ testFile: String = #filePath) -> String {
        (testFile as NSString).deletingLastPathComponent + "/Golden"
    }

    /// Compares `actual` with the golden file (or rewrites it when updating), reporting the first differing
    /// line with a little context on both sides.
    static func check(
        _ actual: String, against relativePath: String, folder: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let path = folder + "/" + relativePath
        if updating {
            try? FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? actual.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
            Issue.record(
                "golden file \(relativePath) is missing; create it with OPENMOMC_UPDATE_GOLDENS=1 swift test --filter Golden",
                sourceLocation: sourceLocation)
            return
        }
        guard expected != actual else { return }
        Issue.record(
            Comment(rawValue: difference(expected: expected, actual: actual, name: relativePath)),
            sourceLocation: sourceLocation)
    }

    static func difference(expected: String, actual: String, name: String) -> String {
        let old = expected.components(separatedBy: "\n"), new = actual.components(separatedBy: "\n")
        let first =
            zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        var lines = [
            "\(name) differs from its golden file at line \(first + 1) "
                + "(regenerate with OPENMOMC_UPDATE_GOLDENS=1 swift test --filter Golden):"
        ]
        lines += old[max(0, first - 2)..<first].map { "  \($0)" }
        lines += old[first..<min(old.count, first + 3)].map { "- \($0)" }
        lines += new[first..<min(new.count, first + 3)].map { "+ \($0)" }
        return lines.joined(separator: "\n")
    }
}
