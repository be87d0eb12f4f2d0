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
    case svg, dot, mermaid
}

public struct DiagramResult: Sendable {
    /// The model's errors (a diagram of a model that does not compile is not drawn) and the writing's.
    public var diagnostics: [Diagnostic]
    public var outputPath: String?
    public var inputFailed: Bool
}

/// `diagram`: an entity-relationship picture of one version (default: the current one), written atomically to
/// `output`. A rendering of the typed model the pipeline already has; the layout is Graphviz's.
public func diagram(input: String, output: String, version requested: String? = nil,
                    format: DiagramFormat = .svg) -> DiagramResult {
    let checked = check(paths: [input])
    let errors = checked.diagnostics.filter { $0.severity == .error }
    guard errors.isEmpty, !checked.inputFailed else {
        return DiagramResult(diagnostics: errors, outputPath: nil, inputFailed: checked.inputFailed)
    }
    guard checked.bundles.count == 1, let bundle = checked.bundles.first else {
        return DiagramResult(diagnostics: [.error(.invalidArgument, "a diagram draws one model; '\(input)' holds "
            + "\(checked.bundles.count)", at: SourceLocation(file: input))], outputPath: nil, inputFailed: true)
    }
    let name = requested ?? bundle.current?.name ?? bundle.models.last?.versionName ?? ""
    guard let model = bundle.models.first(where: { $0.versionName == name }) else {
        let known = bundle.models.map { "'\($0.versionName)'" }.joined(separator: ", ")
        return DiagramResult(diagnostics: [.error(.versionNotFound, "the model has no version '\(name)'; its versions are "
            + known, at: SourceLocation(file: bundle.source.path))], outputPath: nil, inputFailed: true)
    }
    let modelName = bundle.source.path.lastPathComponent.removingSuffix(".xcdatamodeld").removingSuffix(".xcdatamodel")
    let drawing = ModelDiagram(model, title: modelName == name ? name : "\(modelName): \(name)")
    let written: Result<Void, AtomicFile.Failure>
    switch format {
    case .dot: written = AtomicFile.write(utf8: DOTRenderer.render(drawing), to: output, durable: false)
    case .mermaid: written = AtomicFile.write(utf8: MermaidRenderer.render(drawing), to: output, durable: false)
    case .svg:
        guard Graphviz.executable != nil else {
            let advice = Diagnostic.error(.outputNotWritable, Graphviz.installAdvice, at: SourceLocation(file: output))
            return DiagramResult(diagnostics: [advice], outputPath: nil, inputFailed: false)
        }
        written = AtomicFile.replace(output, isDirectory: false) { temporary in
            let dotFile = temporary + ".dot"
            defer { unlink(dotFile) }
            try AtomicFile.writeInPlace(Array(DOTRenderer.render(drawing).utf8), to: dotFile, durable: false)
            do {
                try Graphviz.drawSVG(dotFile: dotFile, to: temporary)
            } catch let failure as Graphviz.Failure {
                throw AtomicFile.Failure(reason: failure.reason)
            }
        }
    }
    if case .failure(let failure) = written {
        return DiagramResult(diagnostics: [.error(.outputNotWritable, "cannot write the diagram: \(failure.reason)",
                                                  at: SourceLocation(file: output))], outputPath: nil, inputFailed: false)
    }
    return DiagramResult(diagnostics: [], outputPath: output, inputFailed: false)
}
