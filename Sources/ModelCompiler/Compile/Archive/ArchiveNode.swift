/// An object for NSKeyedArchiver's encoding. A class, because identity is meaning here: an entity
/// referenced from many properties is archived once and every reference points at it.
final class ArchiveNode {
    /// `$classes`, most specific first; `$classname` is the first.
    let classes: [String]
    private var storedFields: [(key: String, value: ArchiveField)] = []
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
        return storedFields
    }

    /// Marks the node filled: its fields are being set by whoever fills the nodes it belongs with.
    func cancelFill() { pendingFill = nil }

    func set(_ key: String, _ value: ArchiveField) {
        // Lengths first: nodes carry dozens of fields and most keys differ in length.
        let length = key.utf8.count
        if let index = storedFields.firstIndex(where: { $0.key.utf8.count == length && $0.key == key }) {
            storedFields[index].value = value
        } else {
            storedFields.append((key, value))
        }
    }

    /// Empties this node alone: the writer does it as each node is written, so that the graph melts while the
    /// property list grows instead of both being held whole (compile's peak memory).
    func releaseFields() {
        storedFields = []
        owned = nil
    }

    /// Empties this node and every node it reaches. Entities and their properties point at each other, so
    /// a graph is never freed by reference counting alone; call this when it has been written.
    func dismantle() {
        var pending = [self]
        while let node = pending.popLast() {
            let fields = node.storedFields
            node.storedFields = []
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
