#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Counts the work each stage does per version while a test watches, so that "`build` reads, types, validates
/// and compiles each version once" is checked, not assumed. Task-local: parallel tests do not see each other.
/// Outside such a test nothing is recorded.
final class StageTrace: @unchecked Sendable {
    enum Stage: String, Sendable { case read, typed, validated, compiled, hashed, archived }

    @TaskLocal static var current: StageTrace?

    private let lock = Lock()
    private var counts: [String: Int] = [:]

    static func record(_ stage: Stage, _ version: String) {
        guard let trace = current else { return }
        trace.lock.withLock { trace.counts[stage.rawValue + " " + version, default: 0] += 1 }
    }

    /// "stage version" -> how many times it ran.
    var recorded: [String: Int] { lock.withLock { counts } }
}
