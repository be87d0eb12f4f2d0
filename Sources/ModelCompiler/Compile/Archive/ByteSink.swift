/// Where property-list bytes go: a growing array, or `BoundedBytes`, room sized beforehand. One encoder writes both,
/// so the two layouts never differ.
protocol ByteSink {
    var count: Int { get }
    mutating func append(_ byte: UInt8)
    mutating func append<Bytes: Collection<UInt8>>(contentsOf bytes: Bytes)
    /// The low `size` bytes of `value`, most significant first.
    mutating func appendBigEndian(_ value: UInt64, size: Int)
}

extension ByteSink {
    mutating func appendBigEndian(_ value: UInt64, size: Int) {
        var shift = (size - 1) * 8
        while shift >= 0 {
            append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }
}

extension [UInt8]: ByteSink {}

/// Bytes written into room allocated once: appending to an array checks its capacity and uniqueness per byte, which
/// was most of what laying out a large archive cost. Writing past the room (a bound worked out wrong) stops the
/// program instead of corrupting memory.
struct BoundedBytes: ByteSink {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private(set) var count = 0

    /// Runs `write` on `capacity` bytes of room and returns what it wrote.
    static func bytes(capacity: Int, _ write: (inout BoundedBytes) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            var output = BoundedBytes(base: buffer.baseAddress!, capacity: buffer.count)
            write(&output)
            initialized = output.count
        }
    }

    private init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    mutating func append(_ byte: UInt8) {
        precondition(count < capacity, "property list larger than its bound")
        base[count] = byte
        count &+= 1
    }

    mutating func append<Bytes: Collection<UInt8>>(contentsOf bytes: Bytes) {
        let copied: Void? = bytes.withContiguousStorageIfAvailable { source in
            precondition(capacity - count >= source.count, "property list larger than its bound")
            if let from = source.baseAddress { (base + count).update(from: from, count: source.count) }
            count &+= source.count
        }
        if copied == nil { for byte in bytes { append(byte) } }
    }

    /// One store for the sizes a property list uses: an archive is mostly 4-byte object references.
    mutating func appendBigEndian(_ value: UInt64, size: Int) {
        precondition(size >= 0 && capacity - count >= size, "property list larger than its bound")
        let target = UnsafeMutableRawPointer(base + count)
        switch size {
        case 1: target.storeBytes(of: UInt8(truncatingIfNeeded: value), as: UInt8.self)
        case 2: target.storeBytes(of: UInt16(truncatingIfNeeded: value).bigEndian, as: UInt16.self)
        case 4: target.storeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, as: UInt32.self)
        case 8: target.storeBytes(of: value.bigEndian, as: UInt64.self)
        default:
            for index in 0..<size {
                target.storeBytes(
                    of: UInt8(truncatingIfNeeded: value >> UInt64(8 * (size - 1 - index))),
                    toByteOffset: index, as: UInt8.self)
            }
        }
        count &+= size
    }
}
