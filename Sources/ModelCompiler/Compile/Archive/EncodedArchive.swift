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

    private enum Kind: UInt8 { case integer, boolean, real, data, uid, uids, string, strings }

    var fieldCount: Int { keys.count }

    func key(at field: Int) -> Int { Int(keys[field]) }

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
        switch value {
        case .integer(let number): (kinds[field], payloads[field]) = (.integer, UInt64(bitPattern: number))
        case .boolean(let flag): (kinds[field], payloads[field]) = (.boolean, flag ? 1 : 0)
        case .real(let number): (kinds[field], payloads[field]) = (.real, number.bitPattern)
        case .data(let index): (kinds[field], payloads[field]) = (.data, UInt64(index))
        case .uid(let number): (kinds[field], payloads[field]) = (.uid, UInt64(number))
        case .string(let number): (kinds[field], payloads[field]) = (.string, UInt64(number))
        case .uids(let range), .strings(let range):
            // A list is written to `lists` with `reserveList` before the field that names it.
            assert(range.lowerBound > 0 && lists[range.lowerBound - 1] == range.count, "list not reserved")
            let kind: Kind = if case .uids = value { .uids } else { .strings }
            (kinds[field], payloads[field]) = (kind, UInt64(range.lowerBound - 1))
        }
    }

    mutating func appendData(_ bytes: [UInt8]) -> Int {
        dataRanges.append(dataBytes.count..<dataBytes.count + bytes.count)
        dataBytes += bytes
        return dataRanges.count - 1
    }

    func data(_ index: Int) -> ArraySlice<UInt8> { dataBytes[dataRanges[index]] }

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
