#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The commands that change a user's bundle on request: each writes atomically or not at all.

/// `new-version`, Xcode's "Add Model Version": copies the current version to the next name ("Model 3" after
/// "Model 2") or `name`, keeping every renaming ID, and points `.xccurrentversion` at the copy.
public func newVersion(bundle path: String, name requested: String? = nil) -> HistoryResult {
    let (source, found) = ModelBundleReader.read(path)
    guard let source else { return HistoryResult(diagnostics: found, changes: [], inputFailed: true) }
    guard source.layout == .versionedBundle, let current = CurrentVersion.resolve(source) else {
        let why = Diagnostic.error(
            .notAModel, "new-version works on a .xcdatamodeld bundle with at least one version",
            at: SourceLocation(file: path))
        return HistoryResult(diagnostics: found + [why], changes: [], inputFailed: true)
    }
    switch VersionCopy.add(to: source, copying: current.name, as: requested) {
    case .success(let name):
        return HistoryResult(
            diagnostics: [], changes: ["created '\(name)' from '\(current.name)' and made it the current version"],
            inputFailed: false)
    case .failure(let failure):
        return HistoryResult(diagnostics: [failure.diagnostic], changes: [], inputFailed: failure.isUsage)
    }
}
