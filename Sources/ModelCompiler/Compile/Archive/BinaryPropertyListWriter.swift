/// Writes `bplist00` files. Equal scalars are stored once, as Apple's writer does; containers are
/// written in the order given, so the same value always gives the same bytes.
enum BinaryPropertyListWriter {
    private typealias Encoding = BinaryPropertyListEncoding

    static func data(for root: PropertyListValue) -> [UInt8] {
        var builder = Builder()
        let top = builder.add(root)
        return builder.encode(top: top)
    }

    private struct Builder {
        var objects: [PropertyListValue] = []
        /// Children of containers as object indexes, parallel to `objects`.
        var references: [[Int]] = []
        var unique: [PropertyListValue: Int] = [:]
        // The common scalars get cheap keys: hashing the enum itself dominated writing large archives.
        var uniqueStrings: [String: Int] = [:]
        var uniqueIntegers: [Int64: Int] = [:]
        var uniqueUIDs: [UInt64: Int] = [:]
        /// Data (a `VersionInfo.plist` holds every entity's version hash) is hashed as one run of bytes.
        var uniqueData: [BytesKey: Int] = [:]
        /// Small integers and UIDs are found by position (`DirectIndex`), not by hashing.
        var smallIntegers: [Int] = []
        var smallUIDs: [Int] = []

        mutating func add(_ value: PropertyListValue) -> Int {
            switch value {
            case .array(let items), .set(let items):
                let index = reserve(value)
                references[index] = items.map { add($0) }
                return index
            case .dictionary(let entries):
                let index = reserve(value)
                var children: [Int] = []
                children.reserveCapacity(entries.count * 2)
                for position in entries.indices { children.append(key(entries[position].key, at: position)) }
                for entry in entries { children.append(add(entry.value)) }
                references[index] = children
                return index
            // Each scalar is looked up in its kind's table; one not seen before is recorded at the next index.
            case .string(let text): return knownIndex(text, next: objects.count, in: &uniqueStrings) ?? reserve(value)
            case .integer(let number) where number >= 0 && number < DirectIndex.integerLimit:
                return knownIndex(Int(number), next: objects.count, in: &smallIntegers) ?? reserve(value)
            case .integer(let number):
                return knownIndex(number, next: objects.count, in: &uniqueIntegers) ?? reserve(value)
            case .uid(let number) where number < UInt64(DirectIndex.uidLimit):
                return knownIndex(Int(number), next: objects.count, in: &smallUIDs) ?? reserve(value)
            case .uid(let number): return knownIndex(number, next: objects.count, in: &uniqueUIDs) ?? reserve(value)
            case .data(let bytes):
                return knownIndex(BytesKey(bytes), next: objects.count, in: &uniqueData) ?? reserve(value)
            default: return knownIndex(value, next: objects.count, in: &unique) ?? reserve(value)
            }
        }

        var recentKeys = RecentKeys()

        private mutating func key(_ key: PropertyListValue, at position: Int) -> Int {
            guard case .string(let text) = key else { return add(key) }
            if let known = recentKeys.number(of: text, at: position) { return known }
            let index = add(key)
            recentKeys.remember(text, index, at: position)
            return index
        }

        private mutating func reserve(_ value: PropertyListValue) -> Int {
            objects.append(value)
            references.append([])
            return objects.count - 1
        }

        func encode(top: Int) -> [UInt8] {
            let referenceSize = Encoding.byteCount(for: UInt64(objects.count))
            var output = Encoding.header
            // Room for all of it at once: grown by doubling, the bytes were held twice over while being copied.
            output.reserveCapacity(upperBound(referenceSize: referenceSize))
            var offsets: [Int] = []
            offsets.reserveCapacity(objects.count)
            for (index, object) in objects.enumerated() {
                offsets.append(output.count)
                encode(object, children: references[index], referenceSize: referenceSize, into: &output)
            }
            Encoding.appendTrailer(offsets: offsets, top: top, referenceSize: referenceSize, to: &output)
            return output
        }

        private func encode(
            _ object: PropertyListValue, children: [Int], referenceSize: Int, into output: inout [UInt8]
        ) {
            switch object {
            case .null: output.append(0x00)
            case .boolean(let value): output.append(value ? 0x09 : 0x08)
            case .integer(let value): Encoding.appendInteger(value, to: &output)
            case .real(let value): Encoding.appendReal(value, to: &output)
            case .float(let value): Encoding.appendFloat(value, to: &output)
            case .date(let value):
                output.append(0x33)
                Encoding.appendBigEndian(value.bitPattern, size: 8, to: &output)
            case .data(let bytes): Encoding.appendData(bytes, to: &output)
            case .string(let text): Encoding.appendString(text, to: &output)
            case .uid(let value): Encoding.appendUID(value, to: &output)
            case .array, .set, .dictionary:
                // Arrays and sets count their references; a dictionary counts pairs (keys, then values).
                let (high, count): (UInt8, Int) =
                    switch object {
                    case .set: (0xC0, children.count)
                    case .dictionary: (0xD0, children.count / 2)
                    default: (0xA0, children.count)
                    }
                Encoding.appendMarker(high, count: count, to: &output)
                for child in children { Encoding.appendBigEndian(UInt64(child), size: referenceSize, to: &output) }
            }
        }

        /// At least the encoded size: what each object can take at most, plus the offset table and trailer.
        private func upperBound(referenceSize: Int) -> Int {
            var total = Encoding.trailerSize
            for (index, object) in objects.enumerated() {
                total += Encoding.objectOverhead
                switch object {
                case .string(let text): total += text.utf8.count * 2
                case .data(let bytes): total += bytes.count
                case .array, .set, .dictionary: total += references[index].count * referenceSize
                default: break
                }
            }
            return total
        }
    }
}

/// The index of an equal value already stored; otherwise nil, after recording `next` as its index (the caller
/// then stores it there). Shared by the plist writer and the keyed archiver, which both store each scalar once.
func knownIndex<Key: Hashable>(_ key: Key, next: Int, in table: inout [Key: Int]) -> Int? {
    if let index = table[key] { return index }
    table[key] = next
    return nil
}

/// Bytes as a dictionary key, hashed in one call: an array of bytes hashes each byte on its own, which made finding
/// a repeated data value cost thousands of instructions. Both plist writers look their data values up by it.
struct BytesKey: Hashable {
    let bytes: ArraySlice<UInt8>

    init(_ bytes: [UInt8]) { self.bytes = bytes[...] }

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }

    static func == (left: BytesKey, right: BytesKey) -> Bool { left.bytes == right.bytes }
}

/// Up to where both plist writers find a number by position (`knownIndex` into a table) rather than by hashing.
/// Archives are full of object numbers: UIDs are numbered densely from 0. Integers are any values, and a table as long
/// as one of them (a validation's 100000) cost a Threema compile a third of its page faults: past a few thousand they
/// are hashed.
enum DirectIndex {
    static let uidLimit = 1 << 20, integerLimit = 1 << 12
}

/// The same for small non-negative numbers, kept by position (-1 where none is stored).
func knownIndex(_ number: Int, next: Int, in table: inout [Int]) -> Int? {
    if number < table.count, table[number] >= 0 { return table[number] }
    if number >= table.count { table += repeatElement(-1, count: max(number + 1 - table.count, table.count)) }
    table[number] = next
    return nil
}
