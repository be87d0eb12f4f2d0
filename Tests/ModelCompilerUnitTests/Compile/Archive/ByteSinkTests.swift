import Testing
@testable import ModelCompiler

/// `BoundedBytes` writes into room sized beforehand; it must write exactly what appending to an array writes.
@Suite struct ByteSinkTests {
    @Test func boundedBytesWriteWhatAnArrayWrites() {
        let values: [UInt64] = [0, 1, 0xFF, 0x1234, 0xDEAD_BEEF, 0x0102_0304_0506_0708, .max]
        func write(_ output: inout some ByteSink) {
            for value in values {
                for size in 0...9 { output.appendBigEndian(value, size: size) }
            }
            output.append(0x42)
            output.append(contentsOf: [UInt8](1...20))
            output.append(contentsOf: "käse 🧀".utf8)
            output.append(contentsOf: [UInt8](5...9).lazy.map { $0 })  // not contiguous: byte by byte
        }
        var array: [UInt8] = []
        write(&array)
        let bounded = BoundedBytes.bytes(capacity: array.count) { write(&$0) }
        #expect(bounded == array)
        #expect(array.count == values.count * 45 + 1 + 20 + "käse 🧀".utf8.count + 5)
    }

    /// The archive's bound on its bytes holds for strings whose UTF-16 form is largest against their UTF-8 (each
    /// scalar of 1, 2, 3 or 4 UTF-8 bytes), also when they are the only content.
    @Test(arguments: ["a", "é", "€", "😀"])
    func theArchivesBoundHoldsForEveryWidthOfCharacter(_ character: String) {
        for count in [1, 14, 15, 16, 300] {
            let root = ArchiveNode(["Root", "NSObject"])
            root.set("text", .object(.string(String(repeating: character, count: count))))
            let (direct, tree) = KeyedArchiveWriter.bothWays(root)
            #expect(direct == tree, "\(count) x \(character)")
        }
    }
}
