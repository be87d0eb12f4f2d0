import Testing
@testable import ModelCompiler

@Suite struct RawInflateTests {
    @Test func inflatesWhatRawDeflateWrote() {
        let text = Array(String(repeating: "NSManagedObjectModel NSEntityDescription ", count: 500).utf8)
        #expect(RawInflate.inflate(StoreFixture.deflate(text)) == .success(text))
        #expect(RawInflate.inflate(StoreFixture.deflate([])) == .success([]))
    }

    @Test func aZlibHeaderOrGarbageIsCorrupt() {
        // zlib's own header (0x78 0x9C) is not raw DEFLATE: Core Data writes none.
        guard case .failure(.corrupt) = RawInflate.inflate([0x78, 0x9C, 0x4B, 0x4C, 0x4A, 0x06, 0x00]) else {
            Issue.record("a zlib header was accepted")
            return
        }
        guard case .failure(.corrupt) = RawInflate.inflate([0xFF, 0xEE, 0xDD]) else {
            Issue.record("garbage inflated"); return
        }
    }

    @Test func aTruncatedStreamEndsEarly() {
        let deflated = StoreFixture.deflate(Array(repeating: 7, count: 10_000))
        #expect(
            RawInflate.inflate(Array(deflated.prefix(deflated.count / 2))) == .failure(.corrupt("the data ends early")))
    }

    @Test func aBombStopsAtTheLimit() {
        let deflated = StoreFixture.deflate([UInt8](repeating: 0, count: 1 << 20))
        #expect(deflated.count < 2_000, "a megabyte of zeros deflates to about a kilobyte")
        #expect(RawInflate.inflate(deflated, limit: 100_000) == .failure(.tooLarge(100_000)))
    }
}
