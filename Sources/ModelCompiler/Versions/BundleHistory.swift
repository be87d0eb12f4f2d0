/// The Versions stage of one bundle: the pointer checks, the shipped record and its verdicts, and the
/// migration analysis from every shipped (else every earlier) version to the current one. Works on the
/// compiled versions only: nothing here hashes or archives.
struct BundleHistory: Sendable {
    let record: ShippedRecordFile
    let diagnostics: [Diagnostic]

    static func analyze(_ source: ModelBundleSource, current: CurrentVersion?, versions: [CompiledVersion],
                        advice: CommandAdvice = .commandLine, detail: FindingDetail = .summary,
                        plan: UpgradePlan = UpgradePlan()) -> BundleHistory {
        let record = ShippedRecordFile(source.shippedRecord)
        var diagnostics = CurrentVersionRule.check(source)
        diagnostics += ShippedVersionRule.check(source, record: record, versions: versions, advice: advice)
        diagnostics += MigrationHistoryRule.check(source, current: current, versions: versions,
                                                  shipped: record.record.map { Set($0.versions.keys) }, detail: detail,
                                                  plan: plan)
        return BundleHistory(record: record, diagnostics: diagnostics)
    }
}
