import Foundation
import Testing
@testable import ModelCompiler

/// Work one job offers and either job may do, exactly once.
@Suite struct SharedWorkTests {
    @Test func theOfferingJobDoesUnclaimedWorkItself() {
        let work = SharedWork<Int>()
        work.offer { 42 }
        #expect(work.result() == 42)
        #expect(!work.help(), "work already done is not done again")
    }

    @Test func aHelperThatClaimsTheWorkHandsOverItsResult() {
        let work = SharedWork<Int>()
        let claimed = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let calls = Counter()
        work.offer {
            calls.add()
            claimed.signal()
            release.wait()
            return 7
        }
        let helper = DispatchGroup()
        DispatchQueue.global().async(group: helper) { #expect(work.help()) }
        claimed.wait()  // the helper is inside the work: the offering job must wait for its result
        release.signal()
        #expect(work.result() == 7)
        helper.wait()
        #expect(calls.value == 1)
    }

    @Test func aHelperWaitsForTheOfferAndLeavesAWithdrawal() {
        let offered = SharedWork<Int>(), withdrawn = SharedWork<Int>()
        let helpers = DispatchGroup()
        DispatchQueue.global().async(group: helpers) { #expect(offered.help()) }
        DispatchQueue.global().async(group: helpers) { #expect(!withdrawn.help()) }
        usleep(20_000)  // the helpers are waiting (or not yet started: either way they find what follows)
        offered.offer { 1 }
        withdrawn.withdraw()
        helpers.wait()
        #expect(offered.result() == 1)
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }
}
