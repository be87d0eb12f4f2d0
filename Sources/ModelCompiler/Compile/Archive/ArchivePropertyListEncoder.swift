extension EncodedArchive {
    /// The archive as `bplist00` bytes: exactly what `BinaryPropertyListWriter.data(for: propertyList)` gives (the
    /// same objects in the same order, equal scalars stored once), without building that tree.
    /// `referenceLimit`: past it (billions of objects) the general writer lays the archive out instead.
    consuming func binaryPropertyList(referenceLimit: Int = Int(UInt32.max)) -> [UInt8] {
        guard ArchivePropertyListLayout.fits(self, limit: referenceLimit) else {
            return BinaryPropertyListWriter.data(for: propertyList)
        }
        var layout = ArchivePropertyListLayout(self)
        let top = layout.lay()
        return layout.bytes(top: top)
    }
}

/// Numbers the plist objects of an archive in the general writer's order: a container before its children, a
/// dictionary's keys before its values, depth first. Strings are found by their number, not by hashing them.
struct ArchivePropertyListLayout {
    private typealias Encoding = BinaryPropertyListEncoding

    enum Item {
        case string(Int)
        case integer(Int64)
        case real(Double)
        case float(Float)
        case boolean(Bool)
        case data(Int)
        case uid(Int)
        /// A range of `children`; a dictionary's holds its keys, then its values.
        case array(References)
        case dictionary(References)
    }

    /// Where a container's references are in `children`, in 8 bytes (an item is 16 bytes, not 24, with it).
    struct References {
        let start: UInt32, count: UInt32
        init(_ range: Range<Int>) { (start, count) = (UInt32(range.lowerBound), UInt32(range.count)) }
        var range: Range<Int> { Int(start)..<Int(start) + Int(count) }
    }

    private var archive: EncodedArchive
    private var items: [Item] = []
    /// Object numbers, 4 bytes each (`fits` checks that every number will): half the room of `Int`s.
    private var children: [UInt32] = []
    /// By string number: its plist object, -1 before it has one.
    private var stringItems: [Int]
    /// Small integers and UIDs are found by position (`DirectIndex`), not by hashing.
    private var smallIntegers: [Int] = [], integers: [Int64: Int] = [:]
    private var smallUIDs: [Int] = [], uids: [Int: Int] = [:]
    private var reals: [Double: Int] = [:], floats: [Float: Int] = [:], booleans: [Bool: Int] = [:]
    private var data: [BytesKey: Int] = [:]

    init(_ archive: EncodedArchive) {
        self.archive = archive
        stringItems = Array(repeating: -1, count: archive.strings.count)
        children.reserveCapacity(Self.referenceCount(archive))
    }

    /// Numbers every object; returns the top object's number.
    mutating func lay() -> Int {
        let frame = archive.frame
        let (top, entries) = reserve(dictionaryOf: 4)
        for (offset, key) in [frame.version, frame.archiver, frame.top, frame.objects].enumerated() {
            put(string(key), at: entries + offset)
        }
        put(integer(100_000), at: entries + 4)
        put(string(frame.archiverName), at: entries + 5)
        let (topDictionary, root) = reserve(dictionaryOf: 1)
        put(string(frame.root), at: root)
        put(uid(archive.root), at: root + 1)
        put(topDictionary, at: entries + 6)
        let (objects, first) = reserve(arrayOf: archive.objects.count)
        put(objects, at: entries + 7)
        for (offset, object) in archive.objects.enumerated() { put(add(object), at: first + offset) }
        // The bytes need only the strings and data from here on: the fields go before the output takes its room.
        archive.releaseFields()
        return top
    }

    private mutating func add(_ object: EncodedArchive.Object) -> Int {
        switch object {
        case .string(let number): return string(number)
        case .integer(let number): return integer(number)
        case .real(let number): return real(number)
        case .float(let number): return knownIndex(number, next: items.count, in: &floats) ?? reserve(.float(number))
        case .boolean(let flag): return boolean(flag)
        case .data(let index): return add(EncodedArchive.Value.data(index))
        case .dictionary(let fields):
            let (index, entries) = reserve(dictionaryOf: fields.count)
            for (offset, field) in fields.enumerated() { put(string(archive.key(at: field)), at: entries + offset) }
            for (offset, field) in fields.enumerated() {
                let item = if let number = archive.uid(at: field) { uid(number) } else { add(archive.value(at: field)) }
                put(item, at: entries + fields.count + offset)
            }
            return index
        }
    }

    private mutating func add(_ value: EncodedArchive.Value) -> Int {
        switch value {
        case .integer(let number): return integer(number)
        case .boolean(let flag): return boolean(flag)
        case .real(let number): return real(number)
        case .data(let index):
            return knownIndex(BytesKey(archive.data(index)), next: items.count, in: &data) ?? reserve(.data(index))
        case .uid(let number): return uid(number)
        case .string(let number): return string(number)
        case .uids(let range), .strings(let range):
            let (index, first) = reserve(arrayOf: range.count)
            let isUIDs = if case .uids = value { true } else { false }
            for (offset, entry) in archive.lists[range].enumerated() {
                put(isUIDs ? uid(entry) : string(entry), at: first + offset)
            }
            return index
        }
    }

    private mutating func string(_ number: Int) -> Int {
        if stringItems[number] < 0 { stringItems[number] = reserve(.string(number)) }
        return stringItems[number]
    }

    private mutating func integer(_ number: Int64) -> Int {
        if number >= 0 && number < DirectIndex.integerLimit {
            return knownIndex(Int(number), next: items.count, in: &smallIntegers) ?? reserve(.integer(number))
        }
        return knownIndex(number, next: items.count, in: &integers) ?? reserve(.integer(number))
    }

    private mutating func uid(_ number: Int) -> Int {
        if number >= 0 && number < DirectIndex.uidLimit {
            return knownIndex(number, next: items.count, in: &smallUIDs) ?? reserve(.uid(number))
        }
        return knownIndex(number, next: items.count, in: &uids) ?? reserve(.uid(number))
    }

    private mutating func real(_ number: Double) -> Int {
        knownIndex(number, next: items.count, in: &reals) ?? reserve(.real(number))
    }

    private mutating func boolean(_ flag: Bool) -> Int {
        knownIndex(flag, next: items.count, in: &booleans) ?? reserve(.boolean(flag))
    }

    private mutating func put(_ index: Int, at position: Int) { children[position] = UInt32(truncatingIfNeeded: index) }

    /// Whether every object number of the archive fits 4 bytes: there are at most as many objects as references.
    static func fits(_ archive: EncodedArchive, limit: Int = Int(UInt32.max)) -> Bool {
        referenceCount(archive) < limit
    }

    /// Every reference there will be: the frame's eight and two, one per object, two per field, one per list entry.
    static func referenceCount(_ archive: EncodedArchive) -> Int {
        10 + archive.objects.count + 2 * archive.fieldCount + archive.lists.count
    }

    private mutating func reserve(_ item: Item) -> Int {
        items.append(item)
        return items.count - 1
    }

    private mutating func reserve(dictionaryOf count: Int) -> (index: Int, entries: Int) {
        let entries = children.count
        children.append(contentsOf: repeatElement(0, count: 2 * count))
        return (reserve(.dictionary(References(entries..<entries + 2 * count))), entries)
    }

    private mutating func reserve(arrayOf count: Int) -> (index: Int, first: Int) {
        let first = children.count
        children.append(contentsOf: repeatElement(0, count: count))
        return (reserve(.array(References(first..<first + count))), first)
    }

    func bytes(top: Int) -> [UInt8] {
        let referenceSize = Encoding.byteCount(for: UInt64(items.count))
        return BoundedBytes.bytes(capacity: upperBound(referenceSize: referenceSize)) { output in
            output.append(contentsOf: Encoding.header)
            var offsets: [Int] = []
            offsets.reserveCapacity(items.count)
            for item in items {
                offsets.append(output.count)
                switch item {
                case .string(let number): Encoding.appendString(archive.strings[number], to: &output)
                case .integer(let number): Encoding.appendInteger(number, to: &output)
                case .real(let number): Encoding.appendReal(number, to: &output)
                case .float(let number): Encoding.appendFloat(number, to: &output)
                case .boolean(let flag): output.append(flag ? 0x09 : 0x08)
                case .data(let index): Encoding.appendData(archive.data(index), to: &output)
                case .uid(let number): Encoding.appendUID(UInt64(number), to: &output)
                case .array(let references), .dictionary(let references):
                    let range = references.range
                    let isArray = if case .array = item { true } else { false }
                    Encoding.appendMarker(
                        isArray ? 0xA0 : 0xD0, count: isArray ? range.count : range.count / 2,
                        to: &output)
                    for child in children[range] {
                        Encoding.appendBigEndian(UInt64(child), size: referenceSize, to: &output)
                    }
                }
            }
            Encoding.appendTrailer(offsets: offsets, top: top, referenceSize: referenceSize, to: &output)
        }
    }

    /// At least the encoded size: the room the bytes are written into.
    private func upperBound(referenceSize: Int) -> Int {
        var total = Encoding.trailerSize + items.count * Encoding.objectOverhead + children.count * referenceSize
        for item in items {
            switch item {
            case .string(let number): total += archive.strings[number].utf8.count * 2
            case .data(let index): total += archive.data(index).count
            default: break
            }
        }
        return total
    }
}
