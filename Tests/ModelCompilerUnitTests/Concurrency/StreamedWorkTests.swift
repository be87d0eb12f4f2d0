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

    /// The first full batch is processed while the producer is still adding: the producer waits for it to start
    /// before adding more, which it would wait for in vain if batches were only processed at `finish`.
    @Test(.enabled(if: Parallel.isAvailable)) func fullBatchesAreProcessedWhileTheProducerGoesOn() {
        let started = DispatchSemaphore(value: 0)
        let work = StreamedWork<Int, Int>(batchSize: 2) { batch in
            if batch[0] == 0 { started.signal() }
            return batch[0]
        }
        work.add(0)
        work.add(1)
        let processedBeforeFinish = started.wait(timeout: .now() + 60) == .success
        work.add(2)
        #expect(work.finish() == [0, 2])
        #expect(processedBeforeFinish)
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

    /// A batch the worker processes records into the caller's trace too (a worker thread does not inherit it). The
    /// producer waits for batch 0 to start, so that batch can only have run on the worker.
    @Test(.enabled(if: Parallel.isAvailable)) func theCallersTraceReachesTheWorker() {
        let trace = StageTrace()
        let started = DispatchSemaphore(value: 0)
        var ranOnTheWorker = false
        StageTrace.$current.withValue(trace) {
            let work = StreamedWork<Int, Int>(batchSize: 1) { batch in
                StageTrace.record(.typed, "item \(batch[0])")
                if batch[0] == 0 { started.signal() }
                return batch[0]
            }
            work.add(0)
            ranOnTheWorker = started.wait(timeout: .now() + 60) == .success
            work.add(1)
            _ = work.finish()
        }
        #expect(ranOnTheWorker)
        #expect(trace.recorded == ["typed item 0": 1, "typed item 1": 1])
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add(_ amount: Int) { lock.withLock { count += amount } }
}
