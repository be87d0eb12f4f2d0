import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Independent jobs spread over the machine's cores, their results in job order whatever order they finish in, so
/// that output never depends on timing. A bundle's versions are read, typed, validated, hashed, analysed and
/// archived independently of one another; one version's hashes and archive do not depend on each other either.
enum Parallel {
    /// Whether jobs run side by side at all: not on a single core, where threads would only add switching.
    static let isAvailable = cores > 1
    static let cores = ProcessInfo.processInfo.activeProcessorCount

    /// `job(index)` for every index in `0..<count`, as many at once as there are cores. A job must only read what
    /// it shares with the others (`@Sendable`). The calling thread works too and waits for all of them.
    static func map<Result>(_ count: Int, _ job: @Sendable (Int) -> Result) -> [Result] {
        guard count > 1, isAvailable else { return (0..<count).map(job) }
        // Stage traces are task-local, which worker threads do not inherit: hand the caller's to each job.
        let trace = StageTrace.current
        return [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = Slots(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: count) { index in
                let result = StageTrace.$current.withValue(trace) { job(index) }
                (slots.base + index).initialize(to: result)  // each index is written by exactly one job
            }
            initialized = count
        }
    }

    /// `job(range)` over consecutive ranges that together cover `0..<count`, in order: for many small items, where
    /// a job each would cost more than the item. Fewer than `minimum` items are one range.
    static func chunks<Result>(_ count: Int, minimum: Int, _ job: @Sendable (Range<Int>) -> Result) -> [Result] {
        let ranges = ranges(count, minimum: minimum)
        guard ranges.count > 1 else { return [job(0..<count)] }
        return map(ranges.count) { job(ranges[$0]) }
    }

    /// The ranges `chunks` splits `0..<count` into: one when there are fewer than `minimum` items or one core.
    static func ranges(_ count: Int, minimum: Int) -> [Range<Int>] {
        guard count >= minimum, isAvailable else { return [0..<count] }
        // More ranges than cores, so that one slow range does not leave the other cores idle at the end.
        let ranges = min(count, 16)
        return (0..<ranges).map { count * $0 / ranges..<count * ($0 + 1) / ranges }
    }

    /// Two unrelated computations at once; `first` runs on the calling thread.
    static func both<A, B>(_ first: @Sendable () -> A, _ second: @Sendable () -> B) -> (A, B) {
        guard isAvailable else { return (first(), second()) }
        var a: A?, b: B?
        withUnsafeMutablePointer(to: &a) { pointerA in
            withUnsafeMutablePointer(to: &b) { pointerB in
                let slots = (Slots(base: pointerA), Slots(base: pointerB))
                _ = map(2) { index in
                    if index == 0 { slots.0.base.pointee = first() } else { slots.1.base.pointee = second() }
                }
            }
        }
        return (a!, b!)
    }

    /// Where a job puts its result: written by one job only, read once all have finished.
    private struct Slots<Value>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Value>
    }
}
