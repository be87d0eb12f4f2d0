@testable import ModelCompiler

/// A hand-built archive object for tests: a class, so that fixtures can grow a graph in any order and point nodes at
/// each other, with string keys. `KeyedArchiveWriter` turns it into the product's `ArchiveGraph` and writes that, so
/// the bytes come from the one writer compile uses.
final class ArchiveNode {
    /// `$classes`, most specific first; `$classname` is the first.
    let classes: [String]
    private(set) var fields: [(key: String, value: ArchiveField)] = []

    init(_ classes: [String]) { self.classes = classes }

    var className: String { classes[0] }

    /// Adds a field (each key once per node).
    func set(_ key: String, _ value: ArchiveField) {
        precondition(!fields.contains { $0.key == key }, "'\(key)' set twice")
        fields.append((key, value))
    }

    /// Sets a field whether or not the node has it yet (fixtures that grow a collection).
    func replace(_ key: String, _ value: ArchiveField) {
        guard let index = fields.firstIndex(where: { $0.key == key }) else { return fields.append((key, value)) }
        fields[index].value = value
    }

    static func array(_ elements: [ArchiveValue], mutable: Bool) -> ArchiveNode {
        let node = ArchiveNode(mutable ? ["NSMutableArray", "NSArray", "NSObject"] : ["NSArray", "NSObject"])
        node.set("NS.objects", .objects(elements))
        return node
    }

    static func set(_ elements: [ArchiveValue]) -> ArchiveNode {
        let node = ArchiveNode(["NSSet", "NSObject"])
        node.set("NS.objects", .objects(elements))
        return node
    }

    static func dictionary(_ entries: [(ArchiveValue, ArchiveValue)], mutable: Bool) -> ArchiveNode {
        let node = ArchiveNode(
            mutable
                ? ["NSMutableDictionary", "NSDictionary", "NSObject"]
                : ["NSDictionary", "NSObject"])
        node.set("NS.keys", .objects(entries.map(\.0)))
        node.set("NS.objects", .objects(entries.map(\.1)))
        return node
    }
}

enum ArchiveField {
    case int(Int64)
    case bool(Bool)
    case real(Double)
    case data([UInt8])
    case object(ArchiveValue)
    case objects([ArchiveValue])
}

enum ArchiveValue {
    case null
    case string(String)
    case int(Int64)
    case real(Double)
    case float(Float)
    case bool(Bool)
    case data([UInt8])
    case node(ArchiveNode)
}

enum KeyedArchiveWriter {
    static func archive(root: ArchiveNode) -> EncodedArchive {
        let (graph, node) = graph(root: root)
        return graph.archive(root: node)
    }

    static func propertyList(root: ArchiveNode) -> PropertyListValue { archive(root: root).propertyList }

    /// The same objects as an `ArchiveGraph`: every node reachable from the root, found without recursion.
    static func graph(root: ArchiveNode) -> (ArchiveGraph, ArchiveGraph.Node) {
        var graph = ArchiveGraph()
        var nodes: [ObjectIdentifier: ArchiveGraph.Node] = [:], order: [ArchiveNode] = []
        var pending = [root]
        while let node = pending.popLast() {
            guard nodes[ObjectIdentifier(node)] == nil else { continue }
            nodes[ObjectIdentifier(node)] = graph.node(node.classes)
            order.append(node)
            for (_, field) in node.fields {
                switch field {
                case .object(.node(let next)): pending.append(next)
                case .objects(let values): for case .node(let next) in values { pending.append(next) }
                default: break
                }
            }
        }
        func value(_ value: ArchiveValue) -> ArchiveGraph.Value {
            switch value {
            case .null: .null
            case .string(let text): .string(text)
            case .int(let number): .int(number)
            case .real(let number): .real(number)
            case .float(let number): .float(number)
            case .bool(let flag): .bool(flag)
            case .data(let bytes): .data(bytes)
            case .node(let node): .node(nodes[ObjectIdentifier(node)]!)
            }
        }
        for node in order {
            var fields = ArchiveGraph.Fields()
            for (key, field) in node.fields {
                let converted: ArchiveGraph.Field =
                    switch field {
                    case .int(let number): .int(number)
                    case .bool(let flag): .bool(flag)
                    case .real(let number): .real(number)
                    case .data(let bytes): .data(bytes)
                    case .object(let inner): .object(value(inner))
                    case .objects(let values): .objects(values.map(value))
                    }
                fields.set(graph.key(key), converted)
            }
            graph.add(fields, to: nodes[ObjectIdentifier(node)]!)
        }
        return (graph, nodes[ObjectIdentifier(root)]!)
    }
}

extension ArchiveGraph {
    /// A node and what it reaches as hand-built nodes, read back from the graph before it is written (tests that
    /// look at what a builder made). Shared nodes stay shared.
    func handBuilt(_ root: Node) -> ArchiveNode {
        let strings = numberedStrings
        var made: [Int: ArchiveNode] = [:]
        func node(_ index: Int) -> ArchiveNode {
            if let known = made[index] { return known }
            let node = ArchiveNode(chains[Int(nodeClasses[index])].map { strings[$0] })
            made[index] = node
            let start = Int(fieldStarts[index]), count = Int(fieldCounts[index])
            guard start >= 0 else { return node }
            for field in start..<start + count - 1 {
                let key = strings[archive.key(at: field)]
                switch archive.pending(at: field) {
                case .reference(let reference, let payload)?: node.set(key, .object(value(reference, payload)))
                case .list(let list)?:
                    let values = (0..<archive.lists[list]).map { item in
                        let (reference, payload) = archive.pendingItem(of: list, at: item)
                        return value(reference, payload)
                    }
                    node.set(key, .objects(values))
                case nil:
                    switch archive.value(at: field) {
                    case .integer(let number): node.set(key, .int(number))
                    case .boolean(let flag): node.set(key, .bool(flag))
                    case .real(let number): node.set(key, .real(number))
                    case .data(let index): node.set(key, .data(Array(archive.data(index))))
                    case .uid(0): node.set(key, .object(.null))
                    default: preconditionFailure("a resolved field in an unwritten graph")
                    }
                }
            }
            return node
        }
        func value(_ reference: EncodedArchive.Reference, _ payload: UInt64) -> ArchiveValue {
            switch reference {
            case .string: payload == ArchiveGraph.nullPayload ? .null : .string(strings[Int(payload)])
            case .integer: .int(Int64(bitPattern: payload))
            case .real: .real(Double(bitPattern: payload))
            case .float: .float(Float(bitPattern: UInt32(truncatingIfNeeded: payload)))
            case .boolean: .bool(payload != 0)
            case .data: .data(Array(archive.data(Int(payload))))
            case .node: .node(node(Int(payload)))
            }
        }
        return node(root.index)
    }
}

extension ArchiveGraph {
    func handBuilt(_ value: Value) -> ArchiveValue {
        switch value {
        case .null: .null
        case .string(let text): .string(text)
        case .int(let number): .int(number)
        case .real(let number): .real(number)
        case .float(let number): .float(number)
        case .bool(let flag): .bool(flag)
        case .data(let bytes): .data(bytes)
        case .node(let node): .node(handBuilt(node))
        }
    }
}

extension KeyedArchiveWriter {
    /// The archive written directly and through the property-list tree: the two must be the same bytes.
    static func bothWays(_ root: ArchiveNode) -> (direct: [UInt8], tree: [UInt8]) {
        let (graph, node) = KeyedArchiveWriter.graph(root: root)
        return bothWays(graph, node)
    }

    static func bothWays(_ graph: consuming ArchiveGraph, _ root: ArchiveGraph.Node) -> (direct: [UInt8], tree: [UInt8])
    {
        let archive = graph.archive(root: root)
        let tree = BinaryPropertyListWriter.data(for: archive.propertyList)
        return (archive.binaryPropertyList(), tree)
    }
}
