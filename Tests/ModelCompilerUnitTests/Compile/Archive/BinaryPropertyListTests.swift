import Foundation
import Testing
@testable import ModelCompiler

@Suite struct BinaryPropertyListTests {
    static let sample: PropertyListValue = .dictionary([
        ("ascii", .string("Model 2")),
        ("unicode", .string("Café ☕️")),
        ("long", .string(String(repeating: "x", count: 300))),
        (
            "numbers",
            .array([.integer(0), .integer(255), .integer(256), .integer(70_000), .integer(1 << 40), .integer(-1)])
        ),
        ("reals", .array([.real(3.5), .float(2.5), .date(388_411_200)])),
        ("flags", .array([.boolean(true), .boolean(false), .null])),
        ("data", .data(Array(0..<40))),
        ("uids", .array([.uid(0), .uid(300)])),
        ("set", .set([.string("a")])),
        ("nested", .dictionary([("deeper", .array([.dictionary([("k", .string("ascii"))])]))])),
    ])

    @Test func roundTripsEveryKindOfValue() throws {
        let bytes = BinaryPropertyListWriter.data(for: Self.sample)
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        #expect(try BinaryPropertyListReader.read(bytes) == Self.sample)
    }

    @Test func foundationReadsWhatWeWrite() throws {
        let bytes = BinaryPropertyListWriter.data(
            for: .dictionary([
                ("name", .string("Café")), ("count", .integer(70_000)),
                ("items", .array([.real(1.5), .boolean(true)])),
                ("hash", .data([1, 2, 3])),
            ]))
        let object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        let dictionary = try #require(object as? [String: Any])
        #expect(dictionary["name"] as? String == "Café")
        #expect(dictionary["count"] as? Int == 70_000)
        #expect((dictionary["items"] as? [Any])?.count == 2)
        #expect(dictionary["hash"] as? Data == Data([1, 2, 3]))
    }

    @Test func weReadWhatFoundationWrites() throws {
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["a": [1, 2.5, "x", true], "b": Data([9, 8]), "c": ["d": "é"]] as [String: Any],
            format: .binary, options: 0)
        let value = try BinaryPropertyListReader.read([UInt8](data))
        #expect(value["b"] == .data([9, 8]))
        #expect(value["c"]?["d"] == .string("é"))
        #expect(value["a"] == .array([.integer(1), .real(2.5), .string("x"), .boolean(true)]))
    }

    @Test func equalScalarsAreStoredOnce() {
        let repeated = BinaryPropertyListWriter.data(for: .array(Array(repeating: .string("same string"), count: 50)))
        let distinct = BinaryPropertyListWriter.data(for: .array((0..<50).map { .string("string \($0 + 10)") }))
        #expect(repeated.count < distinct.count / 4)
    }

    /// A `VersionInfo.plist` repeats an entity's hash in every version that keeps the entity.
    @Test func equalDataIsStoredOnceAndOtherBytesApart() throws {
        let hash = [UInt8](repeating: 7, count: 32)
        let repeated = BinaryPropertyListWriter.data(for: .array(Array(repeating: .data(hash), count: 50)))
        let distinct = BinaryPropertyListWriter.data(for: .array((0..<50).map { .data(hash + [UInt8($0)]) }))
        #expect(repeated.count < distinct.count / 4)
        // Data one byte longer, one byte shorter, empty, and an empty string are each their own object.
        let values: [PropertyListValue] = [
            .data(hash), .data(hash + [0]), .data(Array(hash.dropLast())), .data(hash),
            .data([]), .string(""), .data([]),
        ]
        let bytes = BinaryPropertyListWriter.data(for: .array(values))
        #expect(try BinaryPropertyListReader.read(bytes) == .array(values))
        let alone = BinaryPropertyListWriter.data(for: .array(Array(values.prefix(3)) + [.data([]), .string("")]))
        #expect(bytes.count == alone.count + 2)  // the repeats add a reference each, no object
    }

    /// Small integers are found by position, larger ones by hashing: both ways, a repeat is one object.
    @Test func equalIntegersAreStoredOnceOnEitherSideOfTheDirectLimit() throws {
        let limit = Int64(1 << 12)
        let numbers: [Int64] = [limit - 1, limit, 100_000, 1 << 20, 1 << 40, -1, 0]
        let once = numbers.map(PropertyListValue.integer), twice = once + once
        let bytes = BinaryPropertyListWriter.data(for: .array(twice))
        #expect(try BinaryPropertyListReader.read(bytes) == .array(twice))
        // The repeats add a one-byte reference each and no object.
        #expect(bytes.count == BinaryPropertyListWriter.data(for: .array(once)).count + once.count)
    }

    @Test func writingIsDeterministic() {
        #expect(BinaryPropertyListWriter.data(for: Self.sample) == BinaryPropertyListWriter.data(for: Self.sample))
    }

    @Test func damagedInputIsAnErrorNotACrash() {
        let good = BinaryPropertyListWriter.data(for: Self.sample)
        var inputs: [[UInt8]] = [[], Array("bplist00".utf8), Array(good.prefix(good.count / 2)), Array("nope".utf8)]
        // Every single-byte corruption of the trailer, and a sweep of corruptions through the body.
        for index in stride(from: good.count - 32, to: good.count, by: 1) {
            var copy = good
            copy[index] ^= 0xFF
            inputs.append(copy)
        }
        for index in stride(from: 8, to: good.count - 32, by: 7) {
            var copy = good
            copy[index] = 0xAF
            inputs.append(copy)
        }
        for input in inputs {
            _ = try? BinaryPropertyListReader.read(input)  // must return or throw, never trap
        }
        // An array that contains itself is refused rather than followed forever.
        var looped = Array("bplist00".utf8)
        looped += [0xA1, 0x00]  // array of one reference: object 0 (itself)
        looped += [0x08]  // offset table: object 0 at 8
        looped +=
            [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 10]
        #expect(throws: BinaryPropertyListReader.Failure.self) { try BinaryPropertyListReader.read(looped) }
    }

    /// 100 levels of arrays each holding the next twice: 2^100 paths, decoded as 100 shared objects.
    @Test func sharedObjectsAreDecodedOnce() throws {
        let value = try BinaryPropertyListReader.read(PropertyListBytes.nestedArrays(depth: 100, fanOut: 2))
        guard case .array(let children) = value else { Issue.record("not an array"); return }
        #expect(children.count == 2)
    }

    @Test func nestingBeyondTheLimitIsAnError() {
        #expect(throws: BinaryPropertyListReader.Failure.self) {
            try BinaryPropertyListReader.read(
                PropertyListBytes.nestedArrays(depth: BinaryPropertyListReader.maximumDepth + 2))
        }
        #expect(throws: Never.self) {
            try BinaryPropertyListReader.read(
                PropertyListBytes.nestedArrays(depth: BinaryPropertyListReader.maximumDepth))
        }
    }

}
