import Foundation

/// Swift code for a model's current version.
public struct GenerateResult: Sendable {
    public var diagnostics: [Diagnostic]
    public var files: [GeneratedFile]
    /// Paths written; empty when nothing was written.
    public var written: [String]
    public var inputFailed: Bool
}

/// Generates Swift for the current version of the model at `input`; writes into `outputDirectory` when
/// given (each file atomically). Nothing is generated when the current version has errors.
public func generate(input: String, outputDirectory: String? = nil, options: CodegenOptions = CodegenOptions()) -> GenerateResult {
    let located = ModelBundleReader.locate(input)
    guard case .success(let paths) = located, paths.count == 1, let path = paths.first else {
        var diagnostics: [Diagnostic] = []
        if case .failure(let diagnostic) = located { diagnostics.append(diagnostic) }
        else { diagnostics.append(.error(.notAModel, "generate takes one .xcdatamodeld or .xcdatamodel", at: SourceLocation(file: input))) }
        return GenerateResult(diagnostics: diagnostics, files: [], written: [], inputFailed: true)
    }
    let (checked, found) = checkBundle(at: path)
    var diagnostics = found
    guard let checked else { return GenerateResult(diagnostics: diagnostics, files: [], written: [], inputFailed: true) }
    let currentName = checked.source.currentVersion?.versionName ?? checked.source.versions.last?.name
    guard let model = checked.models.first(where: { $0.versionName == currentName }), !diagnostics.hasErrors else {
        return GenerateResult(diagnostics: diagnostics.sortedForOutput(), files: [], written: [], inputFailed: false)
    }
    let isBundle = checked.source.layout == .versionedBundle
    let context = CodegenContext(
        model: model, entities: model.entitiesByName, options: options,
        modelName: isBundle ? checked.source.name : model.versionName, resourceExtension: isBundle ? "momd" : "mom",
        currentVersionName: model.versionName,
        versionChecksums: checked.models.map { ($0.versionName, VersionHasher.hashes(for: $0).versionChecksum) })
    diagnostics += CodegenRules.check(context)
    guard !diagnostics.hasErrors else {
        return GenerateResult(diagnostics: diagnostics.sortedForOutput(), files: [], written: [], inputFailed: false)
    }
    let files = CodeGenerator.files(for: context)
    guard let outputDirectory else {
        return GenerateResult(diagnostics: diagnostics.sortedForOutput(), files: files, written: [], inputFailed: false)
    }
    guard FileSystem.kind(of: outputDirectory) == .directory else {
        diagnostics.append(.error(.outputNotWritable, "output folder does not exist", at: SourceLocation(file: outputDirectory)))
        return GenerateResult(diagnostics: diagnostics.sortedForOutput(), files: files, written: [], inputFailed: false)
    }
    var written: [String] = []
    for file in files {
        let target = outputDirectory.appendingPathComponent(file.name)
        // An unchanged file is left alone, so that builds depending on it do not rerun.
        // Compared in place: a large model's code is tens of megabytes, and every copy counts toward peak memory.
        if case .success(let existing) = FileSystem.readFile(target), hasSameBytes(existing, file.contents) { written.append(target); continue }
        if case .failure(let error) = AtomicFile.write(Array(file.contents.utf8), to: target) {
            diagnostics.append(.error(.outputNotWritable, "cannot write '\(file.name)': \(error.reason)", at: SourceLocation(file: outputDirectory)))
            break
        }
        written.append(target)
    }
    return GenerateResult(diagnostics: diagnostics.sortedForOutput(), files: files, written: written, inputFailed: false)
}

private func hasSameBytes(_ bytes: [UInt8], _ text: String) -> Bool {
    var text = text
    return text.withUTF8 { utf8 in
        bytes.withUnsafeBufferPointer { existing in
            existing.count == utf8.count && (utf8.isEmpty || memcmp(existing.baseAddress!, utf8.baseAddress!, utf8.count) == 0)
        }
    }
}

/// Names the generated code cannot use.
enum CodegenRules {
    static func check(_ context: CodegenContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var classes: [String: Entity] = [:]
        for entity in context.generatedEntities {
            let name = SwiftNames.className(of: entity)
            if let other = classes[name] {
                diagnostics.append(.error(.codegenNameClash,
                    "entities '\(other.name)' and '\(entity.name)' would both generate class '\(name)'", at: entity.location))
            } else {
                classes[name] = entity
            }
            if name == context.modelTypeName || SwiftNames.keywords.contains(name) {
                diagnostics.append(.error(.codegenNameClash,
                    "entity '\(entity.name)' would generate class '\(name)', which the generated code cannot declare", at: entity.location))
            }
        }
        return diagnostics
    }
}
