/// An object for NSKeyedArchiver's encoding. A class, because identity is meaning here: an entity
/// referenced from many properties is archived once and every reference points at it.
final class ArchiveNode {
    /// `$classes`, most specific first; `$classname` is the first.
    let classes: [String]
    private var storedFields = ArchiveFields()
    /// What gives this node its fields, run the first time they are read (and then dropped). A model's entities
    /// are filled only when the archive writer reaches them, so that the whole graph is never held at once.
    private var pendingFill: (() -> Void)?
    /// Where the keyed-archive writer put this node in `$objects`, once it has. Kept on the node, not in a table by
    /// identity: nodes are made while the archive is written (an entity is filled when it is reached), and a freed
    /// node's address could be taken by a new one.
    var archiveSlot: Int?
    /// What the fills of the nodes below need while this node lives (the root holds the model's filler).
    private var owned: AnyObject?

    init(_ classes: [String]) { self.classes = classes }

    func fill(whenRead fill: @escaping () -> Void) { pendingFill = fill }

    func own(_ object: AnyObject) { owned = object }

    var className: String { classes[0] }

    var fields: [(key: String, value: ArchiveField)] {
        if let fill = pendingFill {
            pendingFill = nil
            fill()
        }
        return storedFields.list
    }

    /// Marks the node filled: its fields are being set by whoever fills the nodes it belongs with.
    func cancelFill() { pendingFill = nil }

    /// Adds a field (each key once per node).
    func set(_ key: String, _ value: ArchiveField) { storedFields.set(key, value) }

    /// Sets a field whether or not the node has it yet (hand-built archives that grow a collection).
    func replace(_ key: String, _ value: ArchiveField) { storedFields.replace(key, value) }

    /// Adds fields gathered beforehand: a builder that sets a dozen fields sets them in a local list and hands it
    /// over at once (every access to a class's stored property is checked for exclusivity, which was most of
    /// what setting a field cost).
    func add(_ fields: ArchiveFields) {
        if storedFields.list.isEmpty {
            storedFields = fields
        } else {
            for (key, value) in fields.list { storedFields.set(key, value) }
        }
    }

    /// Empties this node alone: the writer does it as each node is written, so that the graph melts while the
    /// property list grows instead of both being held whole (compile's peak memory).
    func releaseFields() {
        storedFields = ArchiveFields()
        owned = nil
    }

    /// Empties this node and every node it reaches. Entities and their properties point at each other, so
    /// a graph is never freed by reference counting alone; call this when it has been written.
    func dismantle() {
        var pending = [self]
        while let node = pending.popLast() {
            let fields = node.storedFields.list
            node.storedFields = ArchiveFields()
            node.pendingFill = nil
            node.owned = nil
            for (_, field) in fields {
                switch field {
                case .object(.node(let next)): pending.append(next)
                case .objects(let values):
                    for case .node(let next) in values { pending.append(next) }
                default: break
                }
            }
        }
    }

    // Foundation's collections, encoded as NSKeyedArchiver does (`NS.keys`/`NS.objects`).
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
        let node = ArchiveNode(mutable ? ["NSMutableDictionary", "NSDictionary", "NSObject"] : ["NSDictionary", "NSObject"])
        node.set("NS.keys", .objects(entries.map(\.0)))
        node.set("NS.objects", .objects(entries.map(\.1)))
        return node
    }
}

/// An object's fields in the order given, each key once: debug builds (the tests) check it; searching the fields
/// on every call was 8% of compiling a large model.
struct ArchiveFields {
    private(set) var list: [(key: String, value: ArchiveField)] = []

    init(capacity: Int = 0) { list.reserveCapacity(capacity) }

    mutating func set(_ key: String, _ value: ArchiveField) {
        assert(!list.contains { $0.key == key }, "'\(key)' set twice")
        list.append((key, value))
    }

    mutating func replace(_ key: String, _ value: ArchiveField) {
        guard let index = list.firstIndex(where: { $0.key == key }) else { return list.append((key, value)) }
        list[index].value = value
    }
}

/// A field of an archived object: inline scalars (`encodeInt:forKey:` ...) or references into `$objects`.
enum ArchiveField {
    case int(Int64)
    case bool(Bool)
    case real(Double)
    case data([UInt8])
    case object(ArchiveValue)
    /// A plist array of references, the body of a collection.
    case objects([ArchiveValue])
}

/// What an object reference points at: a plain plist scalar entry, or an object with a class.
enum ArchiveValue {
    case null
    case string(String)
    case int(Int64)
    case real(Double)
    case float(Float)
    case bool(Bool)
    case node(ArchiveNode)
}
