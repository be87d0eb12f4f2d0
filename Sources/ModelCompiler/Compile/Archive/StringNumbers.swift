/// Numbers the distinct strings of an archive in the order they are first given, strings equal as Swift compares
/// them (canonically equivalent) sharing one number, as they always have. Nearly every string of a model is ASCII:
/// those are found in an open-addressing table hashed over their bytes (FNV-1a), far cheaper than a dictionary's
/// SipHash, which was a tenth of writing an archive. Every string is also kept in a dictionary, consulted for the
/// others and whenever the table misses (an ASCII string can equal a non-ASCII one: U+212A KELVIN SIGN is "K").
struct StringNumbers {
    /// The strings by number.
    private(set) var strings: [String] = []
    /// Numbers of ASCII strings, -1 where empty; the count is a power of two, at most half full.
    private var slots = [Int32](repeating: -1, count: 64)
    /// By number: the string's hash (ASCII strings only), to grow the table without hashing again.
    private var hashes: [UInt64] = []
    private var asciiCount = 0
    private var others: [String: Int] = [:]

    var count: Int { strings.count }

    /// The string's number, given one if it is new.
    mutating func number(_ text: String) -> Int {
        var text = text
        let (hash, isASCII) = text.withUTF8 { bytes -> (UInt64, Bool) in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325, high: UInt8 = 0
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3
                high |= byte
            }
            return (hash, high < 0x80)
        }
        guard isASCII else {
            if let known = others[text] { return known }
            return append(text, hash: 0)
        }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let number = Int(slots[slot])
            if hashes[number] == hash, strings[number] == text { return number }
            slot = (slot + 1) & mask
        }
        if let known = others[text] { return known }
        let number = append(text, hash: hash)
        slots[slot] = Int32(number)
        asciiCount += 1
        if asciiCount * 2 > slots.count { grow() }
        return number
    }

    private mutating func append(_ text: String, hash: UInt64) -> Int {
        // Numbers are 4 bytes in the table (and in the archive's keys): a version has fewer strings than bytes.
        precondition(strings.count < Int32.max, "too many strings for one archive")
        let number = strings.count
        strings.append(text)
        hashes.append(hash)
        others[text] = number
        return number
    }

    private mutating func grow() {
        var grown = [Int32](repeating: -1, count: slots.count * 2)
        let mask = grown.count - 1
        for number in slots where number >= 0 {
            var slot = Int(truncatingIfNeeded: hashes[Int(number)]) & mask
            while grown[slot] >= 0 { slot = (slot + 1) & mask }
            grown[slot] = number
        }
        slots = grown
    }
}
