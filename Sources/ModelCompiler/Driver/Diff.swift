#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `diff`: the migration report of a bundle: `from` -> `to` when both are given; `from` alone goes to the
/// current version; otherwise every earlier version to the target (users skip releases), then every
/// consecutive pair (up to `to` when given, else across the whole bundle).
public func diff(bundle path: String, from: String? = nil, to: String? = nil)
    -> (reports: [MigrationReport], diagnostics: [Diagnostic], inputFailed: Bool)
{
    let (pipeline, diagnostics) = BundlePipeline.run(path)
    guard let pipeline else { return ([], diagnostics, true) }
    defer { Teardown.atExit(pipeline) }
    let here = SourceLocation(file: path)
    for name in [from, to].compactMap({ $0 }) where pipeline.version(named: name) == nil {
        let exists = pipeline.source.versions.contains { $0.name == name }
        return ([], diagnostics + [.error(.currentVersionNotFound,
            exists ? "version '\(name)' has errors, so it cannot be compared" : "the bundle has no version '\(name)'", at: here)], !exists)
    }
    guard let target = to.flatMap(pipeline.version(named:)) ?? pipeline.currentVersion else { return ([], diagnostics, false) }
    let pairs = MigrationPairs.pairs(pipeline.versions, from: from.flatMap(pipeline.version(named:)), to: target, toGiven: to != nil)
    let history = pipeline.versions.map(\.model)
    let acknowledgements = pipeline.history.acknowledgements
    let reports = pairs.map { pair in
        var report = MigrationAnalyzer.analyze(from: pair.0, to: pair.1, history: history)
        for index in report.changes.indices where report.changes[index].verdict == .dataLoss {
            report.changes[index].acknowledgement = acknowledgements.reason(for: report.changes[index].subject)
        }
        return report
    }
    return (reports, diagnostics.filter { $0.severity == .error }, false)
}
