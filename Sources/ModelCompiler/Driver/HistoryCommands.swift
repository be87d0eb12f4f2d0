#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The commands that change a user's bundle on request: each writes atomically or not at all.

/// `mark-shipped`: records versions in `ShippedVersions.json`: `versions` by name, every version with `all`,
/// else the current one; `upgradeFormat` rewrites a record of an older format after verifying it.
public func markShipped(bundle path: String, versions requested: [String] = [], all: Bool = false,
                        upgradeFormat: Bool = false) -> HistoryResult {
    let (pipeline, found) = BundlePipeline.run(path)
    guard let pipeline, pipeline.isBundle else {
        let why = Diagnostic.error(.notAModel, "mark-shipped works on a .xcdatamodeld bundle", at: SourceLocation(file: path))
        return HistoryResult(diagnostics: found + (pipeline == nil ? [] : [why]), changes: [], inputFailed: true)
    }
    let edit = upgradeFormat ? ShippedRecordEdit.upgrade(pipeline.history.record, versions: pipeline.versions, bundle: path)
        : ShippedRecordEdit.mark(pipeline.history.record, versions: pipeline.versions, source: pipeline.source,
                                 current: pipeline.current, requested: requested, all: all)
    let diagnostics = found.filter { $0.code != .noShippedRecord } + edit.diagnostics
    guard !diagnostics.hasErrors, let record = edit.record else {
        return HistoryResult(diagnostics: diagnostics, changes: diagnostics.hasErrors ? [] : edit.changes, inputFailed: false)
    }
    let recordPath = path.appendingPathComponent(ShippedRecord.fileName)
    if case .failure(let error) = AtomicFile.write(record.encoded, to: recordPath) {
        return HistoryResult(diagnostics: diagnostics + [.error(.outputNotWritable,
            "cannot write \(ShippedRecord.fileName): \(error.reason)", at: SourceLocation(file: recordPath))], changes: [], inputFailed: false)
    }
    return HistoryResult(diagnostics: diagnostics, changes: edit.changes, inputFailed: false)
}

/// `new-version`, Xcode's "Add Model Version": copies the current version to the next name ("Model 3" after
/// "Model 2") or `name`, keeping every renaming ID, and points `.xccurrentversion` at the copy.
public func newVersion(bundle path: String, name requested: String? = nil) -> HistoryResult {
    let (source, found) = ModelBundleReader.read(path)
    guard let source else { return HistoryResult(diagnostics: found, changes: [], inputFailed: true) }
    guard source.layout == .versionedBundle, let current = CurrentVersion.resolve(source) else {
        let why = Diagnostic.error(.notAModel, "new-version works on a .xcdatamodeld bundle with at least one version",
                                   at: SourceLocation(file: path))
        return HistoryResult(diagnostics: found + [why], changes: [], inputFailed: true)
    }
    switch VersionCopy.add(to: source, copying: current.name, as: requested) {
    case .success(let name):
        return HistoryResult(diagnostics: [], changes: ["created '\(name)' from '\(current.name)' and made it the current version"],
                             inputFailed: false)
    case .failure(let failure):
        return HistoryResult(diagnostics: [failure.diagnostic], changes: [], inputFailed: failure.isUsage)
    }
}
