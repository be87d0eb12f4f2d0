extension GroupedChanges {
    /// Changes only a mapping model makes: whoever writes it decides about the rest of that entity's upgrade too.
    static let needingMappingModel: Set<DiagnosticCode> = [.migrationEntityMadeAbstract, .migrationKindChange]

    /// A removal whose every upgrade path already needs a mapping model for its entity is said in that finding: such
    /// an upgrade never runs by inference, so what inference would drop is the mapping model's to decide. One line,
    /// one remedy; the finding keeps the removal's subjects, and an acknowledged removal is not folded (it is gone).
    static func foldIntoMappingModelNeeds(_ findings: [Finding]) -> [Finding] {
        var result = findings, folded: Set<Int> = []
        for (index, finding) in findings.enumerated()
        where finding.change.code == .migrationDataDropped && !finding.isHistory {
            guard let scope = finding.listings.first?.scope, finding.listings.allSatisfy({ $0.scope == scope }),
                let host = findings.firstIndex(where: {
                    needingMappingModel.contains($0.change.code) && !$0.isHistory && entity($0) == scope
                        && Set(finding.paths).isSubset(of: $0.paths)
                })
            else { continue }
            let names = list(finding.listings.map(\.name), limit: shownItems)
            let losses = list(finding.listings.map { $0.loss ?? "its data" }, limit: shownItems)
            let rows = finding.listings.first?.rows.map { " of " + $0 } ?? ""
            let fold =
                "; \(names) \(finding.listings.count == 1 ? "is" : "are") removed on this upgrade too, and the mapping model it needs decides "
                + "what becomes of \(losses)\(rows)"
            let statement = result[host].statement + fold
            result[host].message = statement + (result[host].advice.map { "; " + $0 } ?? "")
            result[host].subjects += finding.subjects
            folded.insert(index)
        }
        return result.indices.filter { !folded.contains($0) }.map { result[$0] }
    }

    /// The entity a change is about: its listing's scope, or the entity itself for a change to one.
    private static func entity(_ finding: Finding) -> String {
        finding.listings.first?.scope.nonEmpty ?? finding.change.subject
    }

    /// The removals seen at one version are the step that retired them: one finding across entities and upgrade
    /// paths, each group of it with its own paths, the finding's paths all of theirs.
    static func mergeSteps(_ findings: [Finding], order: [String]) -> [Finding] {
        struct Step: Hashable {
            var file: String
        }
        func step(_ finding: Finding) -> Step? {
            finding.change.code == .migrationDataDropped && !finding.isHistory && !finding.listings.isEmpty
                ? Step(file: finding.change.location.file) : nil
        }
        var members: [Step: [Int]] = [:]
        for (index, finding) in findings.enumerated() {
            if let step = step(finding) { members[step, default: []].append(index) }
        }
        let rank = Dictionary(order.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
        var merged: [Int: Finding] = [:], absorbed: Set<Int> = []
        for indexes in members.values where indexes.count > 1 {
            let place = { (finding: Finding) in (finding.change.location.line, finding.change.location.column) }
            let parts = indexes.map { findings[$0] }.sorted { place($0) < place($1) }
            let listings = parts.flatMap(\.listings)
            // Parts on the same paths say them once; when every part is on the same paths, the finding's own say them.
            var byPaths: [(paths: [String], losses: [String])] = []
            for part in parts {
                let rows = part.listings.first?.rows.map { " of " + $0 } ?? ""
                let loss = list(part.listings.map { $0.loss ?? "its data" }, limit: shownItems) + rows
                if let index = byPaths.firstIndex(where: { Set($0.paths) == Set(part.paths) }) {
                    byPaths[index].losses.append(loss)
                } else {
                    byPaths.append((part.paths, [loss]))
                }
            }
            let described = byPaths.map { group in
                list(group.losses, limit: shownItems)
                    + (byPaths.count == 1 ? "" : " when " + MigrationHistoryRule.upgradePaths(group.paths, in: order))
            }
            let advice =
                "if it matters, ship an interim version that declares both the old and the new attributes and copies "
                + "the data, then retire them"
            let paths = Set(parts.flatMap(\.paths)).sorted { (rank[$0] ?? .max, $0) < (rank[$1] ?? .max, $1) }
            merged[indexes.min()!] = Finding(
                change: parts[0].change,
                message: "\(list(listings.map(\.name), limit: shownItems)) are removed, and their data is dropped: "
                    + described.prefix(shownItems).joined(separator: "; ")
                    + (described.count > shownItems ? "; and on \(described.count - shownItems) more paths" : "")
                    + "; " + advice,
                paths: paths, subjects: parts.flatMap(\.subjects), advice: advice, target: parts[0].target,
                listings: listings)
            absorbed.formUnion(indexes)
        }
        return findings.indices.compactMap { index in
            merged[index] ?? (absorbed.contains(index) ? nil : findings[index])
        }
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
