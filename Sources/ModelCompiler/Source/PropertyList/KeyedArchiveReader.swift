/// Reads an NSKeyedArchiver property list into a graph addressed by UID, checking its envelope.
struct KeyedArchive: Sendable {
    let objects: [PropertyListValue]
    let rootUID: Int

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(bytes: [UInt8]) throws(Failure) {
        let value: PropertyListValue
        do {
            value = try BinaryPropertyListReader.read(bytes)
        } catch {
            throw Failure(description: error.description)
        }
        guard value["$archiver"] == .string("NSKeyedArchiver"), case .array(let objects)? = value["$objects"],
            case .uid(let root)? = value["$top"]?["root"], root < UInt64(objects.count)
        else {
            throw Failure(description: "not an NSKeyedArchiver archive")
        }
        self.objects = objects
        self.rootUID = Int(root)
    }

    /// The `$classname` of an object, nil for plain scalars and `$null`.
    func className(of uid: Int) -> String? {
        guard uid > 0, uid < objects.count, case .uid(let classUID)? = objects[uid]["$class"],
            let index = index(classUID)
        else { return nil }
        return objects[index]["$classname"]?.stringValue
    }

    /// An object's fields, without `$class`.
    func fields(of uid: Int) -> [(String, PropertyListValue)] {
        guard uid > 0, uid < objects.count else { return [] }
        return (objects[uid].stringKeyedEntries ?? []).filter { $0.0 != "$class" }
    }

    func field(_ key: String, of uid: Int) -> PropertyListValue? {
        guard uid > 0, uid < objects.count else { return nil }
        return objects[uid][key]
    }

    /// The object a field refers to (following a UID), if it does; nil for `$null`.
    func referenced(_ key: String, of uid: Int) -> Int? {
        if case .uid(let target)? = field(key, of: uid), target > 0 { return index(target) }
        return nil
    }

    /// A string field, also when archived as an `NSMutableString` object (`NS.string`), as store model caches do.
    func string(_ key: String, of uid: Int) -> String? {
        referenced(key, of: uid).flatMap { objects[$0].stringValue ?? objects[$0]["NS.string"]?.stringValue }
    }

    /// The UIDs listed in an `NS.objects`/`NS.keys` array.
    func references(_ key: String, of uid: Int) -> [Int] {
        guard case .array(let items)? = field(key, of: uid) else { return [] }
        return items.compactMap { if case .uid(let target) = $0 { index(target) } else { nil } }
    }

    /// A UID as an index into `$objects`, nil when it points past the end (UIDs are unsigned 64-bit).
    func index(_ uid: UInt64) -> Int? {
        uid < UInt64(objects.count) ? Int(uid) : nil
    }
}
