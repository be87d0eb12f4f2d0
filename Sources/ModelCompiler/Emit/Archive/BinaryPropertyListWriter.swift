/// Writes `bplist00` files. Equal scalars are stored once, as Apple's writer does; containers are
/// written in the order given, so the same value always gives the same bytes.
public enum BinaryPropertyListWriter {
    public static func data(for root: PropertyListValue) -> [UInt8] {
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

        mutating func add(_ value: PropertyListValue) -> Int {
            switch value {
            case .array(let items), .set(let items):
                let index = reserve(value)
                references[index] = items.map { add($0) }
                return index
            case .dictionary(let entries):
                let index = reserve(value)
                let keys = entries.map { add($0.key) }
                let values = entries.map { add($0.value) }
                references[index] = keys + values
                return index
            case .string(let text): return uniqued(value, key: text, in: \.uniqueStrings)
            case .integer(let number): return uniqued(value, key: number, in: \.uniqueIntegers)
            case .uid(let number): return uniqued(value, key: number, in: \.uniqueUIDs)
            default: return uniqued(value, key: value, in: \.unique)
            }
        }

        /// The index of an equal scalar already stored, or of `value` stored now.
        private mutating func uniqued<Key: Hashable>(_ value: PropertyListValue, key: Key,
                                                     in table: WritableKeyPath<Builder, [Key: Int]>) -> Int {
            if let known = self[keyPath: table][key] { return known }
            let index = reserve(value)
            self[keyPath: table][key] = index
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
            var offsets: [Int] = []
            for (index, object) in objects.enumerated() {
                offsets.append(output.count)
                encode(object, children: references[index], referenceSize: referenceSize, into: &output)
            }
            let tableOffset = output.count
            let offsetSize = Self.byteCount(for: UInt64(tableOffset))
            for offset in offsets { output += Self.bigEndian(UInt64(offset), size: offsetSize) }
            output += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
            output += Self.bigEndian(UInt64(objects.count), size: 8)
            output += Self.bigEndian(UInt64(top), size: 8)
            output += Self.bigEndian(UInt64(tableOffset), size: 8)
            return output
        }

        private func encode(_ object: PropertyListValue, children: [Int], referenceSize: Int, into output: inout [UInt8]) {
            switch object {
            case .null: output.append(0x00)
            case .boolean(let value): output.append(value ? 0x09 : 0x08)
            case .integer(let value): output += Self.integer(value)
            case .real(let value):
                output.append(0x23)
                output += Self.bigEndian(value.bitPattern, size: 8)
            case .float(let value):
                output.append(0x22)
                output += Self.bigEndian(UInt64(value.bitPattern), size: 4)
            case .date(let value):
                output.append(0x33)
                output += Self.bigEndian(value.bitPattern, size: 8)
            case .data(let bytes):
                output += Self.marker(0x40, count: bytes.count)
                output += bytes
            case .string(let text):
                if text.unicodeScalars.allSatisfy(\.isASCII) {
                    output += Self.marker(0x50, count: text.utf8.count)
                    output += Array(text.utf8)
                } else {
                    let units = Array(text.utf16)
                    output += Self.marker(0x60, count: units.count)
                    for unit in units { output += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
                }
            case .uid(let value):
                let size = Self.byteCount(for: value)
                output.append(0x80 | UInt8(size - 1))
                output += Self.bigEndian(value, size: size)
            case .array, .set, .dictionary:
                // Arrays and sets count their references; a dictionary counts pairs (keys, then values).
                let (high, count): (UInt8, Int) = switch object {
                case .set: (0xC0, children.count)
                case .dictionary: (0xD0, children.count / 2)
                default: (0xA0, children.count)
                }
                output += Self.marker(high, count: count)
                for child in children { output += Self.bigEndian(UInt64(child), size: referenceSize) }
            }
        }

        private static func marker(_ high: UInt8, count: Int) -> [UInt8] {
            count < 15 ? [high | UInt8(count)] : [high | 0x0F] + integer(Int64(count))
        }

        /// Integers as 1, 2, 4 or 8 big-endian bytes; negatives always take 8.
        private static func integer(_ value: Int64) -> [UInt8] {
            if value < 0 { return [0x13] + bigEndian(UInt64(bitPattern: value), size: 8) }
            let unsigned = UInt64(value)
            if unsigned <= 0xFF { return [0x10, UInt8(unsigned)] }
            if unsigned <= 0xFFFF { return [0x11] + bigEndian(unsigned, size: 2) }
            if unsigned <= 0xFFFF_FFFF { return [0x12] + bigEndian(unsigned, size: 4) }
            return [0x13] + bigEndian(unsigned, size: 8)
        }

        static func byteCount(for value: UInt64) -> Int {
            value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
        }

        static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
            (0..<size).map { UInt8(truncatingIfNeeded: value >> UInt64((size - 1 - $0) * 8)) }
        }
    }
}
