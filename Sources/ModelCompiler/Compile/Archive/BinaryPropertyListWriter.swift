/// Writes `bplist00` files. Equal scalars are stored once, as Apple's writer does; containers are
/// written in the order given, so the same value always gives the same bytes.
enum BinaryPropertyListWriter {
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
        /// Small integers and UIDs (archives are full of object numbers) are found by position, not by hashing.
        static let directLimit = 1 << 20
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
            case .integer(let number) where number >= 0 && number < Self.directLimit:
                return knownIndex(Int(number), next: objects.count, in: &smallIntegers) ?? reserve(value)
            case .integer(let number): return knownIndex(number, next: objects.count, in: &uniqueIntegers) ?? reserve(value)
            case .uid(let number) where number < UInt64(Self.directLimit):
                return knownIndex(Int(number), next: objects.count, in: &smallUIDs) ?? reserve(value)
            case .uid(let number): return knownIndex(number, next: objects.count, in: &uniqueUIDs) ?? reserve(value)
            default: return knownIndex(value, next: objects.count, in: &unique) ?? reserve(value)
            }
        }

        /// The keys last seen at each position of a dictionary, with their indexes. Archived objects of one class
        /// repeat the same keys in the same order: comparing with the key last at this position is much cheaper than
        /// hashing it again. Only a hint: a key's index never changes once it has one.
        var recentKeys: [(text: String, index: Int)] = []

        private mutating func key(_ key: PropertyListValue, at position: Int) -> Int {
            guard case .string(let text) = key else { return add(key) }
            if position < recentKeys.count, recentKeys[position].text == text { return recentKeys[position].index }
            let index = add(key)
            if position < recentKeys.count {
                recentKeys[position] = (text, index)
            } else if position == recentKeys.count {
                recentKeys.append((text, index))
            }
            return index
        }

        private mutating func reserve(_ value: PropertyListValue) -> Int {
            objects.append(value)
            references.append([])
            return objects.count - 1
        }

        func encode(top: Int) -> [UInt8] {
            let referenceSize = Self.byteCount(for: UInt64(objects.count))
            var output = Array("bplist00".utf8)
            // Room for all of it at once: grown by doubling, the bytes were held twice over while being copied.
            output.reserveCapacity(upperBound(referenceSize: referenceSize))
            var offsets: [Int] = []
            offsets.reserveCapacity(objects.count)
            for (index, object) in objects.enumerated() {
                offsets.append(output.count)
                encode(object, children: references[index], referenceSize: referenceSize, into: &output)
            }
            let tableOffset = output.count
            let offsetSize = Self.byteCount(for: UInt64(tableOffset))
            for offset in offsets { Self.appendBigEndian(UInt64(offset), size: offsetSize, to: &output) }
            output += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
            Self.appendBigEndian(UInt64(objects.count), size: 8, to: &output)
            Self.appendBigEndian(UInt64(top), size: 8, to: &output)
            Self.appendBigEndian(UInt64(tableOffset), size: 8, to: &output)
            return output
        }

        private func encode(_ object: PropertyListValue, children: [Int], referenceSize: Int, into output: inout [UInt8]) {
            switch object {
            case .null: output.append(0x00)
            case .boolean(let value): output.append(value ? 0x09 : 0x08)
            case .integer(let value): Self.appendInteger(value, to: &output)
            case .real(let value):
                output.append(0x23)
                Self.appendBigEndian(value.bitPattern, size: 8, to: &output)
            case .float(let value):
                output.append(0x22)
                Self.appendBigEndian(UInt64(value.bitPattern), size: 4, to: &output)
            case .date(let value):
                output.append(0x33)
                Self.appendBigEndian(value.bitPattern, size: 8, to: &output)
            case .data(let bytes):
                Self.appendMarker(0x40, count: bytes.count, to: &output)
                output += bytes
            case .string(let text):
                var isASCII = true
                for byte in text.utf8 where byte >= 0x80 { isASCII = false; break }
                if isASCII {
                    Self.appendMarker(0x50, count: text.utf8.count, to: &output)
                    output.append(contentsOf: text.utf8)
                } else {
                    let units = Array(text.utf16)
                    Self.appendMarker(0x60, count: units.count, to: &output)
                    for unit in units { output.append(UInt8(unit >> 8)); output.append(UInt8(unit & 0xFF)) }
                }
            case .uid(let value):
                let size = Self.byteCount(for: value)
                output.append(0x80 | UInt8(size - 1))
                Self.appendBigEndian(value, size: size, to: &output)
            case .array, .set, .dictionary:
                // Arrays and sets count their references; a dictionary counts pairs (keys, then values).
                let (high, count): (UInt8, Int) = switch object {
                case .set: (0xC0, children.count)
                case .dictionary: (0xD0, children.count / 2)
                default: (0xA0, children.count)
                }
                Self.appendMarker(high, count: count, to: &output)
                for child in children { Self.appendBigEndian(UInt64(child), size: referenceSize, to: &output) }
            }
        }

        /// At least the encoded size: what each object can take at most, plus the offset table and trailer.
        private func upperBound(referenceSize: Int) -> Int {
            var total = 8 + 32
            for (index, object) in objects.enumerated() {
                total += 10 + 8  // marker with its count or value, offset table entry
                switch object {
                case .string(let text): total += text.utf8.count * 2
                case .data(let bytes): total += bytes.count
                case .array, .set, .dictionary: total += references[index].count * referenceSize
                default: break
                }
            }
            return total
        }

        private static func appendMarker(_ high: UInt8, count: Int, to output: inout [UInt8]) {
            if count < 15 {
                output.append(high | UInt8(count))
            } else {
                output.append(high | 0x0F)
                appendInteger(Int64(count), to: &output)
            }
        }

        /// Integers as 1, 2, 4 or 8 big-endian bytes; negatives always take 8.
        private static func appendInteger(_ value: Int64, to output: inout [UInt8]) {
            let unsigned = UInt64(bitPattern: value)
            let size = value < 0 ? 8 : byteCount(for: unsigned)
            output.append(0x10 | UInt8(size.trailingZeroBitCount))
            appendBigEndian(unsigned, size: size, to: &output)
        }

        static func byteCount(for value: UInt64) -> Int {
            value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
        }

        static func appendBigEndian(_ value: UInt64, size: Int, to output: inout [UInt8]) {
            var shift = (size - 1) * 8
            while shift >= 0 {
                output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
                shift -= 8
            }
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

/// The same for small non-negative numbers, kept by position (-1 where none is stored).
func knownIndex(_ number: Int, next: Int, in table: inout [Int]) -> Int? {
    if number < table.count, table[number] >= 0 { return table[number] }
    if number >= table.count { table += repeatElement(-1, count: max(number + 1 - table.count, table.count)) }
    table[number] = next
    return nil
}
