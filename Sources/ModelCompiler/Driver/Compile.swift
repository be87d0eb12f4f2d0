import Foundation

public struct CompileResult: Sendable {
    /// Every diagnostic, sorted by file and position.
    public var diagnostics: [Diagnostic]
    /// The `.momd` folder or `.mom` file written, nil when nothing was written.
    public var outputPath: String?
    /// True when the input could not be used at all (exit status 2).
    public var inputFailed: Bool
}

/// The files a compiled model consists of, relative to the output: `Name.momd/Version.mom` ... or `Name.mom`.
public struct CompiledModel: Sendable {
    /// `Name.momd` or `Name.mom`.
    public var name: String
    public var isBundle: Bool
    /// File name inside the `.momd` (or the `.mom` name itself) -> bytes, in a fixed order.
    public var files: [(name: String, bytes: [UInt8])]
}

/// momc's calling convention: `Name.xcdatamodeld` -> `OUTPUT/Name.momd/`, `Name.xcdatamodel` -> `OUTPUT/Name.mom`.
/// Nothing is written when the model has errors; a failed write leaves any older output untouched.
public func compile(input: String, outputDirectory: String) -> CompileResult {
    let located = ModelBundleReader.locate(input)
    guard case .success(let paths) = located, paths.count == 1, let path = paths.first else {
        var diagnostics: [Diagnostic] = []
        if case .failure(let diagnostic) = located { diagnostics.append(diagnostic) }
        else { diagnostics.append(.error(.notAModel, "compile takes one .xcdatamodeld or .xcdatamodel", at: SourceLocation(file: input))) }
        return CompileResult(diagnostics: diagnostics, outputPath: nil, inputFailed: true)
    }
    let (checked, found) = checkBundle(at: path)
    let diagnostics = found
    guard let checked else { return CompileResult(diagnostics: diagnostics.sortedForOutput(), outputPath: nil, inputFailed: true) }
    guard !diagnostics.hasErrors, checked.models.count == checked.source.versions.count else {
        return CompileResult(diagnostics: diagnostics.sortedForOutput(), outputPath: nil, inputFailed: false)
    }
    let compiled = ModelCompilation.compiledModel(checked)
    switch OutputWriter.write(compiled, into: outputDirectory) {
    case .success(let written):
        return CompileResult(diagnostics: diagnostics.sortedForOutput(), outputPath: written, inputFailed: false)
    case .failure(let diagnostic):
        return CompileResult(diagnostics: (diagnostics + [diagnostic]).sortedForOutput(), outputPath: nil, inputFailed: false)
    }
}

enum ModelCompilation {
    static func compiledModel(_ bundle: CheckedBundle) -> CompiledModel {
        guard bundle.source.layout == .versionedBundle else {
            let model = bundle.models[0]
            return CompiledModel(name: model.versionName + ".mom", isBundle: false,
                                 files: [(model.versionName + ".mom", ModelArchiver.momData(for: model))])
        }
        var files: [(String, [UInt8])] = []
        var hashes: [String: [String: [UInt8]]] = [:], checksums: [String: String] = [:]
        for model in bundle.models {
            files.append((model.versionName + ".mom", ModelArchiver.momData(for: model)))
            let versionHashes = VersionHasher.hashes(for: model)
            hashes[model.versionName] = versionHashes.entityHashes
            checksums[model.versionName] = versionHashes.versionChecksum
        }
        let current = bundle.source.currentVersion?.versionName.flatMap { name in
            bundle.models.contains { $0.versionName == name } ? name : nil
        }
        let info = VersionInfo(currentVersionName: current, versionHashes: hashes, versionChecksums: checksums)
        files.append(("VersionInfo.plist", BinaryPropertyListWriter.data(for: info.propertyList)))
        return CompiledModel(name: bundle.source.name + ".momd", isBundle: true, files: files)
    }

}
