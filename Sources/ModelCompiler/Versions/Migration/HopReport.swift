extension MigrationReport {
    /// What migrating a store of `source` to `target` does: the custom migration of a mapping model that covers the
    /// pair (what it drops), else what inferred migration does. `diff` and the SwiftData migration plan both say it.
    static func hop(
        _ source: CompiledVersion, _ target: CompiledVersion, hops: [MappingModelRule.Hop],
        history: [ManagedObjectModel]
    ) -> MigrationReport {
        guard let hop = hops.first(where: { $0.covers(source.versionName, target.versionName) }) else {
            return MigrationAnalyzer.analyze(from: source, to: target, history: history)
        }
        var report = MigrationReport(
            from: source.versionName, to: target.versionName,
            changes: MappingDrops.changes(hop, from: source, to: target))
        report.mappingModel = hop.mappingModel
        return report
    }

    /// The report with each data drop marked with the reason the team recorded for it, if any.
    func acknowledged(by acknowledgements: Acknowledgements) -> MigrationReport {
        var report = self
        for index in report.changes.indices where report.changes[index].verdict == .dataLoss {
            report.changes[index].acknowledgement = acknowledgements.reason(for: report.changes[index].subject)
        }
        return report
    }
}
