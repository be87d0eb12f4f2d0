import Testing
@testable import ModelCompiler

/// The compact graph compile archives through: known keys numbered first, fields written side by side, references
/// resolved where they lie (lists in place), nodes numbered depth first as NSKeyedArchiver does.
@Suite struct ArchiveGraphTests {
    @Test func knownKeysAreNumberedFirstAndSpelledAsTheArchiveSpellsThem() {
        var graph = ArchiveGraph()
        #expect(Set(KnownArchiveKey.texts).count == KnownArchiveKey.allCases.count)
        for key in KnownArchiveKey.allCases { #expect(graph.number(key.text) == Int(key.rawValue)) }
        #expect(KnownArchiveKey.NS_objects.text == "NS.objects")
        #expect(KnownArchiveKey.NS_mantissa_bo.text == "NS.mantissa.bo")
        #expect(KnownArchiveKey._NSDestinationEntityName.text == "_NSDestinationEntityName")
        #expect(KnownArchiveKey._P.text == "_P")
    }

    /// A list whose entries are nodes not yet written, nodes written already, strings, numbers and null: each entry
    /// is resolved into the list's own room while the nodes it opens are written in between.
    @Test func aListOfEveryKindOfReferenceResolvesInPlace() throws {
        var graph = ArchiveGraph()
        let root = graph.node(["Root", "NSObject"])
        let first = graph.node(["Child", "NSObject"]), second = graph.node(["Child", "NSObject"])
        for (node, index) in [(first, 1), (second, 2)] {
            var fields = ArchiveGraph.Fields()
            fields.set(graph.key("index"), .int(Int64(index)))
            fields.set(graph.key("tags"), .objects([.string("shared"), .node(root)]))
            graph.add(fields, to: node)
        }
        let items = graph.key("items")
        graph.begin(root)
        graph.field(
            items,
            .objects([
                .node(first), .string("shared"), .node(first), .int(7), .null, .node(second),
                .real(2.5), .bool(true), .string("shared"),
            ]))
        graph.end()
        let list = graph.archive(root: root).propertyList
        guard case .array(let objects)? = list["$objects"] else { Issue.record("no objects"); return }
        func uids(_ value: PropertyListValue?) -> [UInt64] {
            guard case .array(let entries)? = value else { return [] }
            return entries.compactMap { if case .uid(let uid) = $0 { uid } else { nil } }
        }
        // Depth first: root 1, first child 2, "shared" 3, the child's class 4; 7 is 5; second child 6; then 2.5 7,
        // true 8, the root's class 9.
        #expect(uids(objects[1]["items"]) == [2, 3, 2, 5, 0, 6, 7, 8, 3])
        #expect(uids(objects[2]["tags"]) == [3, 1] && uids(objects[6]["tags"]) == [3, 1])
        #expect(objects[3] == .string("shared") && objects[5] == .integer(7) && objects[7] == .real(2.5))
        #expect(objects[4]["$classname"] == .string("Child") && objects[9]["$classname"] == .string("Root"))
        #expect(objects.count == 10)
    }

    @Test func aNodeNeverGivenFieldsIsWrittenWithItsClassAlone() {
        var graph = ArchiveGraph()
        let root = graph.node(["Root", "NSObject"]), empty = graph.node(["Empty", "NSObject"])
        var fields = ArchiveGraph.Fields()
        fields.set(graph.key("empty"), .object(.node(empty)))
        graph.add(fields, to: root)
        let list = graph.archive(root: root).propertyList
        guard case .array(let objects)? = list["$objects"] else { Issue.record("no objects"); return }
        #expect(objects[2] == .dictionary([("$class", .uid(3))]))
        #expect(objects[3]["$classname"] == .string("Empty"))
    }

    /// Fields gathered first and given at once, or written one by one, make the same archive.
    @Test func fieldsGivenAtOnceOrOneByOneArchiveTheSame() {
        func archive(atOnce: Bool) -> [UInt8] {
            var graph = ArchiveGraph()
            let root = graph.node(["Root", "NSObject"])
            let values: [(KnownArchiveKey, ArchiveGraph.Field)] = [
                (.NSEntityName, .object(.string("E"))), (.NSIsOptional, .bool(true)), (.NSMinCount, .int(3)),
                (.NS_mantissa, .data([1, 2])), (.NSFetchLimit, .real(1.5)), (.NSUserInfo, .objects([.float(2)])),
            ]
            if atOnce {
                var fields = ArchiveGraph.Fields()
                for (key, value) in values { fields.set(key, value) }
                graph.add(fields, to: root)
            } else {
                graph.begin(root)
                for (key, value) in values { graph.field(key, value) }
                graph.end()
            }
            return graph.archive(root: root).binaryPropertyList()
        }
        #expect(archive(atOnce: true) == archive(atOnce: false))
    }
}
