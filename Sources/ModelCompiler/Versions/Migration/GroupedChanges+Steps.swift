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
            let fold =
                "; \(names) \(finding.listings.count == 1 ? "is" : "are") removed on this upgrade too, and the "
                + "mapping model it needs decides what becomes of \(losses(finding.listings))"
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
        // Removals are seen at the version that last has them: one file, one step.
        var members: [String: [Int]] = [:]
        for (index, finding) in findings.enumerated()
        where finding.change.code == .migrationDataDropped && !finding.isHistory && !finding.listings.isEmpty {
            members[finding.change.location.file, default: []].append(index)
        }
        let rank = ranks(order)
        var merged: [Int: Finding] = [:], absorbed: Set<Int> = []
        for indexes in members.values where indexes.count > 1 {
            let parts = byPlace(indexes.map { findings[$0] })
            let listings = parts.flatMap(\.listings)
            // Parts on the same paths say them once; when every part is on the same paths, the finding's own say them.
            var byPaths: [(paths: [String], losses: [String])] = []
            for part in parts {
                if let index = byPaths.firstIndex(where: { Set($0.paths) == Set(part.paths) }) {
                    byPaths[index].losses.append(losses(part.listings))
                } else {
                    byPaths.append((part.paths, [losses(part.listings)]))
                }
            }
            let described = byPaths.map { group in
                list(group.losses, limit: shownItems)
                    + (byPaths.count == 1 ? "" : " when " + MigrationHistoryRule.upgradePaths(group.paths, in: order))
            }
            let paths = inOrder(Set(parts.flatMap(\.paths)), rank)
            merged[indexes.min()!] = Finding(
                change: parts[0].change,
                message: "\(list(listings.map(\.name), limit: shownItems)) are removed, and their data is dropped: "
                    + described.prefix(shownItems).joined(separator: "; ")
                    + (described.count > shownItems ? "; and on \(described.count - shownItems) more paths" : "")
                    + "; " + retiredAdvice,
                paths: paths, subjects: parts.flatMap(\.subjects), advice: retiredAdvice, target: parts[0].target,
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
