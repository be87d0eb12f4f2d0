#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `convert`: writes the `contents` XML of a bundle's Xcode 3 binary versions (or of the one named), as Xcode's own
/// conversion writes it (../shared/spec/xcode3-format.md §9.2, §10.4), and, as Xcode does, removes `elements` and
/// `layout` unless `keepBinary`. Only on this explicit command; each version folder changes in one atomic step, and
/// only once its XML is shown to read back to exactly the model the binary version compiles to (the same `.mom`).
public func convert(bundle path: String, version requested: String? = nil, keepBinary: Bool = false) -> HistoryResult {
    let (run, found) = BundlePipeline.run(path.withoutTrailingSlash)
    guard let pipeline = run else { return HistoryResult(diagnostics: found, changes: [], inputFailed: true) }
    // What concerns the conversion: errors, and what the binary reader said (unverified settings it met).
    let readerCodes: Set<DiagnosticCode> = [.xcode3ArchiveMalformed, .xcode3UnknownTag, .xcode3UnverifiedSetting]
    var diagnostics = found.filter { $0.severity == .error || readerCodes.contains($0.code) }
    var targets = pipeline.source.versions.filter { $0.format == .xcode3Binary }
    if let requested {
        guard let named = pipeline.source.versions.first(where: { $0.name == requested }) else {
            let known = pipeline.source.versions.map { "'\($0.name)'" }.joined(separator: ", ")
            diagnostics.append(
                .error(
                    .versionNotFound, "the bundle has no version '\(requested)'; its versions are \(known)",
                    at: SourceLocation(file: path)))
            return HistoryResult(diagnostics: diagnostics, changes: [], inputFailed: true)
        }
        targets = named.format == .xcode3Binary ? [named] : []
    }
    guard !targets.isEmpty else {
        let what = requested.map { "version '\($0)' is" } ?? "every version is"
        diagnostics.append(
            .note(
                .nothingToConvert, "\(what) already in the XML format; nothing to convert",
                at: SourceLocation(file: path)))
        return HistoryResult(diagnostics: diagnostics, changes: [], inputFailed: false)
    }
    var changes: [String] = []
    for target in targets {
        let here = SourceLocation(file: target.directory)
        guard let tree = target.converted, let compiled = pipeline.version(named: target.name) else {
            diagnostics.append(
                .error(
                    .conversionRefused,
                    "'\(target.name)' is not converted: it does not compile (see the errors above)", at: here))
            continue
        }
        let (document, layoutFindings) = ConversionDocument.contents(tree, version: target)
        diagnostics += layoutFindings
        guard let bytes = document else { continue }
        if let difference = ConversionDocument.difference(bytes, from: compiled, version: target) {
            // A converter bug must never reach the user's model: the XML would not be the same model.
            diagnostics.append(.error(.conversionRefused, "'\(target.name)' is not converted: \(difference)", at: here))
            continue
        }
        // The version folder changes as one step: `contents` in, and (as Xcode does) `elements` and `layout` out.
        let result = ContentsWriter.replace(in: target.directory, with: bytes, keepingBinary: keepBinary)
        let contents = target.directory.appendingPathComponent("contents")
        if case .failure(let failure) = result {
            diagnostics.append(
                .error(
                    .outputNotWritable, "cannot write contents: \(failure.reason)",
                    at: SourceLocation(file: contents)))
            continue
        }
        var change = "converted '\(target.name)' to XML: wrote \(contents)"
        if !keepBinary { change += "; removed elements and layout, as Xcode does" }
        changes.append(change)
    }
    return HistoryResult(diagnostics: diagnostics, changes: changes, inputFailed: false)
}

/// The converted document and its check, apart from the verb's bookkeeping.
enum ConversionDocument {
    /// The `contents` bytes: the converted model plus the diagram's `<elements>` when `layout` reads.
    static func contents(_ tree: ContentsElement, version: ModelVersionSource) -> ([UInt8]?, [Diagnostic]) {
        var tree = tree, findings: [Diagnostic] = []
        let (boxes, problems) = Xcode3LayoutReader.elements(of: version)
        findings += problems
        if let boxes { tree.children.append(boxes) }
        switch ContentsWriter.document(tree) {
        case .success(let bytes): return (bytes, findings)
        case .failure(let failure):
            return (
                nil,
                findings + [
                    .error(
                        .conversionRefused, "'\(version.name)' is not converted: \(failure.reason)",
                        at: SourceLocation(file: version.directory))
                ]
            )
        }
    }

    /// Why `bytes` is not the model `compiled` is, or nil when it reads back to the same `.mom` and hashes.
    static func difference(_ bytes: [UInt8], from compiled: CompiledVersion, version: ModelVersionSource) -> String? {
        let file = version.directory.appendingPathComponent("contents")
        guard case .success(let root) = XMLDocumentReader.parse(bytes: bytes, file: file) else {
            return "the XML written for it does not parse"
        }
        let (readBack, found) = BundlePipeline.compileVersion(root, name: version.name, file: file)
        guard let converted = readBack, !found.hasErrors else {
            return "the XML written for it does not type or validate"
        }
        guard converted.hashes == compiled.hashes else { return "the XML written for it has other version hashes" }
        guard VersionCompiler.mom(converted) == VersionCompiler.mom(compiled) else {
            return "the XML written for it compiles to another .mom"
        }
        return nil
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let nothingToConvert: DiagnosticCode = "nothing-to-convert"
    static let conversionRefused: DiagnosticCode = "conversion-refused"
}
