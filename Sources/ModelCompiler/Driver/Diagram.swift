#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The formats `openmomc diagram` writes: SVG drawn by Graphviz, or the DOT and Mermaid text behind it.
public enum DiagramFormat: String, Sendable, CaseIterable {
    /// An SVG picture, laid out by Graphviz's `dot`.
    case svg
    /// Graphviz's DOT text, for `dot` or another renderer.
    case dot
    /// A Mermaid `classDiagram` (or `flowchart` for a history), which GitHub draws in Markdown.
    case mermaid
}

/// What `diagram(input:output:version:format:)` and the other drawing entry points did.
public struct DiagramResult: Sendable {
    /// The model's errors (a diagram of a model that does not compile is not drawn) and the writing's.
    public var diagnostics: [Diagnostic]
    /// The file written, nil when nothing was.
    public var outputPath: String?
    /// True when the input could not be used at all (exit status 2).
    public var inputFailed: Bool
}

/// `diagram`: an entity-relationship picture of one version (default: the current one), written atomically to
/// `output`. A rendering of the typed model the pipeline already has; the layout is Graphviz's. With `from`, the
/// picture of the upgrade from that version to `version` (default: the current one): what it adds, removes, renames
/// and changes, coloured, with the upgrade's verdict in the title.
public func diagram(
    input: String, output: String, version requested: String? = nil,
    format: DiagramFormat = .svg, from: String? = nil
) -> DiagramResult {
    let checked = check(paths: [input])
    let errors = checked.diagnostics.filter { $0.severity == .error }
    guard errors.isEmpty, !checked.inputFailed else {
        return DiagramResult(diagnostics: errors, outputPath: nil, inputFailed: checked.inputFailed)
    }
    guard checked.bundles.count == 1, let bundle = checked.bundles.first else {
        return DiagramResult(
            diagnostics: [
                .error(
                    .invalidArgument,
                    "a diagram draws one model; '\(input)' holds "
                        + "\(checked.bundles.count)", at: SourceLocation(file: input))
            ], outputPath: nil, inputFailed: true)
    }
    let name = requested ?? bundle.current?.name ?? bundle.models.last?.versionName ?? ""
    var versions: [CompiledVersion] = []
    for wanted in [name] + (from.map { [$0] } ?? []) {
        guard let version = bundle.compiled.first(where: { $0.versionName == wanted }) else {
            let known = bundle.models.map { "'\($0.versionName)'" }.joined(separator: ", ")
            let missing = Diagnostic.error(
                .versionNotFound,
                "the model has no version '\(wanted)'; its versions are "
                    + known, at: SourceLocation(file: bundle.source.path))
            return DiagramResult(diagnostics: [missing], outputPath: nil, inputFailed: true)
        }
        versions.append(version)
    }
    let modelName = bundle.source.path.lastPathComponent.removingSuffix(".xcdatamodeld").removingSuffix(".xcdatamodel")
    let dot: String, mermaid: String
    if versions.count == 2 {
        let (source, target) = (versions[1], versions[0])
        let verdict = MigrationAnalyzer.analyze(from: source, to: target, history: bundle.models).verdict
        let before = source.entityHashes, after = target.entityHashes
        let drawing = ChangeDiagram(
            from: source.model, to: target.model,
            title: "\(modelName): \(source.versionName) -> \(target.versionName): \(verdict)",
            changedEntities: Set(after.keys.filter { before[$0] != after[$0] }))
        (dot, mermaid) = (ChangeRenderers.dot(drawing), ChangeRenderers.mermaid(drawing))
    } else {
        let drawing = ModelDiagram(versions[0].model, title: modelName == name ? name : "\(modelName): \(name)")
        (dot, mermaid) = (DOTRenderer.render(drawing), MermaidRenderer.render(drawing))
    }
    return writeDiagram(format == .mermaid ? mermaid : dot, format: format, to: output, input: bundle.source.path)
}

/// `diagram --history`: the bundle's versions in order, shipped ones marked, and each upgrade path of `plan` (the
/// app's `openmomc.json`) coloured by its verdict, a hop a mapping model covers as such.
public func historyDiagram(
    input: String, output: String, format: DiagramFormat = .svg,
    plan: UpgradePlan = UpgradePlan(), mappingModels: [String] = []
) -> DiagramResult {
    guard case .success(let paths) = ModelBundleReader.locate(input), paths.count == 1,
        paths[0].withoutTrailingSlash.hasSuffix(".xcdatamodeld")
    else {
        return DiagramResult(
            diagnostics: [
                .error(
                    .invalidArgument, "--history draws one .xcdatamodeld bundle",
                    at: SourceLocation(file: input))
            ], outputPath: nil, inputFailed: true)
    }
    let (run, found) = BundlePipeline.run(paths[0], plan: plan, mappings: MappingModelSearch(named: mappingModels))
    // A history with failing or dropping upgrades is drawn, those paths in their colours: that is what it is for.
    // Only a bundle without a compiled current version cannot be drawn.
    guard let pipeline = run, let current = pipeline.currentVersion else {
        return DiagramResult(
            diagnostics: found.filter { $0.severity == .error }, outputPath: nil, inputFailed: run == nil)
    }
    defer { Teardown.atExit(pipeline) }
    let order = pipeline.versions.map(\.versionName)
    let shipped = pipeline.history.record.shippedNames
    let currentIndex = order.firstIndex(of: current.versionName) ?? order.count - 1
    let sources = Set(order[..<currentIndex].filter { shipped?.contains($0) ?? true })
    let hops = pipeline.history.hops
    let models = pipeline.versions.map(\.model)
    var drawn = plan.pairs(
        order, versions: pipeline.versions, current: current.versionName, sources: sources,
        editable: Set(order)
    ).map { source, target -> HistoryDiagram.Path in
        if let hop = hops.first(where: { $0.covers(source.versionName, target.versionName) }) {
            return .init(
                from: source.versionName, to: target.versionName, kind: .mappingModel,
                mappingModel: hop.mappingModel)
        }
        let verdict = MigrationAnalyzer.analyze(from: source, to: target, history: models).verdict
        return .init(from: source.versionName, to: target.versionName, kind: .init(verdict))
    }
    // Step by step, a mapping model's hop is a step of its own.
    if plan.style == .stepByStep {
        for hop in hops {
            for source in hop.sources where !drawn.contains(where: { $0.from == source && $0.to == hop.destination }) {
                drawn.append(
                    .init(from: source, to: hop.destination, kind: .mappingModel, mappingModel: hop.mappingModel))
            }
        }
    }
    let drawing = HistoryDiagram(
        title: pipeline.source.name + ": upgrade paths (" + plan.description + ")",
        versions: order.map {
            .init(
                name: $0, shipped: shipped?.contains($0) ?? false,
                current: $0 == current.versionName)
        },
        paths: drawn)
    return writeDiagram(
        format == .mermaid ? HistoryDiagram.mermaid(drawing) : HistoryDiagram.dot(drawing),
        format: format, to: output, input: pipeline.source.path)
}

/// DOT or Mermaid text as it is, or DOT drawn as SVG by Graphviz; atomically either way.
private func writeDiagram(_ text: String, format: DiagramFormat, to output: String, input: String) -> DiagramResult {
    if let refusal = OutputPathGuard.refusal(output: output, inputs: [.init(path: input)]) {
        return DiagramResult(diagnostics: [refusal], outputPath: nil, inputFailed: true)
    }
    let written: Result<Void, AtomicFile.Failure>
    switch format {
    case .dot, .mermaid: written = AtomicFile.write(utf8: text, to: output, durable: false)
    case .svg:
        guard Graphviz.executable != nil else {
            let advice = Diagnostic.error(.outputNotWritable, Graphviz.installAdvice, at: SourceLocation(file: output))
            return DiagramResult(diagnostics: [advice], outputPath: nil, inputFailed: false)
        }
        written = AtomicFile.replace(output, isDirectory: false) { temporary in
            let dotFile = temporary + ".dot"
            defer { unlink(dotFile) }
            try AtomicFile.writeInPlace(Array(text.utf8), to: dotFile, durable: false)
            do {
                try Graphviz.drawSVG(dotFile: dotFile, to: temporary)
            } catch let failure as Graphviz.Failure {
                throw AtomicFile.Failure(reason: failure.reason)
            }
        }
    }
    if case .failure(let failure) = written {
        return DiagramResult(
            diagnostics: [
                .error(
                    .outputNotWritable, "cannot write the diagram: \(failure.reason)",
                    at: SourceLocation(file: output))
            ], outputPath: nil, inputFailed: false)
    }
    return DiagramResult(diagnostics: [], outputPath: output, inputFailed: false)
}
