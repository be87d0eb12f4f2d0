/// How much of a bundle's history `check` and the build print. A version that shipped cannot be edited (that is
/// the guard's point), so its warnings and notes are not actionable: by default they are summed up in one note,
/// and only the versions still being edited report theirs. Errors always show: they stop the compile.
public enum FindingDetail: Sendable {
    /// Frozen versions summarised; each migration change once, with the upgrade paths it is on.
    case summary
    /// Every finding of every version and every upgrade path (`check --history`).
    case history
}

enum FrozenVersions {
    /// The versions still being edited: the current one and any after the last shipped one. Without a record,
    /// every version before the current counts as shipped, as the migration analysis assumes.
    static func editable(_ source: ModelBundleSource, current: CurrentVersion?, shipped: Set<String>?) -> Set<String> {
        let names = source.versions.map(\.name)
        guard source.layout == .versionedBundle, let current, let currentIndex = names.firstIndex(of: current.name)
        else {
            return Set(names)
        }
        let lastShipped = shipped.flatMap { record in names.lastIndex(where: record.contains) }
        let firstEditable = min(currentIndex, (lastShipped ?? currentIndex - 1) + 1)
        return Set(names[firstEditable...]).union([current.name])
    }

    /// The version findings as `detail` wants them: frozen versions' warnings and notes become one note.
    static func present(
        _ findings: [Diagnostic], _ source: ModelBundleSource, current: CurrentVersion?,
        shipped: Set<String>?, detail: FindingDetail
    ) -> [Diagnostic] {
        guard detail == .summary, source.layout == .versionedBundle else { return findings }
        let editable = editable(source, current: current, shipped: shipped)
        // A current version that shipped is frozen too: its warnings are acted on in the next version, where a copy
        // of it reports them again.
        let frozen = source.versions.filter { !editable.contains($0.name) || shipped?.contains($0.name) == true }
        guard !frozen.isEmpty else { return findings }
        let folders = frozen.map { $0.directory + "/" }
        // Findings come a version at a time: the folder of the last finding's file is asked for first. Looking
        // through every folder for each finding was most of this function on a long history.
        var last: (file: String, index: Int?)?
        func frozenVersion(of finding: Diagnostic) -> String? {
            guard finding.severity != .error else { return nil }
            let file = finding.location.file
            let index: Int?
            if let last, last.file == file {
                index = last.index
            } else {
                index = folders.firstIndex(where: file.hasPrefix)
                last = (file, index)
            }
            return index.map { frozen[$0].name }
        }
        var kept: [Diagnostic] = [], hidden: [(version: String, finding: Diagnostic)] = []
        for finding in findings {
            if let version = frozenVersion(of: finding) {
                hidden.append((version, finding))
            } else {
                kept.append(finding)
            }
        }
        guard !hidden.isEmpty else { return findings }
        let versions = Set(hidden.map(\.version))
        let names = frozen.map(\.name).filter(versions.contains)
        var byCode: [String: Int] = [:]
        for (_, finding) in hidden { byCode[finding.code.rawValue, default: 0] += 1 }
        let codes = byCode.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let kind = shipped == nil ? "earlier" : "shipped"
        let span =
            names.count == 1 ? "'\(names[0])'" : "\(names.count) \(kind) versions ('\(names[0])' ... '\(names.last!)')"
        let warnings = hidden.filter { $0.finding.severity == .warning }.count, notes = hidden.count - warnings
        let counted = [warnings > 0 ? plural(warnings, "warning") : nil, notes > 0 ? plural(notes, "note") : nil]
            .compactMap { $0 }.joined(separator: " and ")
        let why =
            shipped == nil
            ? "earlier versions are taken to have shipped, and a shipped version is not edited"
            : "shipped versions are not edited"
        kept.append(
            .note(
                .frozenVersionFindings,
                "\(span) \(names.count == 1 ? "has" : "have") \(counted) (\(codes)) "
                    + "that cannot be acted on there: \(why). `openmomc check --history` lists them",
                at: SourceLocation(file: source.path)))
        return kept
    }

    private static func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let frozenVersionFindings: DiagnosticCode = "frozen-version-findings"
}
