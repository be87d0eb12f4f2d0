/// What `check` and `compile` say about migrations: from every shipped version (every earlier version when
/// nothing is marked shipped) to the current one, the changes that fail at launch or drop data, and
/// renaming IDs that name nothing earlier. Like the pointer checks, a migration that cannot be inferred or that
/// drops data unacknowledged is an error once the bundle records shipped versions and a warning before (real
/// apps pair such versions with mapping models openmomc does not see). Findings on upgrades into shipped versions
/// are history (`ShippedBaseline`): notes that never fail the build.
enum MigrationHistoryRule {
    /// Two ways of saying one property's data is dropped: depending on the path, a removal may look like a rename.
    static let droppedData: Set<DiagnosticCode> = [.migrationDataDropped, .migrationProbableRename]

    /// A change's code for telling alike changes apart: the two ways of saying a drop are one (nil).
    static func kind(_ code: DiagnosticCode) -> DiagnosticCode? { droppedData.contains(code) ? nil : code }

    /// `shipped`: the names in a readable ShippedVersions.json, nil without one.
    static func check(
        _ bundle: ModelBundleSource, current: CurrentVersion?, versions: [CompiledVersion],
        shipped: Set<String>?, detail: FindingDetail = .summary, plan: UpgradePlan = UpgradePlan(),
        acknowledgements: Acknowledgements = Acknowledgements(), acknowledgementsFile: String? = nil,
        hops: [MappingModelRule.Hop] = []
    )
        -> (diagnostics: [Diagnostic], dropped: Set<String>, subjects: Set<String>)
    {
        guard bundle.layout == .versionedBundle, versions.count > 1, let current,
            versions.contains(where: { $0.versionName == current.name })
        else { return ([], [], []) }
        let order = bundle.versions.map(\.name)
        guard let currentIndex = order.firstIndex(of: current.name) else { return ([], [], []) }
        if let oldest = plan.oldestSupportedVersion, !order.contains(oldest) {
            return (
                [
                    .error(
                        .configurationInvalid,
                        "the oldest supported version '\(oldest)' is not a version of this "
                            + "bundle; the versions are " + order.map { "'\($0)'" }.joined(separator: ", "),
                        at: SourceLocation(file: plan.file ?? bundle.path))
                ], [], []
            )
        }
        // Mapping models that chain the last steps into the current version are only found step by step (Core Data
        // looks for one for the exact pair): such an app migrates that way, unless openmomc.json says otherwise.
        var plan = plan
        if !plan.isStyleChosen, plan.style == .direct, let start = chainStart(order, current: currentIndex, hops: hops)
        {
            plan.style = .stepByStep
            plan.reason =
                "mapping models chain every step from '\(start)' to the current version, which only a "
                + "step-by-step migration runs; set \"migration\": \"direct\" in openmomc.json if the app opens older "
                + "stores directly"
        }
        let sources = Set(order[..<currentIndex].filter { shipped?.contains($0) ?? true })
        let editable = FrozenVersions.editable(bundle, current: current, shipped: shipped)
        let baseline = ShippedBaseline(shipped: shipped)
        let byName = Dictionary(versions.map { ($0.versionName, $0) }, uniquingKeysWith: { first, _ in first })
        // The upgrades the app has, then those into the newest shipped version (the baseline of a version in
        // development): findings on the second are history, and so are those the first repeat from them.
        let live = plan.pairs(order, versions: versions, current: current.name, sources: sources, editable: editable)
        let previous = baseline.shippedPairs(
            order, versions: byName, current: current.name, sources: sources, plan: plan)
        // A path a mapping model covers is a custom migration: its changes are the mapping model's, not inference's.
        // What it drops is said like any drop.
        var via: [(from: String, to: String, mappingModel: String)] = []
        var custom: [((CompiledVersion, CompiledVersion), [MigrationChange])] = []
        let pairs = (live + previous).filter { source, target in
            guard let hop = hops.first(where: { $0.covers(source.versionName, target.versionName) }) else {
                return true
            }
            if !via.contains(where: { $0.from == source.versionName && $0.to == target.versionName }) {
                via.append((source.versionName, target.versionName, hop.mappingModel))
            }
            custom.append(((source, target), MappingDrops.changes(hop, from: source, to: target)))
            return false
        }
        let severity: Severity = shipped == nil ? .warning : .error
        let models = versions.map(\.model)
        let historyEntities = Parallel.map(models.count) { models[$0].entitiesByName }
        var indexes: [String: StoredProperties] = [:]
        for (_, target) in pairs where indexes[target.versionName] == nil {
            indexes[target.versionName] = StoredProperties(target.model)
        }
        // Each path is analysed on its own (side by side); the findings are grouped in path order. The renaming IDs
        // are checked in one more job beside them (after them, one core idled while the other did it).
        var jobs = Parallel.map(pairs.count + 1) {
            [indexes] (position: Int) -> (changes: [MigrationChange], unknown: [Diagnostic]) in
            guard position < pairs.count else { return ([], UnknownRenamingIdentifiers.check(models)) }
            let (source, target) = pairs[position]
            return (
                MigrationAnalyzer.analyze(
                    from: source, to: target, history: models,
                    historyEntities: historyEntities,
                    destinationIndex: indexes[target.versionName],
                    lowestVerdict: .dataLoss
                ).changes, []
            )
        }
        // A renaming ID in a shipped version cannot be changed there: history, like the upgrades into it.
        let shippedFolders = bundle.versions.filter { baseline.isShipped($0.name) }.map { $0.directory + "/" }
        let unknownIdentifiers = jobs.removeLast().unknown.map { finding -> Diagnostic in
            guard shippedFolders.contains(where: finding.location.file.hasPrefix) else { return finding }
            var history = finding
            (history.severity, history.isHistory) = (.note, true)
            return history
        }
        let analysed = Array(zip(pairs, jobs.map(\.changes))) + custom
        // What each version's users already go through with the newest shipped version, by source.
        var shippedChanges: [String: [MigrationChange]] = [:]
        for ((source, target), changes) in analysed where baseline.isShipped(target.versionName) {
            shippedChanges[source.versionName, default: []] += changes
        }
        // One finding per change: by default the same change on many upgrade paths is one (at the newest source's
        // place for a removal, at the current version's for the rest); with `.history`, one per place, as found.
        var grouped: [GroupedChanges.Finding] = []
        var groups: [SameChange: Int] = [:]  // alike changes share a key (looking through every group was quadratic)
        for ((source, target), changes) in analysed {
            let prefix = "\(source.versionName) -> \(target.versionName): "
            let isHistory = baseline.isShipped(target.versionName)
            for change in changes where change.verdict >= .dataLoss || change.code == .migrationNumericConversion {
                if !isHistory, let old = shippedChanges[source.versionName], ShippedBaseline.isRepeated(change, in: old)
                {
                    continue
                }
                let message =
                    change.message.hasPrefix(prefix) ? String(change.message.dropFirst(prefix.count)) : change.message
                let key = SameChange(change, detail: detail, isHistory: isHistory)
                if let index = groups[key] {
                    // One source can report the same change twice (once per path to it): name each version once.
                    if !grouped[index].paths.contains(source.versionName) {
                        grouped[index].paths.append(source.versionName)
                    }
                    if detail == .summary { (grouped[index].change, grouped[index].message) = (change, message) }
                } else {
                    groups[key] = grouped.count
                    grouped.append(
                        GroupedChanges.Finding(
                            change: change, message: message, paths: [source.versionName],
                            subjects: [change.subject], isHistory: isHistory,
                            advice: change.advice, target: target.versionName))
                }
            }
        }
        // An accepted data drop is not repeated on every build; diff still lists it. One whose data is no longer
        // dropped on any checked path is stale: it would hide a future drop of the same name.
        let dropped = Set(grouped.filter { $0.change.verdict == .dataLoss }.map(\.change.subject))
        let subjects = Set(grouped.map(\.change.subject))
        grouped.removeAll { $0.change.verdict == .dataLoss && acknowledgements.reason(for: $0.change.subject) != nil }
        let stale = acknowledgements.acknowledged.filter { !subjects.contains($0.subject) }.map { entry in
            Diagnostic.warning(
                .acknowledgementStale,
                "the acknowledgement of '\(entry.subject)' names nothing that is "
                    + "dropped on the checked upgrade paths; remove it, or it would hide a later drop of that name",
                at: SourceLocation(file: acknowledgementsFile ?? bundle.path))
        }
        if detail == .summary { grouped = GroupedChanges.merge(grouped, order: order) }
        var diagnostics = grouped.map { finding -> Diagnostic in
            let change = finding.change
            guard finding.isHistory else {
                // Once versions are marked shipped, a drop on the way to the version in development fails the build
                // until it is fixed or acknowledged.
                let one = finding.subjects.count == 1
                let acknowledge = SuggestedCommand.acknowledge(bundle.path, subjects: finding.subjects)
                let intended =
                    change.verdict == .dataLoss
                    ? "; if the drop is intended, record \(one ? "it" : "each") with `" + acknowledge.text() + "`" : ""
                // An unverified conversion is a question to test, never a failed build.
                let level = change.code == .migrationNumericConversion ? .warning : severity
                var diagnostic = Diagnostic(
                    level, change.code,
                    finding.message + intended + " ("
                        + upgradePaths(finding.paths, in: order) + ")", at: change.location)
                (diagnostic.upgradingFrom, diagnostic.subjects) = (finding.paths, finding.subjects)
                return diagnostic.suggesting(acknowledge)
            }
            let remedy = ShippedBaseline.remedy(change.verdict, subjects: finding.subjects, bundle: bundle.path)
            var diagnostic = Diagnostic.note(
                change.code,
                finding.statement + "; " + remedy + " ("
                    + upgradePaths(finding.paths, in: order) + " to '\(finding.target)', shipped)", at: change.location)
            (diagnostic.upgradingFrom, diagnostic.subjects, diagnostic.isHistory) = (
                finding.paths, finding.subjects, true
            )
            return diagnostic.suggesting(.acknowledge(bundle.path, subjects: finding.subjects))
        }
        if plan.style == .stepByStep {
            let supported = order[
                (plan.oldestSupportedVersion.flatMap { order.firstIndex(of: $0) } ?? 0)..<currentIndex]
            let analysed = Set(pairs.map { $0.0.versionName + "\u{0}" + $0.1.versionName })
            let routes = UpgradeRoutes(
                order: order, current: current.name, sources: supported.filter(sources.contains),
                hops: hops
            ) { from, to in
                guard let source = byName[from], let target = byName[to] else { return [] }
                return MigrationAnalyzer.analyze(
                    from: source, to: target, history: models, historyEntities: historyEntities,
                    lowestVerdict: .notInferable
                ).changes.filter { $0.verdict == .notInferable }
            }
            via += routes.viaMappingModels
            // A step into a version still edited is analysed above, with its findings; the rest already shipped.
            for broken in routes.breaks where !analysed.contains(broken.source + "\u{0}" + broken.target) {
                var diagnostic = UpgradeRoutes.diagnostic(broken, current: current.name, severity: severity)
                if baseline.isShipped(broken.target) { (diagnostic.severity, diagnostic.isHistory) = (.note, true) }
                diagnostics.append(diagnostic)
            }
        }
        let history = (diagnostics + unknownIdentifiers).filter(\.isHistory)
        if detail == .summary, let summary = ShippedBaseline.summary(history, bundle: bundle.path) {
            diagnostics.append(summary)
        }
        if !diagnostics.isEmpty || !via.isEmpty {
            let mapped =
                via.isEmpty
                ? ""
                : "; with mapping models: "
                    + via.map {
                        "from '\($0.from)' via '\($0.mappingModel)' (to '\($0.to)')"
                    }.joined(separator: ", ")
            let keys =
                plan.style == .stepByStep
                ? "\"oldestSupportedVersion\""
                : "\"oldestSupportedVersion\" or \"migration\": \"step-by-step\""
            let settings =
                plan.file.map { "; settings from \($0)" }
                ?? "; an app that supports fewer sets \(keys) in openmomc.json"
            diagnostics.append(
                .note(
                    .upgradePaths, "upgrade paths checked: \(plan.description)\(mapped)\(settings)",
                    at: SourceLocation(file: bundle.path)))
        }
        diagnostics += stale + unknownIdentifiers
        return (diagnostics, dropped, subjects)
    }

    /// What makes two changes one finding: with `.history`, the same code at the same place about the same subject;
    /// by default the same subject and verdict, and the same code (a drop and a probable rename count as one).
    private struct SameChange: Hashable {
        let subject: String
        let verdict: MigrationVerdict?
        let code: DiagnosticCode?
        let location: SourceLocation?

        let isHistory: Bool

        init(_ change: MigrationChange, detail: FindingDetail, isHistory: Bool) {
            (subject, self.isHistory) = (change.subject, isHistory)
            if detail == .history {
                (verdict, code, location) = (nil, change.code, change.location)
            } else {
                (verdict, location) = (change.verdict, nil)
                code = MigrationHistoryRule.kind(change.code)
            }
        }
    }

    /// The first version of the run of two or more steps into the current version that mapping models cover, one
    /// step each; nil without one.
    static func chainStart(_ order: [String], current: Int, hops: [MappingModelRule.Hop]) -> String? {
        var start = current
        while start > 0, hops.contains(where: { $0.covers(order[start - 1], order[start]) }) { start -= 1 }
        return current - start >= 2 ? order[start] : nil
    }

    /// "upgrading from 'A'", or runs of consecutive sources as "'A' ... 'B'", with the count when there are several.
    static func upgradePaths(_ paths: [String], in order: [String]) -> String {
        let indexes = paths.compactMap { order.firstIndex(of: $0) }.sorted()
        var runs: [String] = [], start = 0
        while start < indexes.count {
            var end = start
            while end + 1 < indexes.count, indexes[end + 1] == indexes[end] + 1 { end += 1 }
            let first = order[indexes[start]], last = order[indexes[end]]
            runs.append(
                end == start ? "'\(first)'" : end == start + 1 ? "'\(first)', '\(last)'" : "'\(first)' ... '\(last)'")
            start = end + 1
        }
        let count = indexes.count > 2 ? ", \(indexes.count) versions" : ""
        return "upgrading from " + runs.joined(separator: ", ") + count
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let upgradePaths: DiagnosticCode = "upgrade-paths"
    static let acknowledgementStale: DiagnosticCode = "acknowledgement-stale"
}
