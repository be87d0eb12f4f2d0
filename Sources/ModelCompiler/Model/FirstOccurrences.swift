/// Names met one after another, each answered with where it was first met: how an entity's properties are told
/// apart (a name declared twice is a validation error, and everywhere else its first declaration counts). Most
/// entities have a few dozen names: those are found by looking back over the names' first eight bytes (one number
/// each), whole names compared only where those agree, with no hashing. Past `lookBackLimit` names, or once a name
/// is not ASCII (where equal names, as Swift compares them, can differ in bytes), a dictionary takes over.
struct FirstOccurrences {
    static let lookBackLimit = 64

    /// While looking back: each name met, its first eight bytes and the position it was met at.
    private var names: [String] = [], prefixes: [UInt64] = [], places: [Int] = []
    /// Name -> position first met; nil while looking back.
    private var positions: [String: Int]?

    init(expecting count: Int) {
        if count > Self.lookBackLimit {
            positions = Dictionary(minimumCapacity: count)
        } else {
            names.reserveCapacity(count)
            prefixes.reserveCapacity(count)
            places.reserveCapacity(count)
        }
    }

    /// The position `name` was first met at; nil when it is new, and it is recorded as met at `position`.
    mutating func earlierPosition(of name: String, meeting position: Int) -> Int? {
        if positions == nil, !name.utf8.allSatisfy({ $0 < 0x80 }) { switchToDictionary() }
        guard positions == nil else {
            if let first = positions?[name] { return first }
            positions?[name] = position
            return nil
        }
        let prefix = Identifier.leadingBytes(name)
        if let index = prefixes.indices.first(where: { prefixes[$0] == prefix && names[$0] == name }) {
            return places[index]
        }
        names.append(name)
        prefixes.append(prefix)
        places.append(position)
        return nil
    }

    private mutating func switchToDictionary() {
        var positions: [String: Int] = [:]
        for (name, place) in zip(names, places) { positions[name] = place }
        self.positions = positions
        (names, prefixes, places) = ([], [], [])
    }
}
