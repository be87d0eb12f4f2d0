/// `.xccurrentversion` names a version that exists, inside the bundle, and no later one by Xcode's numbering
/// ("Model 3" after "Model 2"; names of another series are never compared, so "Shared" is not newer than "0.9").
///
/// A pointer left on an older version is a warning in general (real projects do it on purpose, for migration
/// tests and demos) and an error once the bundle records shipped versions: from then on a stale pointer means the
/// app silently keeps building the old model. A missing pointer stays a warning: momc
/// compiles such a bundle (its VersionInfo.plist names no current version) and apps ship that way.
enum CurrentVersionRule {
    static func check(_ bundle: ModelBundleSource) -> [Diagnostic] {
        guard bundle.layout == .versionedBundle else { return [] }
        let versionNames = bundle.versions.map(\.name)
        let severity: Severity = bundle.shippedRecord == nil ? .warning : .error
        guard let pointer = bundle.currentVersion, let rawName = pointer.rawName else {
            guard versionNames.count > 1, bundle.currentVersion?.isMalformed != true else { return [] }
            let file =
                bundle.currentVersion?.file
                ?? bundle.path.appendingPathComponent(ModelBundleReader.currentVersionFileName)
            return [
                Diagnostic(
                    .warning, .currentVersionMissing,
                    "the bundle has \(versionNames.count) versions but no current version; set one in Xcode "
                        + "(Model Version in the File inspector) so that Core Data knows which model the app uses",
                    at: bundle.currentVersion?.location ?? SourceLocation(file: file))
            ]
        }
        if rawName.contains("/") || rawName.contains("\\") || rawName.hasPrefix(".") {
            return [
                .error(
                    .currentVersionOutsideBundle,
                    "the current version '\(rawName)' is a path; it must name a .xcdatamodel directly inside the bundle",
                    at: pointer.location)
            ]
        }
        guard let name = pointer.versionName, versionNames.contains(name) else {
            let available =
                versionNames.isEmpty
                ? "the bundle has no versions"
                : "versions: " + versionNames.map { "'\($0)'" }.joined(separator: ", ")
            return [
                .error(
                    .currentVersionNotFound,
                    "the current version '\(rawName)' does not exist in the bundle (\(available))", at: pointer.location
                )
            ]
        }
        if let newest = VersionNaming.laterInSeries(than: name, among: versionNames) {
            return [
                Diagnostic(
                    severity, .currentVersionStale,
                    "the current version is '\(name)' but '\(newest)' is newer: the app builds the older model and ignores "
                        + "'\(newest)'; point .xccurrentversion at '\(newest).xcdatamodel' (Xcode: Model Version in the File inspector)",
                    at: pointer.location)
            ]
        }
        return []
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let currentVersionMissing: DiagnosticCode = "current-version-missing"
    static let currentVersionNotFound: DiagnosticCode = "current-version-not-found"
    static let currentVersionOutsideBundle: DiagnosticCode = "current-version-outside-bundle"
    static let currentVersionStale: DiagnosticCode = "current-version-stale"
}
