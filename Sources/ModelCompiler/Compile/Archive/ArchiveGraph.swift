/// The objects of an NSKeyedArchiver archive and the references between them, before the writer numbers them
/// (`ArchiveGraph.archive(root:)`). Nodes are numbers and their fields live in the flat arrays of the
/// `EncodedArchive` being built, each node's side by side, every string numbered once: no object per node, no
/// reference counting, and the archive's fields are the graph's, resolved in place (compile's time and peak memory
/// were mostly the class-per-node graph this replaced). Identity is meaning here: an entity referenced from many
/// properties is one node, archived once, and every reference points at it.
struct ArchiveGraph {
    struct Node: Equatable {
        let index: Int
    }

    /// What an object reference points at: a plain plist scalar entry, or a node.
    enum Value {
        case null
        case string(String)
        case int(Int64)
        case real(Double)
        case float(Float)
        case bool(Bool)
        /// An NSData object of its own (a `.cdm`'s entity hashes), never shared with an equal one.
        case data([UInt8])
        case node(Node)
    }

    /// A field of an archived object: inline scalars (`encodeInt:forKey:` ...) or references into `$objects`.
    enum Field {
        case int(Int64)
        case bool(Bool)
        case real(Double)
        case data([UInt8])
        case object(Value)
        /// A plist array of references, the body of a collection.
        case objects([Value])
    }

    /// A node's fields gathered before they are given to it, in the order given, each key once (debug builds check).
    struct Fields {
        fileprivate var list: [(key: Int, value: Field)] = []

        init(capacity: Int = 0) { list.reserveCapacity(capacity) }

        mutating func set(_ key: KnownArchiveKey, _ value: Field) { set(ArchiveKey(key), value) }

        mutating func set(_ key: ArchiveKey, _ value: Field) {
            assert(!list.contains { $0.key == key.number }, "key \(key.number) set twice")
            list.append((key.number, value))
        }
    }

    /// A class and its superclasses (`$classes`), most specific first.
    struct Chain: Equatable {
        let index: Int
    }

    /// The archive being built: the writer resolves its fields where they are.
    var archive = EncodedArchive()
    private var strings = StringNumbers()
    /// By node: its class chain, where its fields start in `archive` (-1 until given) and how many it has, the
    /// `$class` field last.
    private(set) var nodeClasses: [Int32] = []
    private(set) var fieldStarts: [Int32] = []
    private(set) var fieldCounts: [Int32] = []
    /// By class chain: the string numbers of its names; the first chain given for a class name is its chain.
    private(set) var chains: [[Int]] = []
    private var chainsByName: [String: Int] = [:]

    /// In a segment (`segment()`): the nodes below this number are the graph's it was split from, whose fields the
    /// segment may give (`foreignFields`); its own nodes are numbered from here. 0 in a whole graph.
    private(set) var firstNode = 0
    /// The strings and chains the segment shared with its graph when split: numbered alike in both.
    private var sharedStrings = 0, sharedChains = 0
    private var foreignFields: [(node: Int, start: Int32, count: Int32)] = []

    init() {
        for text in KnownArchiveKey.texts { _ = strings.number(text) }
        for names in Self.collectionChains { _ = chain(names) }
    }

    /// Every node so far, the ones of the graph a segment was split from included.
    var nodeCount: Int { firstNode + nodeClasses.count }

    /// Room for about this many nodes, fields and list entries (see `EncodedArchive.reserve`).
    mutating func reserve(nodes: Int, fields: Int, listEntries: Int) {
        nodeClasses.reserveCapacity(nodes)
        fieldStarts.reserveCapacity(nodes)
        fieldCounts.reserveCapacity(nodes)
        archive.reserve(fields: fields, listEntries: listEntries)
    }

    /// A string's number in the archive (keys and values share them).
    mutating func number(_ text: String) -> Int { strings.number(text) }

    /// A key not among the known ones.
    mutating func key(_ text: String) -> ArchiveKey { ArchiveKey(number: strings.number(text)) }

    mutating func chain(_ names: [String]) -> Chain {
        if let known = chainsByName[names[0]] { return Chain(index: known) }
        chains.append(names.map { strings.number($0) })
        chainsByName[names[0]] = chains.count - 1
        return Chain(index: chains.count - 1)
    }

    /// A node whose fields are given later (`add`): one that others point at before it is filled.
    mutating func node(_ chain: Chain) -> Node {
        nodeClasses.append(Int32(chain.index))
        fieldStarts.append(-1)
        fieldCounts.append(0)
        return Node(index: firstNode + nodeClasses.count - 1)
    }

    mutating func node(_ names: [String]) -> Node { node(chain(names)) }

    mutating func node(_ chain: Chain, _ fields: Fields) -> Node {
        let node = node(chain)
        add(fields, to: node)
        return node
    }

    mutating func node(_ names: [String], _ fields: Fields) -> Node { node(chain(names), fields) }

    /// Gives a node its fields, once.
    mutating func add(_ fields: Fields, to node: Node) {
        begin(node)
        for (key, field) in fields.list { self.field(ArchiveKey(number: key), field) }
        end()
    }

    /// The node whose fields are being written, -1 for none.
    private var open = -1

    /// Starts writing a node's fields straight into the archive, up to `end`: they must lie side by side, so no other
    /// node's fields are written in between (make the nodes it points at first). A node's fields are given once.
    mutating func begin(_ node: Node) {
        precondition(open < 0, "a node's fields are written while another's are open")
        precondition(
            node.index < firstNode || fieldStarts[node.index - firstNode] < 0,
            "a node's fields are given once")
        open = node.index
        openStart = archive.fieldCount
    }

    private var openStart = 0

    /// Ends the open node's fields, keeping room for its `$class` after them.
    mutating func end() {
        archive.append(key: 0, .uid(0))
        let (start, count) = (Int32(openStart), Int32(archive.fieldCount - openStart))
        if open >= firstNode {
            (fieldStarts[open - firstNode], fieldCounts[open - firstNode]) = (start, count)
        } else {
            foreignFields.append((open, start, count))
        }
        open = -1
    }

    mutating func field(_ key: KnownArchiveKey, _ value: Field) { field(ArchiveKey(key), value) }

    mutating func field(_ key: ArchiveKey, _ value: Field) {
        assert(open >= 0, "a field written outside begin and end")
        switch value {
        case .int(let number): archive.append(key: key.number, .integer(number))
        case .bool(let flag): archive.append(key: key.number, .boolean(flag))
        case .real(let number): archive.append(key: key.number, .real(number))
        case .data(let bytes): archive.append(key: key.number, .data(archive.appendData(bytes)))
        case .object(let value): object(key.number, value)
        case .objects(let values):
            let list = archive.reservePendingList(values.count)
            for (index, value) in values.enumerated() {
                let (reference, payload) = self.reference(to: value)
                archive.setPendingItem(of: list, at: index, reference, payload)
            }
            archive.appendPending(key: key.number, .list(start: list))
        }
    }

    /// A reference to a string already numbered (`number(_:)`): a builder that writes the same string many times
    /// numbers it once.
    mutating func string(_ key: KnownArchiveKey, number: Int) {
        assert(open >= 0, "a field written outside begin and end")
        archive.appendPending(key: Int(key.rawValue), .reference(.string, UInt64(number)))
    }

    private mutating func object(_ key: Int, _ value: Value) {
        if case .null = value { return archive.append(key: key, .uid(0)) }
        let (reference, payload) = self.reference(to: value)
        archive.appendPending(key: key, .reference(reference, payload))
    }

    /// A null in a list is kept as a string reference with no number: the writer gives it slot 0.
    static let nullPayload = UInt64.max

    private mutating func reference(to value: Value) -> (EncodedArchive.Reference, UInt64) {
        switch value {
        case .null: (.string, Self.nullPayload)
        case .string(let text): (.string, UInt64(strings.number(text)))
        case .int(let number): (.integer, UInt64(bitPattern: number))
        case .real(let number): (.real, number.bitPattern)
        case .float(let number): (.float, UInt64(number.bitPattern))
        case .bool(let flag): (.boolean, flag ? 1 : 0)
        case .node(let node): (.node, UInt64(node.index))
        case .data(let bytes): (.data, UInt64(archive.appendData(bytes)))
        }
    }

    /// The strings numbered so far, by number.
    var numberedStrings: [String] { strings.strings }

    // Foundation's collections, encoded as NSKeyedArchiver does (`NS.keys`/`NS.objects`); their chains are every
    // graph's first five, so that a collection is made without looking its class up.
    private static let collectionChains = [
        ["NSArray", "NSObject"], ["NSMutableArray", "NSArray", "NSObject"], ["NSSet", "NSObject"],
        ["NSDictionary", "NSObject"], ["NSMutableDictionary", "NSDictionary", "NSObject"],
    ]

    mutating func array(_ elements: [Value], mutable: Bool) -> Node {
        let array = node(Chain(index: mutable ? 1 : 0))
        begin(array)
        field(.NS_objects, .objects(elements))
        end()
        return array
    }

    mutating func set(_ elements: [Value]) -> Node {
        let set = node(Chain(index: 2))
        begin(set)
        field(.NS_objects, .objects(elements))
        end()
        return set
    }

    mutating func dictionary(_ entries: [(Value, Value)], mutable: Bool) -> Node {
        let dictionary = node(Chain(index: mutable ? 4 : 3))
        begin(dictionary)
        field(.NS_keys, .objects(entries.map(\.0)))
        field(.NS_objects, .objects(entries.map(\.1)))
        end()
        return dictionary
    }
}

/// Building a graph in parts on several threads: a segment points at the nodes its graph had when it was split and
/// makes its own; `join` takes it back, renumbering what the two made apart. The archive written from the joined
/// graph is the one a single thread would build (only numbers differ inside, never what points at what).
extension ArchiveGraph {
    /// An empty graph that goes on from this one: same strings and chains so far, nodes numbered after these.
    func segment() -> ArchiveGraph {
        var segment = self
        segment.archive = EncodedArchive()
        (segment.nodeClasses, segment.fieldStarts, segment.fieldCounts) = ([], [], [])
        (segment.firstNode, segment.sharedStrings, segment.sharedChains) = (nodeCount, strings.count, chains.count)
        segment.foreignFields = []
        return segment
    }

    /// Takes back a segment split from this graph: its strings, chains, nodes and fields, and the fields it gave this
    /// graph's nodes. The segment's strings and chains are numbered here; its nodes go after this graph's.
    mutating func join(_ segment: consuming ArchiveGraph) {
        precondition(
            firstNode == 0 && open < 0 && segment.open < 0 && segment.firstNode <= nodeCount,
            "a segment is joined to the whole graph it was split from, between nodes")
        let segmentStrings = segment.numberedStrings
        let newStrings = segmentStrings[segment.sharedStrings...].map { number($0) }
        let newChains = segment.chains[segment.sharedChains...].map { chain($0.map { segmentStrings[$0] }).index }
        let sharedChains = segment.sharedChains
        let renumbering = EncodedArchive.Renumbering(
            sharedStrings: segment.sharedStrings, newStrings: newStrings,
            firstNode: segment.firstNode,
            nodeShift: nodeCount - segment.firstNode)
        let fieldShift = archive.append(segment: segment.archive, renumbering)
        for index in segment.nodeClasses.indices {
            let chain = Int(segment.nodeClasses[index])
            nodeClasses.append(Int32(chain < sharedChains ? chain : newChains[chain - sharedChains]))
            fieldStarts.append(segment.fieldStarts[index] < 0 ? -1 : segment.fieldStarts[index] + Int32(fieldShift))
            fieldCounts.append(segment.fieldCounts[index])
        }
        for (node, start, count) in segment.foreignFields {
            precondition(fieldStarts[node] < 0, "a node's fields are given once")
            (fieldStarts[node], fieldCounts[node]) = (start + Int32(fieldShift), count)
        }
    }
}
