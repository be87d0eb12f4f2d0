import Dispatch
import Foundation
import Testing
@testable import ModelCompiler

@Suite struct StreamedWorkTests {
    /// Batches finish out of order (earlier ones sleep longer); the outputs still come in item order.
    @Test func outputsComeInItemOrderWhateverOrderBatchesEndIn() {
        let work = StreamedWork<Int, [Int]>(batchSize: 3) { batch in
            usleep(UInt32(max(0, 2_000 - batch[0] * 40)))
            return batch.map { $0 * 2 }
        }
        for item in 0..<50 { work.add(item) }
        let outputs = work.finish()
        #expect(outputs.map(\.count) == Array(repeating: 3, count: 16) + [2], "full batches, then the partial one")
        #expect(outputs.flatMap { $0 } == (0..<50).map { $0 * 2 })
    }

    @Test func noItemsGiveNoOutputs() {
        let work = StreamedWork<Int, Int>(batchSize: 4) { $0.count }
        #expect(work.finish().isEmpty)
    }

    /// The first full batch is processed while the producer is still adding: it waits for an item added after it,
    /// which a producer that processed everything itself at the end would never get to add.
    @Test(.enabled(if: Parallel.isAvailable)) func fullBatchesAreProcessedWhileTheProducerGoesOn() {
        let started = DispatchSemaphore(value: 0)
        let work = StreamedWork<Int, Bool>(batchSize: 2) { batch in
            batch[0] == 0 ? started.wait(timeout: .now() + 10) == .success : true
        }
        work.add(0)
        work.add(1)
        usleep(50_000)
        started.signal()
        work.add(2)
        #expect(work.finish() == [true, true])
    }

    @Test func discardDropsWhatWasNotTakenAndWaitsForTheRest() {
        let processed = Counter()
        let work = StreamedWork<Int, Int>(batchSize: 1) { batch in
            usleep(2_000)
            processed.add(batch.count)
            return batch[0]
        }
        for item in 0..<40 { work.add(item) }
        work.discard()
        let afterDiscard = processed.value
        usleep(20_000)
        #expect(processed.value == afterDiscard, "nothing is processed once discard has returned")
        #expect(afterDiscard < 40)
    }

    @Test func theCallersTraceReachesTheWorker() {
        let trace = StageTrace()
        StageTrace.$current.withValue(trace) {
            let work = StreamedWork<Int, Int>(batchSize: 1) { batch in
                StageTrace.record(.typed, "item \(batch[0])")
                return batch[0]
            }
            for item in 0..<20 { work.add(item) }
            _ = work.finish()
        }
        #expect(trace.recorded.count == 20)
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add(_ amount: Int) { lock.withLock { count += amount } }
}
