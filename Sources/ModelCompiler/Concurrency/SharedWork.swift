#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Work that one job prepares and either of two jobs may do: the job that offered it does it itself unless the other
/// has claimed it first, and then waits for its result. Used where one job would otherwise leave a core idle (half
/// of a version's archive graph is built by the job that then hashes the version).
///
/// The helper waits only until the work is offered or withdrawn, which the preparing job always does promptly; the
/// preparing job waits only for work the helper is doing. So neither waits for a job that has not started, as long
/// as the preparing job starts first (`Parallel.map` starts jobs in index order; on one core it runs them in turn).
final class SharedWork<Result>: @unchecked Sendable {
    private enum State {
        case waiting
        case offered(() -> Result)
        case claimed
        case done(Result)
        case taken
    }

    private let condition = Condition()
    private var state = State.waiting
    /// For tests: the offering job leaves offered work to the helper and waits for it (the helper must exist).
    private let leftToHelper: Bool

    init(leftToHelper: Bool = false) { self.leftToHelper = leftToHelper }

    /// The preparing job: the work, done by whichever job comes to it first.
    func offer(_ work: @escaping () -> Result) {
        condition.withLock {
            guard case .waiting = state else { preconditionFailure("work offered twice") }
            state = .offered(work)
            condition.broadcast()
        }
    }

    /// The preparing job: nothing to share this time.
    func withdraw() {
        condition.withLock {
            if case .waiting = state { state = .taken }
            condition.broadcast()
        }
    }

    /// The preparing job, after `offer`: the result, the work done here unless the helper took it.
    func result() -> Result {
        condition.lock()
        while true {
            if case .claimed = state {
                condition.wait()
            } else if leftToHelper, case .offered = state {
                condition.wait()
            } else {
                break
            }
        }
        let current = state
        state = .taken
        condition.unlock()
        switch current {
        case .offered(let work): return work()
        case .done(let result): return result
        case .waiting, .claimed, .taken: preconditionFailure("a result asked for before the work was offered")
        }
    }

    /// The helper: does the work if it is offered and not yet taken; returns whether it did.
    @discardableResult
    func help() -> Bool {
        condition.lock()
        while case .waiting = state { condition.wait() }
        guard case .offered(let work) = state else {
            condition.unlock()
            return false
        }
        state = .claimed
        condition.unlock()
        let result = work()
        condition.withLock {
            state = .done(result)
            condition.broadcast()
        }
        return true
    }
}
