@testable import ModelCompiler
import Testing

/// Copying one keyed archive's objects into another graph (a mapping model's typed expressions into its `.cdm`).
@Suite struct ArchiveCopyTests {
    /// `archive` copied from its root into a fresh graph, under an array, and written.
    func copied(_ root: ArchiveNode, mutableUnder keys: Set<String> = []) throws -> KeyedArchive {
        let input = try KeyedArchive(bytes: KeyedArchiveWriter.archive(root: root).binaryPropertyList())
        var graph = ArchiveGraph()
        let value = try graph.copy(input.rootUID, of: input, mutableArraysUnder: keys)
        let holder = graph.array([value], mutable: false)
        return try KeyedArchive(bytes: graph.archive(root: holder).binaryPropertyList())
    }

    @Test func classesFieldsSharingAndCyclesSurvive() throws {
        let function = ArchiveNode(["NSFunctionExpression", "NSExpression", "NSObject"])
        let variable = ArchiveNode(["NSVariableExpression", "NSExpression", "NSObject"])
        variable.set("NSVariable", .object(.string("manager")))
        variable.set("NSExpressionType", .int(2))
        function.set("NSOperand", .object(.node(variable)))
        function.set("NSArguments", .object(.node(.array([.node(variable), .real(2.5), .null], mutable: false))))
        function.set("NSFlag", .bool(true))
        function.set("NSBytes", .data([1, 2, 3]))
        function.set("NSSelf", .object(.node(function)))
        let archive = try copied(function, mutableUnder: ["NSArguments"])
        let lines = ArchiveDump.lines(archive).map(\.description)
        #expect(lines.contains("root[0]: NSFunctionExpression"))
        #expect(lines.contains("root[0].NSArguments: NSMutableArray (3)"))
        #expect(lines.contains("root[0].NSArguments[1]: real8 2.5"))
        #expect(lines.contains("root[0].NSArguments[2]: nil"))
        #expect(lines.contains("root[0].NSFlag: inline bool true"))
        #expect(lines.contains("root[0].NSBytes: inline data <010203>"))
        #expect(lines.contains("root[0].NSOperand.NSVariable: string \"manager\""))
        #expect(lines.contains("root[0].NSSelf: <cycle NSFunctionExpression>"))
        // The shared variable is one object in the copy, as in the original.
        let root = try #require(archive.references("NS.objects", of: archive.rootUID).first)
        let arguments = try #require(archive.referenced("NSArguments", of: root))
        #expect(archive.referenced("NSOperand", of: root) == archive.references("NS.objects", of: arguments).first)
    }

    @Test func arraysElsewhereKeepTheirClass() throws {
        let holder = ArchiveNode(["NSConstantValueExpression", "NSExpression", "NSObject"])
        holder.set("NSConstantValue", .object(.node(.array([.string("a")], mutable: false))))
        let lines = ArchiveDump.lines(try copied(holder, mutableUnder: ["NSArguments"])).map(\.description)
        #expect(lines.contains("root[0].NSConstantValue: NSArray (1)"))
    }

    @Test func aDanglingReferenceIsRefused() throws {
        let node = ArchiveNode(["NSExpression", "NSObject"])
        node.set("NSOperand", .object(.string("x")))
        var bytes = KeyedArchiveWriter.archive(root: node).binaryPropertyList()
        var plist = try BinaryPropertyListReader.read(bytes)
        // Point the operand past the end of `$objects`.
        guard case .dictionary(var entries) = plist,
            let index = entries.firstIndex(where: { $0.key == .string("$objects") }),
            case .array(var objects) = entries[index].value, case .dictionary(var fields) = objects[1],
            let field = fields.firstIndex(where: { $0.key == .string("NSOperand") })
        else {
            Issue.record("unexpected archive layout")
            return
        }
        fields[field].value = .uid(999)
        objects[1] = .dictionary(fields)
        entries[index].value = .array(objects)
        plist = .dictionary(entries)
        bytes = BinaryPropertyListWriter.data(for: plist)
        let input = try KeyedArchive(bytes: bytes)
        var graph = ArchiveGraph()
        #expect(throws: ArchiveGraph.CopyFailure.self) { try graph.copy(input.rootUID, of: input) }
    }
}
