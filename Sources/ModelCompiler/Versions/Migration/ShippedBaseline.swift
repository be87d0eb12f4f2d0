/// The shipped record is the baseline, as a linter's baseline is for old code: a finding on an upgrade into a version
/// that already shipped describes what users went through (or are stuck with), so it never fails the build by
/// itself. Only upgrades into a version not yet shipped (the one being developed) are live, and of those only the
/// changes that the newest shipped version did not already make: the rest are that version's history again.
struct ShippedBaseline {
    /// The versions in `ShippedVersions.json`; nil without a record (then nothing is history).
    let shipped: Set<String>?

    func isShipped(_ version: String) -> Bool { shipped?.contains(version) ?? false }

    /// Direct upgrades into the newest shipped version before `current` when `current` is not shipped: what users
    /// of each older version already go through with the app that shipped. A live upgrade from the same version is
    /// compared with it, so that only what the version in development adds is live.
    func shippedPairs(
        _ order: [String], versions byName: [String: CompiledVersion], current: String,
        sources: Set<String>, plan: UpgradePlan
    ) -> [(CompiledVersion, CompiledVersion)] {
        guard let shipped, plan.style == .direct, !shipped.contains(current),
            let currentIndex = order.firstIndex(of: current),
            let previousIndex = order[..<currentIndex].lastIndex(where: shipped.contains),
            let target = byName[order[previousIndex]]
        else { return [] }
        let oldest = plan.oldestSupportedVersion.flatMap { order.firstIndex(of: $0) } ?? 0
        return order[..<previousIndex].enumerated().compactMap { index, name in
            guard index >= oldest, sources.contains(name), let source = byName[name] else { return nil }
            return (source, target)
        }
    }

    /// Whether `change`, found on a live upgrade, is one the shipped upgrade from the same version already makes:
    /// the same kind of change about the same subject (a rename in the new version may rename the subject, so the
    /// same place counts too; a removal's place is in the source, the same on both upgrades).
    static func isRepeated(_ change: MigrationChange, in shippedChanges: [MigrationChange]) -> Bool {
        let kind = MigrationHistoryRule.kind(change.code)
        return shippedChanges.contains { old in
            MigrationHistoryRule.kind(old.code) == kind
                && old.verdict == change.verdict && (old.subject == change.subject || old.location == change.location)
        }
    }

    /// What a team can do about a finding on an upgrade that shipped: never an edit of a shipped version.
    static func remedy(_ verdict: MigrationVerdict, subjects: [String], bundle: String) -> String {
        switch verdict {
        case .notInferable:
            return "this upgrade shipped already: to rescue stores that have not taken it, add a new version with a "
                + "mapping model from their version, or set \"oldestSupportedVersion\" past them in openmomc.json"
        case .inferable, .noMigrationNeeded:
            // An unverified numeric conversion: the stores that took it show what it did.
            return "this upgrade shipped already: a store of the old version upgraded on a device shows what the "
                + "conversion did (`openmomc fixtures` writes one)"
        default:
            return "this upgrade shipped already: to keep the data of stores that have not taken it, add a new version "
                + "with a mapping model that carries it; if the drop was intended, record it with `"
                + SuggestedCommand.acknowledge(bundle, subjects: subjects).text() + "`"
        }
    }

    /// One note for every finding on upgrades into shipped versions, by code, when they are summed up.
    static func summary(_ history: [Diagnostic], bundle: String) -> Diagnostic? {
        guard !history.isEmpty else { return nil }
        var byCode: [String: Int] = [:]
        for finding in history { byCode[finding.code.rawValue, default: 0] += 1 }
        let codes = byCode.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let count = history.count == 1 ? "1 finding" : "\(history.count) findings"
        return .note(
            .shippedUpgradeFindings,
            "\(count) on upgrades into shipped versions (\(codes)): they describe "
                + "what users already went through and do not fail the build; `openmomc check --history` lists them",
            at: SourceLocation(file: bundle))
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let shippedUpgradeFindings: DiagnosticCode = "shipped-upgrade-findings"
}
