import Testing
@_spi(Executable) @testable import ModelCompiler

@Suite struct TeardownTests {
    final class Built {}

    @Test func aKeeperThatIsNotEnabledLetsValuesBeFreed() {
        let keeper = Teardown.Keeper()
        weak var built: Built?
        do {
            let value = Built()
            built = value
            keeper.keep([value])
        }
        #expect(built == nil)
    }

    @Test func anEnabledKeeperHoldsValuesUntilTheProcessEnds() {
        let keeper = Teardown.Keeper()
        keeper.enable()
        weak var built: Built?
        do {
            let value = Built()
            built = value
            keeper.keep([value])
        }
        #expect(built != nil)
    }

    /// Only the executable turns it on: a process that runs many verbs (these tests) frees every run.
    @Test func theLibraryFreesEveryRunUnlessTold() {
        #expect(!Teardown.kept.isEnabled)
    }
}
