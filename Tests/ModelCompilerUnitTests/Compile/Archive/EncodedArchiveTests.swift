import Foundation
import Testing
@testable import ModelCompiler

/// The keyed-archive encoder writes bytes straight from the compact archive; the general plist writer lays out
/// the same archive as a tree. They must agree byte for byte on every kind of value and on any graph, since the
/// conformance models exercise only what Apple's momc happened to write.
@Suite struct EncodedArchiveTests {
    /// Every field and value kind, with the scalars that tables treat specially: `-0.0` equals `0.0`, NaN equals
    /// nothing, integers past the direct-lookup limit, negatives, and a string value spelled like `$null`.
    static func everyKind() -> ArchiveNode {
        let root = ArchiveNode(["Root", "NSObject"])
        let shared = ArchiveNode(["Shared", "Base", "NSObject"])
        shared.set("name", .object(.string("name")))
        root.set("int", .int(7))
        root.set("big", .int(1 << 40))
        root.set("negative", .int(-3))
        root.set("flag", .bool(true))
        root.set("off", .bool(false))
        root.set("real", .real(0.0))
        root.set("minusZero", .real(-0.0))
        root.set("nan", .real(.nan))
        root.set("nanAgain", .real(.nan))
        root.set("data", .data([1, 2, 3]))
        root.set("sameData", .data([1, 2, 3]))
        root.set("null", .object(.null))
        root.set("nullString", .object(.string("$null")))
        root.set("unicode", .object(.string("Café ☕️")))
        root.set("long", .object(.string(String(repeating: "x", count: 300))))
        root.set("numbers", .objects([.int(1), .int(1 << 21), .real(2.5), .float(2.5), .bool(true), .bool(false)]))
        // On either side of where integers stop being found by position, each twice.
        root.set("limits", .objects([4095, 4096, 100_000, 4095, 4096, 100_000].map { .int($0) }))
        root.set("shared", .object(.node(shared)))
        root.set("again", .objects([.node(shared), .node(shared), .string("name"), .null]))
        root.set("empty", .objects([]))
        root.set("collection", .object(.node(.array([.string("a"), .node(.set([.int(1)]))], mutable: true))))
        root.replace("int", .int(8))  // a replaced key keeps its place and takes the new value
        return root
    }

    @Test func everyKindOfValueEncodesAsTheTreeDoes() throws {
        let (direct, tree) = KeyedArchiveWriter.bothWays(Self.everyKind())
        #expect(direct == tree)
        let object = try PropertyListSerialization.propertyList(from: Data(direct), options: [], format: nil)
        let archive = try #require(object as? [String: Any])
        #expect(archive["$archiver"] as? String == "NSKeyedArchiver")
        #expect((archive["$objects"] as? [Any])?.first as? String == "$null")
    }

    /// An archive whose object numbers would not fit 4 bytes (billions of objects) goes through the general writer.
    @Test func anArchiveTooLargeForFourByteNumbersIsWrittenTheGeneralWay() {
        let archive = KeyedArchiveWriter.archive(root: Self.everyKind())
        #expect(!ArchivePropertyListLayout.fits(archive, limit: 10))
        #expect(
            archive.binaryPropertyList(referenceLimit: 10) == BinaryPropertyListWriter.data(for: archive.propertyList))
        #expect(archive.binaryPropertyList(referenceLimit: 10) == archive.binaryPropertyList())
    }

    @Test func aNodeNestedInAListIsWrittenBeforeTheListEnds() {
        // The child of the first list item opens while the list is half gathered: its fields must not land in it.
        let root = ArchiveNode(["Root", "NSObject"])
        let children = (0..<5).map { index -> ArchiveNode in
            let child = ArchiveNode(["Child", "NSObject"])
            child.set("index", .int(Int64(index)))
            child.set("tags", .objects([.string("t\(index)"), .string("shared")]))
            return child
        }
        root.set("children", .objects(children.map { .node($0) }))
        root.set("first", .object(.node(children[0])))
        let (direct, tree) = KeyedArchiveWriter.bothWays(root)
        #expect(direct == tree)
    }

    /// More objects than the direct tables hold (2^20): UIDs and object numbers go through the hashed tables.
    @Test func archivesPastTheDirectLimitEncodeAsTheTreeDoes() {
        let root = ArchiveNode(["Root", "NSObject"])
        root.set("items", .objects((0..<1_100_000).map { .int(Int64($0)) }))
        let (direct, tree) = KeyedArchiveWriter.bothWays(root)
        #expect(direct == tree)
    }

}
