/// Step by step, upgrade paths are a graph: each version to the next by inferred migration, plus the hops mapping
/// models cover (a mapping model from 'V1' to 'V5' is one step). A store of every supported version must reach the
/// current one; where a route breaks (a step that cannot be inferred and that no mapping model covers), the stores
/// that take it cannot open.
struct UpgradeRoutes {
    /// Where routes break: the step, the changes that stop it, and the versions whose route reaches it.
    struct Break {
        var source: String
        var target: String
        var changes: [MigrationChange]
        var stranded: [String]
    }

    /// Versions whose route takes a mapping model's hop: the version, the hop's destination and its file.
    private(set) var viaMappingModels: [(from: String, to: String, mappingModel: String)] = []
    private(set) var breaks: [Break] = []

    /// `blocking(source, target)`: the changes of that consecutive step that cannot be inferred (empty: it can).
    init(
        order: [String], current: String, sources: [String], hops: [MappingModelRule.Hop],
        blocking: (String, String) -> [MigrationChange]
    ) {
        guard let end = order.firstIndex(of: current) else { return }
        let index = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var breakIndex: [Int: Int] = [:]
        var usedHops = Set<String>()
        var steps: [Int: [MigrationChange]] = [:]
        for source in sources {
            guard var position = index[source], position < end else { continue }
            while position < end {
                let here = order[position]
                if let hop = hops.first(where: { $0.sources.contains(here) }), let next = index[hop.destination],
                    next > position, next <= end
                {
                    if usedHops.insert(here + "\u{0}" + hop.mappingModel).inserted {
                        viaMappingModels.append((here, hop.destination, hop.mappingModel))
                    }
                    position = next
                    continue
                }
                let blocked = steps[position] ?? blocking(here, order[position + 1])
                steps[position] = blocked
                if blocked.isEmpty {
                    position += 1
                    continue
                }
                if let existing = breakIndex[position] {
                    breaks[existing].stranded.append(source)
                } else {
                    breakIndex[position] = breaks.count
                    breaks.append(
                        Break(source: here, target: order[position + 1], changes: blocked, stranded: [source]))
                }
                break
            }
        }
    }
}

extension UpgradeRoutes {
    /// The finding for a break, at its first change: which stores are stranded, at which step, and why.
    static func diagnostic(_ broken: Break, current: String, severity: Severity) -> Diagnostic {
        let first = broken.changes[0]
        let stores =
            broken.stranded.count == 1
            ? "a store of '\(broken.stranded[0])'"
            : "stores of " + MappingModelRule.quoted(broken.stranded)
        var diagnostic = Diagnostic(
            severity, first.code,
            "\(stores) cannot reach '\(current)' step by step: "
                + "'\(broken.source)' -> '\(broken.target)' cannot be inferred (\(first.message)) and no mapping model "
                + "covers that step; add one, or set \"oldestSupportedVersion\" past it", at: first.location)
        diagnostic.upgradingFrom = broken.stranded
        diagnostic.subjects = broken.changes.map(\.subject)
        return diagnostic
    }
}
