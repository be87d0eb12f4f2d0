import CSHA256

/// SHA-256 (FIPS 180-4), the digest Core Data's version hashes use. Written here because the project
/// depends on nothing beyond the toolchain (CryptoKit is Apple-only, swift-crypto is an outside package). The
/// rounds run on the CPU's SHA instructions where it has them (`CSHA256`), else in the portable Swift below.
struct SHA256: Sendable {
    // A tuple, not an array: no heap storage and no uniqueness check on every update of a block.
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
    )
    /// The partial block waiting for more input, inline: a hasher per property must not allocate.
    private var block: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var pending = 0
    /// Whether this hasher's rounds run on the CPU's SHA instructions.
    let usesCPUInstructions: Bool

    /// Whether this CPU runs SHA-256's rounds itself; asked once per process.
    static let hasExtensions = openmomc_sha256_accelerated() != 0

    /// `accelerated`: false takes the portable rounds even where the CPU has its own (the tests compare the two).
    init(accelerated: Bool = SHA256.hasExtensions) { usesCPUInstructions = accelerated && SHA256.hasExtensions }

    static func hash<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        // Contiguous input (arrays, UTF-8 views) is consumed a block at a time; anything else byte by byte.
        let handled: Void? = bytes.withContiguousStorageIfAvailable { update(contiguous: $0) }
        guard handled == nil else { return }
        for byte in bytes { update(byte: byte) }
    }

    mutating func update(byte: UInt8) {
        withUnsafeMutableBytes(of: &block) { $0[pending] = byte }
        pending += 1
        if pending == 64 { compressPending() }
    }

    /// A 32-bit value as 4 little-endian bytes.
    mutating func update(littleEndian value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { update(byte: UInt8(truncatingIfNeeded: value &>> UInt32(shift))) }
    }

    private mutating func update(contiguous bytes: UnsafeBufferPointer<UInt8>) {
        var offset = 0
        while offset < bytes.count {
            if pending == 0, bytes.count - offset >= 64 {
                compressBlock(UnsafeBufferPointer(rebasing: bytes[offset..<(offset + 64)]))
                offset += 64
                continue
            }
            let take = min(64 - pending, bytes.count - offset)
            let start = pending
            withUnsafeMutableBytes(of: &block) { raw in
                for index in 0..<take { raw[start + index] = bytes[offset + index] }
            }
            pending += take
            offset += take
            if pending == 64 { compressPending() }
        }
    }

    private mutating func compressPending() {
        var full = block
        withUnsafeBytes(of: &full) { raw in compressBlock(raw.bindMemory(to: UInt8.self)) }
        pending = 0
    }

    mutating func update(_ string: String) {
        var string = string
        string.withUTF8 { update(contiguous: $0) }
    }

    /// The 32-byte digest. The hasher is spent afterwards.
    mutating func finalize() -> [UInt8] {
        let words = finishedState()
        return [UInt8](unsafeUninitializedCapacity: 32) { digest, count in
            Self.store(words, into: UnsafeMutableRawBufferPointer(digest))
            count = 32
        }
    }

    /// The digest held inline, not in an array: a model's hasher keeps one per property, and an array each (made,
    /// counted and freed) cost more than SHA-256's rounds on the CPU's own instructions.
    struct Digest: Equatable, Sendable {
        /// The 32 bytes in order, in memory.
        fileprivate var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        var bytes: [UInt8] { withUnsafeBytes(of: words) { Array($0) } }

        static func == (lhs: Digest, rhs: Digest) -> Bool {
            lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
                && lhs.words.3 == rhs.words.3
        }
    }

    /// The digest, held inline. The hasher is spent afterwards.
    mutating func finalizeDigest() -> Digest {
        let words = finishedState()
        var digest = Digest()
        withUnsafeMutableBytes(of: &digest.words) { Self.store(words, into: $0) }
        return digest
    }

    mutating func update(_ digest: Digest) {
        var words = digest.words
        withUnsafeBytes(of: &words) { update(contiguous: $0.bindMemory(to: UInt8.self)) }
    }

    /// The digest fed straight into `outer`, with no array made for it: a property's hash begins with the hash of
    /// its name and flags, and an array per digest was a sixth of hashing beside SHA-256 itself.
    mutating func finalize(into outer: inout SHA256) {
        let words = finishedState()
        var digest: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digest) { Self.store(words, into: $0) }
        withUnsafeBytes(of: &digest) { outer.update(contiguous: $0.bindMemory(to: UInt8.self)) }
    }

    /// The state words big-endian, as the digest's 32 bytes.
    private static func store(
        _ words: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32),
        into digest: UnsafeMutableRawBufferPointer
    ) {
        withUnsafeBytes(of: words) { raw in
            let values = raw.bindMemory(to: UInt32.self)
            for index in 0..<8 {
                digest.storeBytes(of: values[index].bigEndian, toByteOffset: index * 4, as: UInt32.self)
            }
        }
    }

    /// The state after the padding and length: the digest's words.
    private mutating func finishedState() -> (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) {
        let bitLength = totalLength &* 8
        // Padding is written into the block in place: a byte at a time it cost more than the last block.
        withUnsafeMutableBytes(of: &block) { raw in
            raw[pending] = 0x80
            for index in (pending + 1)..<64 { raw[index] = 0 }
        }
        if pending >= 56 {
            compressPending()
            withUnsafeMutableBytes(of: &block) { raw in for index in 0..<56 { raw[index] = 0 } }
        }
        withUnsafeMutableBytes(of: &block) { raw in
            raw.storeBytes(of: bitLength.bigEndian, toByteOffset: 56, as: UInt64.self)
        }
        compressPending()
        return state
    }

    /// Bytes seen so far: the blocks compressed plus what waits in the buffer.
    private var totalLength: UInt64 { blocks &* 64 &+ UInt64(pending) }
    private var blocks: UInt64 = 0

    private static let k: [UInt32] = withUnsafeBytes(of: openmomc_sha256_round_constants) {
        Array($0.bindMemory(to: UInt32.self))
    }

    private mutating func compressBlock(_ block: UnsafeBufferPointer<UInt8>) {
        blocks &+= 1
        if usesCPUInstructions {
            // Eight UInt32s in a homogeneous tuple are laid out as an array of them.
            withUnsafeMutableBytes(of: &state) { words in
                openmomc_sha256_blocks(words.baseAddress!.assumingMemoryBound(to: UInt32.self), block.baseAddress!, 1)
            }
            return
        }
        // The message schedule lives on the stack: one heap allocation per block dominated hashing.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in compress(block, schedule: w) }
    }

    private mutating func compress(_ block: UnsafeBufferPointer<UInt8>, schedule w: UnsafeMutableBufferPointer<UInt32>)
    {
        let raw = UnsafeRawBufferPointer(block)
        for i in 0..<16 { w[i] = UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)) }
        for i in 16..<64 {
            let s0 = w[i &- 15].rotatedRight(7) ^ w[i &- 15].rotatedRight(18) ^ (w[i &- 15] &>> 3)
            let s1 = w[i &- 2].rotatedRight(17) ^ w[i &- 2].rotatedRight(19) ^ (w[i &- 2] &>> 10)
            w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
        }
        var a = state.0, b = state.1, c = state.2, d = state.3
        var e = state.4, f = state.5, g = state.6, h = state.7
        /// One round, written so that eight in a row rename the working variables instead of moving them.
        @inline(__always) func round(
            _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32,
            _ g: UInt32, _ h: inout UInt32, _ kw: UInt32
        ) {
            let t1 = h &+ (e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)) &+ (g ^ (e & (f ^ g))) &+ kw
            let t2 = (a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)) &+ ((a & b) | (c & (a | b)))
            d = d &+ t1
            h = t1 &+ t2
        }
        Self.k.withUnsafeBufferPointer { k in
            var i = 0
            while i < 64 {
                round(a, b, c, &d, e, f, g, &h, k[i] &+ w[i])
                round(h, a, b, &c, d, e, f, &g, k[i &+ 1] &+ w[i &+ 1])
                round(g, h, a, &b, c, d, e, &f, k[i &+ 2] &+ w[i &+ 2])
                round(f, g, h, &a, b, c, d, &e, k[i &+ 3] &+ w[i &+ 3])
                round(e, f, g, &h, a, b, c, &d, k[i &+ 4] &+ w[i &+ 4])
                round(d, e, f, &g, h, a, b, &c, k[i &+ 5] &+ w[i &+ 5])
                round(c, d, e, &f, g, h, a, &b, k[i &+ 6] &+ w[i &+ 6])
                round(b, c, d, &e, f, g, h, &a, k[i &+ 7] &+ w[i &+ 7])
                i &+= 8
            }
        }
        state = (
            state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g,
            state.7 &+ h
        )
    }
}

extension UInt32 {
    // Masking shifts: the smart shifts' overshift checks doubled the cost of a block.
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 { (self &>> count) | (self &<< (32 &- count)) }
}
