/// Reads `bplist00` files with every offset and count checked, so a damaged file is an error, never a
/// crash; references that loop back into their own container are refused, nesting is bounded, and an object
/// referenced many times is decoded once (shared), so a small file cannot expand into an exponential tree.
enum BinaryPropertyListReader {
    /// Far beyond any real plist (keyed archives nest three levels), far below the stack's limit.
    static let maximumDepth = 512

    struct Failure: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    static func read(_ bytes: [UInt8]) throws(Failure) -> PropertyListValue {
        guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist0".utf8)) else {
            throw Failure(description: "not a binary property list")
        }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6]), referenceSize = Int(bytes[trailer + 7])
        let reader = ObjectDecoder(
            bytes: bytes, offsetSize: offsetSize, referenceSize: referenceSize,
            objectCount: Int(clamping: ObjectDecoder.uint(bytes, trailer + 8, 8)),
            tableOffset: Int(clamping: ObjectDecoder.uint(bytes, trailer + 24, 8)))
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), reader.objectCount > 0,
            reader.tableOffset >= 8,
            reader.objectCount <= (trailer - reader.tableOffset) / offsetSize
        else {
            throw Failure(description: "damaged binary property list trailer")
        }
        var path: Set<Int> = []
        return try reader.object(Int(clamping: ObjectDecoder.uint(bytes, trailer + 16, 8)), path: &path)
    }

    private final class ObjectDecoder {
        let bytes: [UInt8]
        let offsetSize: Int
        let referenceSize: Int
        let objectCount: Int
        let tableOffset: Int
        private var decoded: [Int: PropertyListValue] = [:]

        init(bytes: [UInt8], offsetSize: Int, referenceSize: Int, objectCount: Int, tableOffset: Int) {
            self.bytes = bytes
            self.offsetSize = offsetSize
            self.referenceSize = referenceSize
            self.objectCount = objectCount
            self.tableOffset = tableOffset
        }

        static func uint(_ bytes: [UInt8], _ start: Int, _ size: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in start..<(start + size) { value = value << 8 | UInt64(bytes[index]) }
            return value
        }

        func bounded(_ start: Int, _ size: Int) throws(Failure) -> UInt64 {
            guard start >= 0, size >= 0, start + size <= tableOffset else {
                throw Failure(description: "binary property list object runs past its data")
            }
            return Self.uint(bytes, start, size)
        }

        func object(_ index: Int, path: inout Set<Int>) throws(Failure) -> PropertyListValue {
            guard index >= 0, index < objectCount else {
                throw Failure(description: "object reference \(index) out of range")
            }
            if let known = decoded[index] { return known }
            guard path.insert(index).inserted else { throw Failure(description: "object \(index) contains itself") }
            defer { path.remove(index) }
            guard path.count <= BinaryPropertyListReader.maximumDepth else {
                throw Failure(description: "objects nested more than \(BinaryPropertyListReader.maximumDepth) deep")
            }
            let value = try decode(index, path: &path)
            decoded[index] = value
            return value
        }

        private func decode(_ index: Int, path: inout Set<Int>) throws(Failure) -> PropertyListValue {
            let offset = Int(clamping: Self.uint(bytes, tableOffset + index * offsetSize, offsetSize))
            guard offset >= 8, offset < tableOffset else { throw Failure(description: "object offset out of range") }
            let marker = bytes[offset], low = Int(marker & 0x0F)
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x00: return .null
                case 0x08: return .boolean(false)
                case 0x09: return .boolean(true)
                default: throw Failure(description: "unknown marker \(marker)")
                }
            case 0x1:
                guard low <= 3 else { throw Failure(description: "integer wider than 8 bytes") }
                let raw = try bounded(offset + 1, 1 << low)
                return .integer(low == 3 ? Int64(bitPattern: raw) : Int64(raw))
            case 0x2:
                if low == 2 { return .float(Float(bitPattern: UInt32(try bounded(offset + 1, 4)))) }
                if low == 3 { return .real(Double(bitPattern: try bounded(offset + 1, 8))) }
                throw Failure(description: "unsupported real width")
            case 0x3:
                guard marker == 0x33 else { throw Failure(description: "unknown marker \(marker)") }
                return .date(Double(bitPattern: try bounded(offset + 1, 8)))
            case 0x4:
                let (count, start) = try length(low, at: offset)
                _ = try bounded(start, count)
                return .data(Array(bytes[start..<(start + count)]))
            case 0x5:
                let (count, start) = try length(low, at: offset)
                _ = try bounded(start, count)
                return .string(String(decoding: bytes[start..<(start + count)], as: UTF8.self))
            case 0x6:
                let (count, start) = try length(low, at: offset)
                _ = try bounded(start, count * 2)
                let units = (0..<count).map { UInt16(bytes[start + $0 * 2]) << 8 | UInt16(bytes[start + $0 * 2 + 1]) }
                return .string(String(decoding: units, as: UTF16.self))
            case 0x8:
                return .uid(try bounded(offset + 1, low + 1))
            case 0xA, 0xC:
                let (count, start) = try length(low, at: offset)
                let children = try references(count, at: start).map { (child) throws(Failure) in
                    try object(child, path: &path)
                }
                return marker >> 4 == 0xA ? .array(children) : .set(children)
            case 0xD:
                let (count, start) = try length(low, at: offset)
                let all = try references(count * 2, at: start)
                var entries: [PropertyListValue.Entry] = []
                for index in 0..<count {
                    entries.append(
                        .init(try object(all[index], path: &path), try object(all[count + index], path: &path)))
                }
                return .dictionary(entries)
            default:
                throw Failure(description: "unknown marker \(marker)")
            }
        }

        private func length(_ low: Int, at offset: Int) throws(Failure) -> (Int, Int) {
            guard low == 0x0F else { return (low, offset + 1) }
            guard offset + 1 < tableOffset, bytes[offset + 1] >> 4 == 0x1, bytes[offset + 1] & 0x0F <= 3 else {
                throw Failure(description: "bad length marker")
            }
            let size = 1 << Int(bytes[offset + 1] & 0x0F)
            let count = try bounded(offset + 2, size)
            guard count <= UInt64(bytes.count) else { throw Failure(description: "length out of range") }
            return (Int(count), offset + 2 + size)
        }

        private func references(_ count: Int, at start: Int) throws(Failure) -> [Int] {
            _ = try bounded(start, count * referenceSize)
            return (0..<count).map { Int(clamping: Self.uint(bytes, start + $0 * referenceSize, referenceSize)) }
        }
    }
}
