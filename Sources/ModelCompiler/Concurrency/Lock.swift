#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutual-exclusion lock over pthreads. The library imports FoundationEssentials, not Foundation, where it can:
/// loading Foundation (with ICU) took a third of a small model's compile, before any work. NSLock is Foundation's.
final class Lock: @unchecked Sendable {
    fileprivate let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A lock with a condition to wait on (NSCondition's part that the library uses).
final class Condition: @unchecked Sendable {
    private let lockItself = Lock()
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        let status = pthread_cond_init(condition, nil)
        precondition(status == 0, "pthread_cond_init failed: \(status)")
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    func lock() { lockItself.lock() }

    func unlock() { lockItself.unlock() }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result { try lockItself.withLock(body) }

    /// Called with the lock held; returns with it held again (possibly spuriously woken: callers loop).
    func wait() { pthread_cond_wait(condition, lockItself.mutex) }

    func broadcast() { pthread_cond_broadcast(condition) }
}
