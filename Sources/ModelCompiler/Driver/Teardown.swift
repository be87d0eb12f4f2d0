#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a verb built (every version's typed model, hashes, element trees' remains) is freed value by value when the
/// verb returns: for a 1,000-entity model that was 7-8% of `compile`'s and `generate`'s time (paired runs), work a
/// process about to end need not do, since the system takes its memory back at once. A short-lived process (the
/// openmomc executable) says so once, and from then on each verb keeps what it built until the process exits. A
/// process that runs many verbs (the tests, an app using the library) never does: there every run is freed.
/// A process-lifetime switch for the openmomc executable, not part of the library's API: `@_spi(Executable)`.
@_spi(Executable) public enum Teardown {
    /// Call once, before the first verb, in a process that ends after a run or a few.
    public static func skipWhenTheProcessEnds() { kept.enable() }

    /// Keeps `value` until the process exits when freeing is skipped; otherwise it is freed as usual.
    static func atExit(_ value: Any) { kept.keep(value) }

    static let kept = Keeper()

    /// The values kept, and whether keeping is on (tests use a keeper of their own).
    final class Keeper: @unchecked Sendable {
        private let lock = Lock()
        private var enabled = false
        private var values: [Any] = []

        func enable() { lock.withLock { enabled = true } }

        var isEnabled: Bool { lock.withLock { enabled } }

        func keep(_ value: Any) {
            lock.withLock { if enabled { values.append(value) } }
        }
    }
}
