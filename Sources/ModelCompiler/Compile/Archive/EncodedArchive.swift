/// An NSKeyedArchiver archive as the writer lays it out, before it becomes bytes: the `$objects` in slot order,
/// each object's fields in flat arrays, every string stored once and named by its number. Far smaller than the
/// same archive as a `PropertyListValue` tree, which compile of a large model used to hold whole.
struct EncodedArchive {
    /// One entry of `$objects`: a plain scalar, or an archived object (a dictionary of `fields`).
    enum Object {
        case string(Int)
        case integer(Int64)
        case real(Double)
        case float(Float)
        case boolean(Bool)
        /// Bytes stored in the archive's data run (`data(_:)`): an NSData object, such as a `.cdm`'s hashes.
        case data(Int)
        case dictionary(Range<Int>)
    }

    /// A field's value. Lists are ranges of `lists`: object references, or string numbers (a class's `$classes`).
    enum Value {
        case integer(Int64)
        case boolean(Bool)
        case real(Double)
        case data(Int)
        case uid(Int)
        case uids(Range<Int>)
        case string(Int)
        case strings(Range<Int>)
    }

    var strings: [String] = []
    var objects: [Object] = []
    /// Each field as a key (a string number) and its value, in the order the object was given them. Values are kept
    /// as a kind and 8 bytes (a list as where it starts in `lists`, which holds its length first): large archives
    /// have millions of fields, and the enum itself would take three times the room. Key numbers take 4 bytes: a
    /// version has fewer distinct strings than its file has bytes (XML is read only under 2 GiB; a binary plist
    /// holds at most one string per two bytes), and 2^32 of them would take more memory to type than machines have.
    private(set) var keys: [UInt32] = []
    private var kinds: [Kind] = []
    private var payloads: [UInt64] = []
    var lists: [Int] = []
    /// Every data value's bytes in one run (a model has one 32-byte hash per property: an array each took 80 bytes).
    private var dataBytes: [UInt8] = []
    private var dataRanges: [Range<Int>] = []
    /// The UID of the root object.
    var root = 0

    /// The strings of the archive's frame (`$version`, `$archiver`, `$top`, `$objects`, `root`), by number.
    var frame = (version: 0, archiver: 0, top: 0, objects: 0, root: 0, archiverName: 0)

    /// The same archive as a property-list tree: what the bytes decode to (tests and fuzzing compare the two).
    var propertyList: PropertyListValue {
        func value(_ value: Value) -> PropertyListValue {
            switch value {
            case .integer(let number): .integer(number)
            case .boolean(let flag): .boolean(flag)
            case .real(let number): .real(number)
            case .data(let index): .data(Array(data(index)))
            case .uid(let uid): .uid(UInt64(uid))
            case .uids(let range): .array(lists[range].map { .uid(UInt64($0)) })
            case .string(let index): .string(strings[index])
            case .strings(let range): .array(lists[range].map { .string(strings[$0]) })
            }
        }
        let objects = objects.map { object -> PropertyListValue in
            switch object {
            case .string(let index): .string(strings[index])
            case .integer(let number): .integer(number)
            case .real(let number): .real(number)
            case .float(let number): .float(number)
            case .boolean(let flag): .boolean(flag)
            case .data(let index): .data(Array(data(index)))
            case .dictionary(let fields): .dictionary(fields.map { (strings[key(at: $0)], value(self.value(at: $0))) })
            }
        }
        return .dictionary([
            ("$version", .integer(100_000)),
            ("$archiver", .string("NSKeyedArchiver")),
            ("$top", .dictionary([("root", .uid(UInt64(root)))])),
            ("$objects", .array(objects)),
        ])
    }

    private enum Kind: UInt8 {
        case integer, boolean, real, data, uid, uids, string, strings
        /// Set by `ArchiveGraph` before the writer gives the archive its objects: a reference (`Reference` + 8 is
        /// the kind, the payload what `Reference` says), or a list of (reference, payload) pairs.
        case pendingString = 8, pendingInteger, pendingReal, pendingFloat, pendingBoolean, pendingNode, pendingData
        case pendingList = 16
    }

    /// What an object reference points at before it has a slot in `$objects` (null has slot 0 from the start).
    enum Reference: UInt8 { case string, integer, real, float, boolean, node, data }

    /// A field still to be resolved by the writer: a reference, or the start of a list of references.
    enum Pending {
        case reference(Reference, UInt64)
        /// `lists[start]` holds the count; then each entry as two: the reference's raw value and its payload.
        case list(start: Int)
    }

    var fieldCount: Int { keys.count }

    /// Room for about this many fields and list entries: growing by doubling holds the old and the new room at once,
    /// and the larger has more unused (compile's peak memory). Room never touched is never resident.
    mutating func reserve(fields: Int, listEntries: Int) {
        keys.reserveCapacity(fields)
        kinds.reserveCapacity(fields)
        payloads.reserveCapacity(fields)
        lists.reserveCapacity(listEntries)
    }

    func key(at field: Int) -> Int { Int(keys[field]) }

    /// The object a field refers to, when it is a reference (most of an archive's fields): read without decoding
    /// the field into a `Value`.
    func uid(at field: Int) -> Int? { kinds[field] == .uid ? Int(payloads[field]) : nil }

    /// Room for `count` more fields, filled in later with `set`; returns where they start.
    mutating func reserveFields(_ count: Int) -> Int {
        let start = keys.count
        keys.append(contentsOf: repeatElement(0, count: count))
        kinds.append(contentsOf: repeatElement(.integer, count: count))
        payloads.append(contentsOf: repeatElement(0, count: count))
        return start
    }

    mutating func set(field: Int, key: Int, _ value: Value) {
        keys[field] = UInt32(key)
        (kinds[field], payloads[field]) = encoded(value)
    }

    /// A field after the last (`ArchiveGraph` writes each node's fields side by side).
    mutating func append(key: Int, _ value: Value) {
        let (kind, payload) = encoded(value)
        keys.append(UInt32(key))
        kinds.append(kind)
        payloads.append(payload)
    }

    private func encoded(_ value: Value) -> (Kind, UInt64) {
        switch value {
        case .integer(let number): return (.integer, UInt64(bitPattern: number))
        case .boolean(let flag): return (.boolean, flag ? 1 : 0)
        case .real(let number): return (.real, number.bitPattern)
        case .data(let index): return (.data, UInt64(index))
        case .uid(let number): return (.uid, UInt64(number))
        case .string(let number): return (.string, UInt64(number))
        case .uids(let range), .strings(let range):
            // A list is written to `lists` with `reserveList` before the field that names it.
            assert(range.lowerBound > 0 && lists[range.lowerBound - 1] == range.count, "list not reserved")
            let kind: Kind = if case .uids = value { .uids } else { .strings }
            return (kind, UInt64(range.lowerBound - 1))
        }
    }

    mutating func appendData(_ bytes: [UInt8]) -> Int {
        dataRanges.append(dataBytes.count..<dataBytes.count + bytes.count)
        dataBytes += bytes
        return dataRanges.count - 1
    }

    func data(_ index: Int) -> ArraySlice<UInt8> { dataBytes[dataRanges[index]] }

    mutating func appendPending(key: Int, _ pending: Pending) {
        keys.append(UInt32(key))
        switch pending {
        case .reference(let reference, let payload):
            kinds.append(Kind(rawValue: 8 + reference.rawValue)!)
            payloads.append(payload)
        case .list(let start):
            kinds.append(.pendingList)
            payloads.append(UInt64(start))
        }
    }

    /// How a segment's numbers become its graph's (`ArchiveGraph.join`): strings from `sharedStrings` on are
    /// renumbered through `newStrings`, nodes from `firstNode` on are shifted by `nodeShift`.
    struct Renumbering {
        let sharedStrings: Int
        let newStrings: [Int]
        let firstNode: Int
        let nodeShift: Int

        @inline(__always) func string(_ number: Int) -> Int {
            number < sharedStrings ? number : newStrings[number - sharedStrings]
        }

        @inline(__always) func node(_ number: Int) -> Int { number < firstNode ? number : number + nodeShift }
    }

    /// Appends the fields, lists and data of another archive built apart (an `ArchiveGraph` segment), copied whole
    /// and then renumbered where they name a string, a node, a list or data; only what a graph builds is expected (no
    /// field the writer has resolved). Returns where its fields now start.
    mutating func append(segment other: EncodedArchive, _ renumbering: Renumbering) -> Int {
        let (fieldShift, listShift, dataShift) = (keys.count, lists.count, dataRanges.count)
        let byteShift = dataBytes.count
        dataBytes += other.dataBytes
        dataRanges += other.dataRanges.map { $0.lowerBound + byteShift..<$0.upperBound + byteShift }
        lists += other.lists
        keys += other.keys
        kinds += other.kinds
        payloads += other.payloads
        for field in fieldShift..<keys.count {
            if keys[field] >= renumbering.sharedStrings { keys[field] = UInt32(renumbering.string(Int(keys[field]))) }
            let payload = payloads[field]
            switch kinds[field] {
            case .integer, .boolean, .real, .uid, .pendingInteger, .pendingReal, .pendingFloat, .pendingBoolean: break
            case .data, .pendingData: payloads[field] = payload + UInt64(dataShift)
            case .pendingString:
                if payload != ArchiveGraph.nullPayload { payloads[field] = UInt64(renumbering.string(Int(payload))) }
            case .pendingNode: payloads[field] = UInt64(renumbering.node(Int(payload)))
            case .pendingList:
                let start = Int(payload) + listShift
                payloads[field] = UInt64(start)
                for item in 0..<lists[start] {
                    switch pendingItem(of: start, at: item) {
                    case (.string, let number) where number != ArchiveGraph.nullPayload:
                        setPendingItem(of: start, at: item, .string, UInt64(renumbering.string(Int(number))))
                    case (.node, let node):
                        setPendingItem(of: start, at: item, .node, UInt64(renumbering.node(Int(node))))
                    case (.data, let index):
                        setPendingItem(of: start, at: item, .data, index + UInt64(dataShift))
                    default: break
                    }
                }
            case .uids, .string, .strings: preconditionFailure("a segment holds only what a graph builds")
            }
        }
        return fieldShift
    }

    /// The field's reference when the writer has not resolved it yet.
    func pending(at field: Int) -> Pending? {
        let kind = kinds[field]
        guard kind.rawValue >= 8 else { return nil }
        if kind == .pendingList { return .list(start: Int(payloads[field])) }
        return .reference(Reference(rawValue: kind.rawValue - 8)!, payloads[field])
    }

    /// Room for a list of `count` references, as (raw reference, payload) pairs after the count; returns where the
    /// count is. The writer resolves it in place: entry `i` goes to `start + 1 + i`, never past a pair not yet read.
    mutating func reservePendingList(_ count: Int) -> Int {
        lists.append(count)
        lists.append(contentsOf: repeatElement(0, count: 2 * count))
        return lists.count - 2 * count - 1
    }

    /// Entry `item` of the pending list whose count is at `start`.
    func pendingItem(of start: Int, at item: Int) -> (Reference, UInt64) {
        let pair = start + 1 + 2 * item
        return (Reference(rawValue: UInt8(lists[pair]))!, UInt64(UInt(bitPattern: lists[pair + 1])))
    }

    mutating func setPendingItem(of start: Int, at item: Int, _ reference: Reference, _ payload: UInt64) {
        let pair = start + 1 + 2 * item
        (lists[pair], lists[pair + 1]) = (Int(reference.rawValue), Int(bitPattern: UInt(payload)))
    }

    /// The writer's resolution of entry `item`: its object's slot, at or before the entry's pair, which has been read.
    mutating func resolvePendingItem(of start: Int, at item: Int, uid: Int) { lists[start + 1 + item] = uid }

    /// Room for a list of `count` entries, its length written before it; returns the entries' range.
    mutating func reserveList(_ count: Int) -> Range<Int> {
        lists.append(count)
        let start = lists.count
        lists.append(contentsOf: repeatElement(0, count: count))
        return start..<start + count
    }

    func value(at field: Int) -> Value {
        let payload = payloads[field]
        switch kinds[field] {
        case .integer: return .integer(Int64(bitPattern: payload))
        case .boolean: return .boolean(payload != 0)
        case .real: return .real(Double(bitPattern: payload))
        case .data: return .data(Int(payload))
        case .uid: return .uid(Int(payload))
        case .string: return .string(Int(payload))
        case .uids, .strings:
            let start = Int(payload) + 1
            let range = start..<start + lists[start - 1]
            return kinds[field] == .uids ? .uids(range) : .strings(range)
        default:
            preconditionFailure("a field laid out before the writer resolved it")
        }
    }

    /// Drops the fields once they are laid out: only the strings and data are still needed for the bytes.
    mutating func releaseFields() {
        keys = []
        kinds = []
        payloads = []
        lists = []
        objects = []
    }
}
