/// One finding per fact, also at scale: past `limit` findings of one code in one file, the rest of them are summed up
/// in one line where the last shown one stands, so that a file with 200,000 unknown attributes reads in a screen.
/// Only text is bounded; JSON lists every finding, and counts and exit statuses always come from all of them.
enum AlikeFindings {
    static let limit = 20

    private struct Group: Hashable {
        var code: DiagnosticCode
        var file: String
    }

    static func bounded(_ diagnostics: [Diagnostic], limit: Int = limit) -> [Diagnostic] {
        guard diagnostics.count > limit else { return diagnostics }
        var totals: [Group: Int] = [:]
        for diagnostic in diagnostics {
            totals[Group(code: diagnostic.code, file: diagnostic.location.file), default: 0] += 1
        }
        guard totals.values.contains(where: { $0 > limit }) else { return diagnostics }
        var shown: [Group: Int] = [:], worst: [Group: Severity] = [:]
        for diagnostic in diagnostics {
            let group = Group(code: diagnostic.code, file: diagnostic.location.file)
            if totals[group, default: 0] > limit, (shown[group] ?? 0) >= limit {
                worst[group] = max(worst[group] ?? .note, diagnostic.severity)
            }
            shown[group, default: 0] += 1
        }
        var result: [Diagnostic] = []
        result.reserveCapacity(diagnostics.count)
        shown = [:]
        for diagnostic in diagnostics {
            let group = Group(code: diagnostic.code, file: diagnostic.location.file)
            let count = shown[group, default: 0]
            shown[group] = count + 1
            if count < limit { result.append(diagnostic) }
            guard count == limit - 1, let total = totals[group], total > limit, let severity = worst[group] else {
                continue
            }
            result.append(
                Diagnostic(
                    severity, group.code,
                    "\(total - limit) more findings like these in this file are not shown (\(total) in all); "
                        + "`--format json` lists every one", at: SourceLocation(file: group.file)))
        }
        return result
    }
}
