/// Which added element a removed one looks renamed to. A hint tells the user to point the new element's renaming ID
/// at the old data, so a wrong one moves data into the wrong place: every candidate is weighed, an added element is
/// proposed for at most one removed element, and when two candidates are equally likely none is proposed.
enum RenameHints {
    /// Old index -> new index. `score` is nil for no candidate, higher for a likelier one. A pair is kept when the new
    /// element is the old one's only best candidate and the old one is, strictly, the best of those that chose it.
    static func assign(old: Int, new: Int, score: (Int, Int) -> Int?) -> [Int: Int] {
        var choice: [Int: (new: Int, score: Int)] = [:]
        for i in 0..<old {
            var best: (new: Int, score: Int)?, tied = false
            for j in 0..<new {
                guard let value = score(i, j) else { continue }
                if value > best?.score ?? .min {
                    best = (j, value)
                    tied = false
                } else if value == best?.score {
                    tied = true
                }
            }
            if let best, !tied { choice[i] = best }
        }
        var byNew: [Int: [(old: Int, score: Int)]] = [:]
        for (i, picked) in choice { byNew[picked.new, default: []].append((i, picked.score)) }
        var result: [Int: Int] = [:]
        for (j, suitors) in byNew {
            let top = suitors.map(\.score).max()!
            let best = suitors.filter { $0.score == top }
            if best.count == 1 { result[best[0].old] = j }
        }
        return result
    }

    /// An entity's stored properties as name -> kind (an attribute's type, a relationship's destination), worked out
    /// once per entity rather than for every pair of candidates.
    static func signature(_ entity: Entity) -> [String: String] {
        var result: [String: String] = [:]
        for attribute in entity.attributes where attribute.isStored {
            result[attribute.name] = result[attribute.name] ?? "a:" + (attribute.type?.rawValue ?? "")
        }
        for relationship in entity.relationships where relationship.isStored {
            result[relationship.name] = result[relationship.name] ?? "r:" + (relationship.destinationEntityName ?? "")
        }
        return result
    }

    /// An added entity as a removed one's new name: the share of stored properties the two have under the same name
    /// and of the same kind (`signature`), in thousandths of the larger count; at least half, or no candidate.
    static func entityScore(_ old: [String: String], _ new: [String: String]) -> Int? {
        guard !old.isEmpty || !new.isEmpty else { return nil }
        let shared = old.count { name, kind in new[name] == kind }
        let score = shared * 1000 / max(old.count, new.count)
        return score >= 500 ? score : nil
    }

    /// An added property as a removed one's new name: same kind, a name alike (`NameLikeness.tier`); among
    /// relationships, the one whose inverse is the old inverse is likelier.
    static func propertyScore(_ old: Property, _ new: Property) -> Int? {
        guard sameKind(old, new), let tier = NameLikeness.tier(old.name, new.name) else { return nil }
        var score = tier * 2
        if case .relationship(let a) = old, case .relationship(let b) = new, a.inverseName != nil,
            a.inverseName == b.inverseName
        {
            score += 1
        }
        return score
    }

    static func sameKind(_ a: Property, _ b: Property) -> Bool {
        switch (a, b) {
        case let (.attribute(x), .attribute(y)): x.type == y.type
        case let (.relationship(x), .relationship(y)): x.destinationEntityName == y.destinationEntityName
        default: false
        }
    }
}
