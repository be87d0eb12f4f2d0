#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `mark-shipped`: records versions in `ShippedVersions.json`: `versions` by name, with `all` every version up to
/// the current one (a version after it was never built into the app), else the current one; `upgradeFormat`
/// rewrites a record of an older format after verifying it. Marking is adoption too: the findings on upgrades into
/// the versions it marks become history, and it says how many.
///
/// A version whose upgrades have live errors is not marked unless `acceptFindings` gives the reason: then each
/// finding's subject is recorded in `AcknowledgedChanges.json` with it, so the release's decision is on record.
public func markShipped(
    bundle path: String, versions requested: [String] = [], all: Bool = false,
    upgradeFormat: Bool = false, acceptFindings: String? = nil,
    configuration: BuildConfiguration = BuildConfiguration()
) -> HistoryResult {
    let (run, found) = BundlePipeline.run(
        path.withoutTrailingSlash, plan: configuration.plan,
        mappings: configuration.mappingSearch())
    guard let pipeline = run, pipeline.isBundle else {
        let why = Diagnostic.error(
            .notAModel, "mark-shipped works on a .xcdatamodeld bundle", at: SourceLocation(file: path))
        return HistoryResult(diagnostics: found + (run == nil ? [] : [why]), changes: [], inputFailed: true)
    }
    let bundle = pipeline.source.path
    let edit =
        upgradeFormat
        ? ShippedRecordEdit.upgrade(pipeline.history.record, versions: pipeline.versions, bundle: bundle)
        : ShippedRecordEdit.mark(
            pipeline.history.record, versions: pipeline.versions, source: pipeline.source,
            current: pipeline.current, requested: requested, all: all)
    // Live migration errors are about upgrades into the version in development: marking it shipped is the release's
    // decision to take them; marking an older version leaves them live. Every other error stops the marking.
    let marksCurrent =
        edit.record.map { record in
            pipeline.current.map { record.versions[$0.name] != nil } ?? false
        } ?? false
    let migration = found.filter { $0.severity == .error && !$0.subjects.isEmpty && !$0.isHistory }
    let live = marksCurrent ? migration : []
    var accepted: [Acknowledgements.Entry] = []
    var diagnostics = found.filter { $0.severity == .error && !migration.contains($0) } + edit.diagnostics
    if !live.isEmpty, edit.record != nil {
        if let reason = acceptFindings, !reason.trimmingWhitespace.isEmpty {
            accepted = live.flatMap(\.subjects).map { Acknowledgements.Entry(subject: $0, reason: reason) }
        } else {
            diagnostics += live
            diagnostics.append(
                .error(
                    .acknowledgementRefused,
                    "the upgrades into the version being marked have "
                        + "\(live.count == 1 ? "an error" : "\(live.count) errors"): fix \(live.count == 1 ? "it" : "them"), or "
                        + "ship as it is with --accept-findings \"REASON\", which records the reason for each in "
                        + "\(Acknowledgements.fileName)", at: SourceLocation(file: bundle)))
        }
    }
    guard !diagnostics.hasErrors, let record = edit.record else {
        return HistoryResult(
            diagnostics: diagnostics, changes: diagnostics.hasErrors ? [] : edit.changes, inputFailed: false)
    }
    var acknowledgements = pipeline.history.acknowledgements
    for entry in accepted where acknowledgements.reason(for: entry.subject) == nil {
        acknowledgements.acknowledged.append(entry)
    }
    if !accepted.isEmpty, let failed = writeAcknowledgements(acknowledgements, bundle: bundle) { return failed }
    let recordPath = bundle.appendingPathComponent(ShippedRecord.fileName)
    if case .failure(let error) = AtomicFile.write(record.encoded, to: recordPath) {
        return HistoryResult(
            diagnostics: diagnostics + [
                .error(
                    .outputNotWritable,
                    "cannot write \(ShippedRecord.fileName): \(error.reason)", at: SourceLocation(file: recordPath))
            ], changes: [], inputFailed: false)
    }
    var changes = edit.changes
    if !accepted.isEmpty {
        changes.append(
            "recorded in \(Acknowledgements.fileName) that \(GroupedChanges.list(accepted.map { "'\($0.subject)'" })) "
                + "shipped with \(live.count == 1 ? "its finding" : "their findings"): \(acceptFindings ?? "")")
    }
    if !upgradeFormat {
        changes.append(
            historyNow(
                pipeline, shipped: Set(record.versions.keys), plan: configuration.plan,
                acknowledgements: acknowledgements))
    }
    return HistoryResult(diagnostics: diagnostics, changes: changes, inputFailed: false)
}

/// What became history with the new record: the migration findings as the next build will sum them up, from the
/// versions this run compiled.
private func historyNow(
    _ pipeline: BundlePipeline, shipped: Set<String>, plan: UpgradePlan,
    acknowledgements: Acknowledgements
) -> String {
    let found = MigrationHistoryRule.check(
        pipeline.source, current: pipeline.current, versions: pipeline.versions,
        shipped: shipped, plan: plan, acknowledgements: acknowledgements,
        hops: pipeline.history.hops
    ).diagnostics
    let history = found.filter(\.isHistory).count
    guard history > 0 else { return "no finding is on an upgrade into a shipped version" }
    return "\(history == 1 ? "1 finding" : "\(history) findings") on upgrades into shipped versions "
        + "\(history == 1 ? "is" : "are") history now: they no longer fail the build; `openmomc check --history` lists them"
}
