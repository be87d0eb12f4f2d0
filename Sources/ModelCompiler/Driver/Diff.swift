#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `diff`: the migration report of a bundle: `from` -> `to` when both are given; `from` alone goes to the
/// current version; otherwise every earlier version to the target (users skip releases), then every
/// consecutive pair (up to `to` when given, else across the whole bundle).
/// `configuration`: the app's plan and mapping models, as `check` reads them: a pair a mapping model covers is
/// reported as that mapping model's custom migration. The diagnostics say why a pair cannot be compared, and an
/// error for each reported pair whose store cannot open: nothing about other upgrades.
public func diff(
    bundle path: String, from: String? = nil, to: String? = nil,
    configuration: BuildConfiguration = BuildConfiguration()
)
    -> (reports: [MigrationReport], diagnostics: [Diagnostic], inputFailed: Bool)
{
    let run = DiffRun(bundle: path, from: from, to: to, configuration: configuration)
    if let pipeline = run.pipeline { Teardown.atExit(pipeline) }
    return (run.reports, run.diagnostics, run.inputFailed)
}

/// `diff --format markdown`: the report for a pull-request comment (`DiffMarkdown`), with paths relative to
/// `workingDirectory` and a Mermaid picture of what the newest upgrade into the target changes.
public func diffMarkdown(
    bundle path: String, from: String? = nil, to: String? = nil, workingDirectory: String,
    configuration: BuildConfiguration = BuildConfiguration()
) -> DiffMarkdownResult {
    let run = DiffRun(bundle: path, from: from, to: to, configuration: configuration)
    guard let pipeline = run.pipeline, !run.inputFailed else {
        return DiffMarkdownResult(markdown: "", diagnostics: run.diagnostics, inputFailed: run.inputFailed)
    }
    defer { Teardown.atExit(pipeline) }
    // The picture is of the step into the target: from the version just before it, when that pair was compared.
    let order = pipeline.versions.map(\.versionName)
    let pictured =
        run.reports.first { report in
            guard let index = order.firstIndex(of: report.to), index > 0 else { return false }
            return order[index - 1] == report.from
        } ?? run.reports.first
    var picture: String?
    if let pictured, let source = pipeline.version(named: pictured.from),
        let target = pipeline.version(named: pictured.to)
    {
        let before = source.entityHashes, after = target.entityHashes
        let drawing = ChangeDiagram(
            from: source.model, to: target.model,
            title: "\(pictured.from) -> \(pictured.to)",
            changedEntities: Set(after.keys.filter { before[$0] != after[$0] })
        ).onlyChanges
        if !drawing.nodes.isEmpty { picture = ChangeRenderers.mermaid(drawing) }
    }
    let markdown = DiffMarkdown.render(
        model: pipeline.source.name, reports: run.reports, picture: picture,
        workingDirectory: workingDirectory)
    return DiffMarkdownResult(markdown: markdown, diagnostics: run.diagnostics, inputFailed: false)
}

/// The reports of `diff`, worked out once for its text, JSON and Markdown forms.
private struct DiffRun {
    var pipeline: BundlePipeline?
    var reports: [MigrationReport] = []
    var diagnostics: [Diagnostic]
    var inputFailed = false

    init(bundle path: String, from: String?, to: String?, configuration: BuildConfiguration) {
        let (run, found) = BundlePipeline.run(path, plan: configuration.plan, mappings: configuration.mappingSearch())
        (pipeline, diagnostics) = (run, found)
        guard let pipeline = run else {
            inputFailed = true
            return
        }
        let here = SourceLocation(file: path)
        for name in [from, to].compactMap({ $0 }) where pipeline.version(named: name) == nil {
            let exists = pipeline.source.versions.contains { $0.name == name }
            let names = pipeline.source.versions.map { "'\($0.name)'" }.joined(separator: ", ")
            diagnostics = [
                .error(
                    .currentVersionNotFound,
                    exists
                        ? "version '\(name)' has errors, so it cannot be "
                            + "compared" : "the bundle has no version '\(name)'; its versions are \(names)", at: here)
            ]
            inputFailed = !exists
            return
        }
        // The other upgrades' findings are check's: diff speaks of the pairs it reports.
        diagnostics = []
        guard let target = to.flatMap(pipeline.version(named:)) ?? pipeline.currentVersion else { return }
        let pairs = MigrationPairs.pairs(
            pipeline.versions, from: from.flatMap(pipeline.version(named:)), to: target,
            toGiven: to != nil)
        let history = pipeline.versions.map(\.model)
        let acknowledgements = pipeline.history.acknowledgements
        let hops = pipeline.history.hops
        reports = pairs.map { pair in
            // A mapping model the app ships that covers this pair: its custom migration is what runs.
            MigrationReport.hop(pair.0, pair.1, hops: hops, history: history).acknowledged(by: acknowledgements)
        }
        // As in check: an upgrade into a version that shipped is history, said but never failing.
        let shipped = pipeline.history.record.shippedNames
        for report in reports where report.verdict == .notInferable {
            let first = report.changes.first { $0.verdict == .notInferable }!
            let isHistory = shipped?.contains(report.to) == true
            var diagnostic = Diagnostic(
                isHistory ? .note : .error, first.code,
                "\(report.from) -> \(report.to) cannot "
                    + "be migrated: no mapping model covers it and inferred migration cannot do it"
                    + (isHistory ? " ('\(report.to)' shipped so)" : ""), at: first.location)
            diagnostic.isHistory = isHistory
            diagnostics.append(diagnostic)
        }
    }
}
