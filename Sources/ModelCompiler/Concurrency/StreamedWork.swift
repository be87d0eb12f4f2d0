import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Work on items that arrive one at a time while their producer goes on (elements typed while the parser reads the
/// rest of the file): items are gathered into batches, each full batch is processed on another core, and `finish`
/// returns every batch's result in the order the items came, whatever order the batches ended in. The producer
/// helps with the batches still waiting when it finishes, so the other core never leaves it idle at the end.
///
/// One producer thread calls `add` and then `finish`, once; `process` must only read what it shares.
final class StreamedWork<Item: Sendable, Output: Sendable>: @unchecked Sendable {
    private let batchSize: Int
    private let process: @Sendable ([Item]) -> Output
    private let trace = StageTrace.current
    /// The producer's batch being filled; only the producer touches it.
    private var filling: [Item] = []

    private let lock = Lock()
    /// Full batches not yet taken, by batch number; `nextToTake` is the oldest.
    private var waiting: [Int: [Item]] = [:]
    private var nextToTake = 0
    private var batchCount = 0
    private var outputs: [Int: Output] = [:]
    /// Batches the worker is done with, released by the producer when it next hands one over: glibc's allocator
    /// locks the memory of the thread that allocated for every free from another thread, so the producer, which
    /// allocates all the time, kept waiting on the worker's frees (1,500 context switches in a 1,000-entity check).
    private var spent: [[Item]] = []
    private var workerIsRunning = false
    private let worker = DispatchGroup()

    init(batchSize: Int, _ process: @escaping @Sendable ([Item]) -> Output) {
        self.batchSize = max(batchSize, 1)
        self.process = process
        filling.reserveCapacity(self.batchSize)
    }

    func add(_ item: Item) {
        filling.append(item)
        guard filling.count >= batchSize else { return }
        let batch = filling
        filling.removeAll(keepingCapacity: true)
        if handOver(batch, startingWorker: true) {
            worker.enter()
            DispatchQueue.global().async { [self] in
                StageTrace.$current.withValue(trace) { drain(asWorker: true) }
                worker.leave()
            }
        }
    }

    /// Every batch's output in item order, the last partial batch included; none when no item came.
    func finish() -> [Output] {
        if !filling.isEmpty {
            _ = handOver(filling, startingWorker: false)
            filling = []
        }
        drain(asWorker: false)
        worker.wait()
        spent = []
        return lock.withLock { (0..<batchCount).map { outputs[$0]! } }
    }

    /// Queues a full batch; true when a worker is to be started for it (none is running, and there are cores).
    private func handOver(_ batch: [Item], startingWorker: Bool) -> Bool {
        var released: [[Item]] = []
        defer { released.removeAll() }  // here, outside the lock, on the producer's thread
        return lock.withLock {
            swap(&released, &spent)
            waiting[batchCount] = batch
            batchCount += 1
            guard startingWorker, Parallel.isAvailable, !workerIsRunning else { return false }
            workerIsRunning = true
            return true
        }
    }

    /// Drops the batches not yet taken and waits for the one being processed, if any: the items turned out useless.
    func discard() {
        filling = []
        lock.withLock {
            waiting.removeAll()
            nextToTake = batchCount
        }
        worker.wait()
        spent = []
    }

    /// Takes and processes waiting batches, oldest first, until none is left.
    private func drain(asWorker: Bool) {
        while true {
            let next: (Int, [Item])? = lock.withLock {
                guard nextToTake < batchCount, let batch = waiting.removeValue(forKey: nextToTake) else {
                    if asWorker { workerIsRunning = false }
                    return nil
                }
                nextToTake += 1
                return (nextToTake - 1, batch)
            }
            guard let (number, batch) = next else { return }
            let output = process(batch)
            lock.withLock {
                outputs[number] = output
                if asWorker { spent.append(batch) }
            }
        }
    }
}
