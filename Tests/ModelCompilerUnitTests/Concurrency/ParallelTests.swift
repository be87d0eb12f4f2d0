import Dispatch
import Foundation
import Testing
@testable import ModelCompiler

@Suite struct ParallelTests {
    @Test func resultsComeInJobOrderWhateverOrderJobsFinish() {
        // Early jobs work longest, so that later ones finish first when they run side by side.
        let results = Parallel.map(64) { index -> Int in
            var sum = 0
            for step in 0..<((64 - index) * 2_000) { sum &+= step }
            return sum == -1 ? -1 : index * 10
        }
        #expect(results == (0..<64).map { $0 * 10 })
        #expect(Parallel.map(0) { $0 }.isEmpty)
        #expect(Parallel.map(1) { $0 + 7 } == [7])
    }

    @Test func jobsRunSideBySideOnSeveralCores() {
        guard Parallel.isAvailable else { return }
        // Job 0 waits for job 1: run one after the other on one thread, it would wait in vain.
        let started = DispatchSemaphore(value: 0)
        let waited = Parallel.map(2) { index -> Bool in
            if index == 1 {
                started.signal()
                return true
            }
            return started.wait(timeout: .now() + 20) == .success
        }
        #expect(waited == [true, true])
    }

    @Test(arguments: [0, 1, 5, 63, 64, 65, 1_000, 12_345])
    func chunksCoverEveryIndexOnceInOrder(count: Int) {
        let ranges = Parallel.chunks(count, minimum: 64) { $0 }
        #expect(ranges.flatMap { Array($0) } == Array(0..<count))
        #expect(ranges.allSatisfy { !$0.isEmpty } || count == 0)
        #expect(ranges.count == (count >= 64 && Parallel.isAvailable ? 16 : 1))
    }

    @Test func stageTracesReachTheWorkers() {
        let trace = StageTrace()
        StageTrace.$current.withValue(trace) {
            _ = Parallel.map(100) { StageTrace.record(.typed, "v\($0)") }
        }
        #expect(trace.recorded.count == 100)
        #expect(trace.recorded.values.allSatisfy { $0 == 1 })
    }

    @Test func bothGivesEachResult() {
        let (text, number) = Parallel.both({ String(repeating: "a", count: 3) }, { (1...100).reduce(0, +) })
        #expect(text == "aaa")
        #expect(number == 5050)
    }
}
