extension ArchiveGraph {
    /// Lays the graph out as an NSKeyedArchiver archive: `$objects[0]` is `$null`, the root is UID 1, objects take
    /// their slot when first referenced and their class entry after their fields (Apple's depth-first order), equal
    /// strings and numbers are stored once. The graph's fields become the archive's, resolved where they are.
    consuming func archive(root: Node) -> EncodedArchive {
        var writer = ArchiveGraphWriter(self)
        return writer.write(root: root)
    }
}

private struct ArchiveGraphWriter {
    var graph: ArchiveGraph
    /// By node, string number and class chain: the slot in `$objects`, -1 before it has one.
    var nodeSlots: [Int32]
    var stringSlots: [Int32]
    var classSlots: [Int32]
    // One table per kind of scalar: hashing one enum of them all dominated writing large archives.
    var integers: [Int64: Int] = [:]
    var reals: [Double: Int] = [:]
    var floats: [Float: Int] = [:]
    var booleans: [Bool: Int] = [:]
    let classKey: Int

    init(_ graph: consuming ArchiveGraph) {
        self.graph = graph
        nodeSlots = Array(repeating: -1, count: self.graph.nodeCount)
        stringSlots = []
        classSlots = Array(repeating: -1, count: self.graph.chains.count)
        classKey = self.graph.number("$class")
        // `$null` is not a string value: a string "$null" in the graph takes a slot of its own, as in Apple's.
        self.graph.archive.objects = [.string(self.graph.number("$null"))]
    }

    mutating func write(root: ArchiveGraph.Node) -> EncodedArchive {
        let rootSlot = uid(forNode: root)
        let frame = (
            number("$version"), number("$archiver"), number("$top"), number("$objects"), number("root"),
            number("NSKeyedArchiver")
        )
        var archive = graph.archive
        archive.root = rootSlot
        archive.frame = frame
        archive.strings = graph.numberedStrings
        return archive
    }

    private mutating func number(_ text: String) -> Int { graph.number(text) }

    /// The slot the next object takes.
    private var next: Int { graph.archive.objects.count }

    private mutating func append(_ object: EncodedArchive.Object) -> Int {
        graph.archive.objects.append(object)
        return graph.archive.objects.count - 1
    }

    private mutating func uid(_ reference: EncodedArchive.Reference, _ payload: UInt64) -> Int {
        switch reference {
        case .string:
            if payload == ArchiveGraph.nullPayload { return 0 }
            let string = Int(payload)
            if string >= stringSlots.count {
                stringSlots += repeatElement(-1, count: max(string + 1 - stringSlots.count, stringSlots.count))
            }
            if stringSlots[string] >= 0 { return Int(stringSlots[string]) }
            let slot = append(.string(string))
            stringSlots[string] = Int32(slot)
            return slot
        case .integer:
            let number = Int64(bitPattern: payload)
            return knownIndex(number, next: next, in: &integers) ?? append(.integer(number))
        case .real:
            let number = Double(bitPattern: payload)
            return knownIndex(number, next: next, in: &reals) ?? append(.real(number))
        case .float:
            let number = Float(bitPattern: UInt32(truncatingIfNeeded: payload))
            return knownIndex(number, next: next, in: &floats) ?? append(.float(number))
        case .boolean:
            let flag = payload != 0
            return knownIndex(flag, next: next, in: &booleans) ?? append(.boolean(flag))
        case .data:
            return append(.data(Int(payload)))
        case .node:
            let slot = nodeSlots[Int(payload)]
            precondition(slot >= 0, "a node is referenced by slot before it has one")
            return Int(slot)
        }
    }

    /// A node being written: where it stands in its fields, and in a list field, at which entry.
    private struct Frame {
        let node: Int
        let slot: Int
        let fields: Range<Int>
        var field: Int
        var item = 0
    }

    private mutating func open(_ node: Int) -> Frame {
        let slot = append(.dictionary(0..<0))
        nodeSlots[node] = Int32(slot)
        var start = Int(graph.fieldStarts[node]), count = Int(graph.fieldCounts[node])
        if start < 0 {
            // Referenced but never given fields: it is written with its class alone.
            (start, count) = (graph.archive.reserveFields(1), 1)
        }
        return Frame(node: node, slot: slot, fields: start..<start + count, field: start)
    }

    /// Depth-first, as recursion would go (a node takes its slot when first met, its class after its fields), but
    /// with an explicit stack: a model of any size or depth cannot overflow the thread's stack.
    private mutating func uid(forNode root: ArchiveGraph.Node) -> Int {
        if nodeSlots[root.index] >= 0 { return Int(nodeSlots[root.index]) }
        var stack = [open(root.index)]
        let rootSlot = stack[0].slot
        frames: while var frame = stack.popLast() {
            let classField = frame.fields.upperBound - 1
            while frame.field < classField {
                if let pending = graph.archive.pending(at: frame.field) {
                    let key = graph.archive.key(at: frame.field)
                    switch pending {
                    case .reference(.node, let payload) where nodeSlots[Int(payload)] < 0:
                        stack.append(frame)
                        stack.append(open(Int(payload)))
                        continue frames  // this field is taken up again once the child has its slot
                    case .reference(let reference, let payload):
                        graph.archive.set(field: frame.field, key: key, .uid(uid(reference, payload)))
                    case .list(let start):
                        let count = graph.archive.lists[start]
                        while frame.item < count {
                            let (reference, payload) = graph.archive.pendingItem(of: start, at: frame.item)
                            if reference == .node, nodeSlots[Int(payload)] < 0 {
                                stack.append(frame)
                                stack.append(open(Int(payload)))
                                continue frames
                            }
                            let slot = uid(reference, payload)
                            graph.archive.resolvePendingItem(of: start, at: frame.item, uid: slot)
                            frame.item += 1
                        }
                        frame.item = 0
                        graph.archive.set(field: frame.field, key: key, .uids(start + 1..<start + 1 + count))
                    }
                }
                frame.field += 1
            }
            let chain = Int(graph.nodeClasses[frame.node])
            graph.archive.set(field: classField, key: classKey, .uid(classUID(chain)))
            graph.archive.objects[frame.slot] = .dictionary(frame.fields)
        }
        return rootSlot
    }

    private mutating func classUID(_ chain: Int) -> Int {
        if classSlots[chain] >= 0 { return Int(classSlots[chain]) }
        let names = graph.chains[chain]
        let list = graph.archive.reserveList(names.count)
        for (position, name) in zip(list, names) { graph.archive.lists[position] = name }
        let fields = graph.archive.reserveFields(2)
        graph.archive.set(field: fields, key: number("$classname"), .string(names[0]))
        graph.archive.set(field: fields + 1, key: number("$classes"), .strings(list))
        let slot = append(.dictionary(fields..<fields + 2))
        classSlots[chain] = Int32(slot)
        return slot
    }
}
