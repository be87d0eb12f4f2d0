/// `check` says alike changes in one finding: the removals of properties seen at one version (the step that retired
/// them), the entities removed at one version, an entity's properties that change kind, or its attributes added as
/// required without a default.
/// Each stays a change of its own in the data (`Diagnostic.subjects`, acknowledgements, `diff`, `--history`).
enum GroupedChanges {
    /// What makes changes alike: their code, their place's file (the version they are seen at) and their scope.
    struct Key: Hashable {
        var code: DiagnosticCode
        var file: String
        var scope: String
    }

    /// A change as `check` reports it: its message without the pair, the sources whose paths it is on, and the
    /// subjects it covers.
    struct Finding {
        var change: MigrationChange
        var message: String
        var paths: [String]
        var subjects: [String]
        /// On an upgrade into a shipped version (the baseline): never merged with a finding that is not.
        var isHistory = false
        /// The advice `message` ends with ("; " before it), if any.
        var advice: String?
        /// The version the upgrade goes to.
        var target = ""
        /// How each subject reads in a list (filled by `merge`).
        var listings: [ChangeListing] = []

        /// The message without its advice.
        var statement: String {
            guard let advice, message.hasSuffix("; " + advice) else { return message }
            return String(message.dropLast(advice.count + 2))
        }
    }

    /// Alike findings merged into one at the place of the first of them (by line); the others kept as they are. Only
    /// findings on the same upgrade paths are alike: a grouped finding's paths are every subject's own.
    static func merge(_ findings: [Finding], order: [String]) -> [Finding] {
        struct Group: Hashable {
            var key: Key
            var paths: Set<String>
            var isHistory: Bool
        }
        func group(_ finding: Finding) -> Group? {
            key(finding.change).map { Group(key: $0, paths: Set(finding.paths), isHistory: finding.isHistory) }
        }
        var groups: [Group: [Finding]] = [:]
        for finding in findings { if let group = group(finding) { groups[group, default: []].append(finding) } }
        let rank = ranks(order)
        var merged: [Group: Finding] = [:]
        for (group, members) in groups where members.count > 1 {
            let sorted = byPlace(members)
            guard let (statement, advice) = message(group.key.code, sorted.compactMap(\.change.listing)) else {
                continue
            }
            let paths = inOrder(group.paths, rank)
            merged[group] = Finding(
                change: sorted[0].change, message: statement + (advice.map { "; " + $0 } ?? ""),
                paths: paths, subjects: sorted.flatMap(\.subjects), isHistory: group.isHistory,
                advice: advice, target: sorted[0].target, listings: sorted.compactMap(\.change.listing))
        }
        var result: [Finding] = [], placed: Set<Group> = []
        for var finding in findings {
            guard let group = group(finding), let merged = merged[group] else {
                finding.listings = finding.change.listing.map { [$0] } ?? []
                result.append(finding)
                continue
            }
            if placed.insert(group).inserted { result.append(merged) }
        }
        return mergeSteps(foldIntoMappingModelNeeds(result), order: order)
    }

    /// What to do about several retired attributes whose data is dropped.
    static let retiredAdvice =
        "if it matters, ship an interim version that declares both the old and the new attributes and copies the "
        + "data, then retire them"

    /// Each version's place in the history, for putting upgrade paths in version order.
    static func ranks(_ order: [String]) -> [String: Int] {
        Dictionary(order.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
    }

    /// `paths` in version order (a name outside the history last, by name).
    static func inOrder(_ paths: some Sequence<String>, _ rank: [String: Int]) -> [String] {
        paths.sorted { (rank[$0] ?? .max, $0) < (rank[$1] ?? .max, $1) }
    }

    /// Findings by their place in the file (line, then column).
    static func byPlace(_ findings: [Finding]) -> [Finding] {
        findings.sorted {
            ($0.change.location.line, $0.change.location.column) < ($1.change.location.line, $1.change.location.column)
        }
    }

    /// What a group of removals drops: "column ZA and column ZB of every Book row".
    static func losses(_ listings: [ChangeListing]) -> String {
        list(listings.map { $0.loss ?? "its data" }, limit: shownItems)
            + (listings.first?.rows.map { " of " + $0 } ?? "")
    }

    static func key(_ change: MigrationChange) -> Key? {
        change.listing.map { Key(code: change.code, file: change.location.file, scope: $0.scope) }
    }

    /// The one message for several alike changes and its advice, or nil for a code that is not listed with others.
    static func message(_ code: DiagnosticCode, _ listings: [ChangeListing]) -> (String, advice: String?)? {
        let names = list(listings.map(\.name), limit: shownItems)
        switch code {
        case .migrationDataDropped:
            let rows = listings.first?.rows ?? "every row"
            return (
                "\(names) are removed: their data is dropped from \(rows): "
                    + list(listings.map { $0.loss ?? "its data" }, limit: shownItems), retiredAdvice
            )
        case .migrationEntityDropped:
            let links = listings.flatMap(\.links)
            return (
                "entities \(names) are removed: every row of them in the store is dropped"
                    + (links.isEmpty ? "" : ", with the links to them from " + list(links, limit: shownItems)), nil
            )
        case .migrationRequiredWithoutDefault:
            return (
                "\(names) are added as non-optional without a default value: existing rows have no value "
                    + "(NSCocoaErrorDomain 134110)", "make them optional or give them defaults"
            )
        case .migrationKindChange:
            return (
                "\(names) change from an attribute to a relationship or back: inferred migration cannot turn one into "
                    + "the other", nil
            )
        default:
            return nil
        }
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// How many items a finding's text names before it says how many more: a step that retires thousands of
    /// attributes is one readable line (the finding's `subjects` still name every one).
    static let shownItems = 12

    /// `list`, past `shownItems` items "a, b, ... and 988 more".
    static func list(_ items: [String], limit: Int) -> String {
        guard items.count > limit else { return list(items) }
        return items.prefix(limit).joined(separator: ", ") + " and \(items.count - limit) more"
    }
}
