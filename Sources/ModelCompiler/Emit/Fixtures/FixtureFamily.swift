/// The rows a relationship to an entity may name (the entity's own and its subentities'), as runs of primary keys:
/// which object sits at a position and at which position an object sits are sums over a few runs, so a fixture of a
/// million rows per entity needs no table of them.
struct FixtureFamily {
    typealias Key = (primaryKey: Int, entity: Int)

    /// One concrete entity's rows: primary keys `first ..< first + count`, all of entity number `entity`.
    struct Segment {
        var entity: Int
        var first: Int
        var count: Int
    }

    /// The object a to-one names, and how many rows before this one name it too (an ordered inverse's position).
    struct Link {
        var key: Key
        var earlierLinks: Int
    }

    let segments: [Segment]
    let total: Int

    init(segments: [Segment]) {
        self.segments = segments
        total = segments.reduce(0) { $0 + $1.count }
    }

    /// The object at `position` (0 ..< total).
    func key(at position: Int) -> Key {
        var rest = position
        for segment in segments {
            if rest < segment.count { return Key(primaryKey: segment.first + rest, entity: segment.entity) }
            rest -= segment.count
        }
        preconditionFailure("position \(position) of \(total)")
    }

    /// The position of the object with `primaryKey`; nil when it is not one of the family's.
    func position(of primaryKey: Int) -> Int? {
        var before = 0
        for segment in segments {
            if primaryKey >= segment.first && primaryKey < segment.first + segment.count {
                return before + primaryKey - segment.first
            }
            before += segment.count
        }
        return nil
    }

    /// How many of the positions before `position` name the same object (position modulo `targets`), leaving out
    /// every position that is 5 modulo 7 when `skippingEverySeventh` (an optional relationship's empty ones).
    static func earlierLinks(position: Int, targets: Int, skippingEverySeventh: Bool) -> Int {
        let residue = position % targets, earlier = position / targets
        guard skippingEverySeventh else { return earlier }
        // Earlier positions are residue + j * targets, j < earlier. Unless targets is a multiple of 7, any seven
        // consecutive j meet each remainder modulo 7 once.
        var skipped: Int
        if targets % 7 == 0 {
            skipped = residue % 7 == 5 ? earlier : 0
        } else {
            skipped = earlier / 7
            for j in (earlier - earlier % 7)..<earlier where (residue + j * targets) % 7 == 5 { skipped += 1 }
        }
        return earlier - skipped
    }

    /// How often owners before `index` picked target `pick` in a join table where owner i picks targets
    /// i and i + 1 (modulo `targets`).
    static func timesPicked(_ pick: Int, before index: Int, targets: Int) -> Int {
        guard targets > 1 else { return index }
        /// Owners before `index` whose number is `residue` modulo `targets`.
        func owners(_ residue: Int) -> Int { residue < index ? (index - 1 - residue) / targets + 1 : 0 }
        return owners(pick) + owners((pick - 1 + targets) % targets)
    }
}
