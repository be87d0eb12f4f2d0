/// What `mark-shipped` changes in `ShippedVersions.json`, decided on the pipeline's values; Emit writes it.
struct ShippedRecordEdit {
    var record: ShippedRecord?
    var diagnostics: [Diagnostic] = []
    var changes: [String] = []

    /// Records `names` (every version with `all`, else the current one). Refuses versions with errors, and
    /// versions already recorded with other content: that is an edit of a shipped version, which `check` reports.
    static func mark(
        _ file: ShippedRecordFile, versions: [CompiledVersion], source: ModelBundleSource, current: CurrentVersion?,
        requested names: [String], all: Bool
    ) -> ShippedRecordEdit {
        let here = SourceLocation(file: source.path)
        var edit = ShippedRecordEdit()
        var record = ShippedRecord()
        switch file {
        case .absent: break
        case .unusable: return edit  // the error is already among the pipeline's diagnostics
        case .loaded(let existing, _, _):
            guard existing.formatVersion == Fingerprinter.currentFormat else {
                edit.diagnostics.append(
                    .error(
                        .shippedRecordMalformed,
                        "\(ShippedRecord.fileName) is in format \(existing.formatVersion); run `openmomc mark-shipped --upgrade-format "
                            + "\(source.path)` first, then mark more versions", at: here))
                return edit
            }
            record = existing
        }
        var names = names
        if all {
            // A version after the current one was never built into the app: it is not recorded as shipped.
            let order = source.versions.map(\.name)
            let end = current.flatMap { current in current.isDeclared ? order.firstIndex(of: current.name) : nil }
            names = end.map { Array(order[...$0]) } ?? order
            if let end, end + 1 < order.count {
                let after = order[(end + 1)...].map { "'\($0)'" }
                edit.changes.append(
                    "left \(GroupedChanges.list(after)) unmarked: the current version is "
                        + "'\(order[end])', so the app has not built \(after.count == 1 ? "it" : "them")")
            }
        }
        if names.isEmpty {
            // The one rule names a version even without a pointer; recording a guess as frozen is not safe.
            guard let current, current.isDeclared || source.versions.count == 1 else {
                edit.diagnostics.append(
                    .error(
                        .currentVersionMissing,
                        "the bundle has no current version; name the versions with --version", at: here))
                return edit
            }
            names = [current.name]
        }
        var marked: [(name: String, line: String)] = []
        for name in names {
            guard let version = versions.first(where: { $0.versionName == name }) else {
                let exists = source.versions.contains { $0.name == name }
                edit.diagnostics.append(
                    .error(
                        exists ? .shippedVersionModified : .currentVersionNotFound,
                        exists
                            ? "version '\(name)' has errors; fix them before marking it shipped"
                            : "the bundle has no version '\(name)'; its versions are "
                                + source.versions.map { "'\($0.name)'" }.joined(separator: ", "), at: here))
                continue
            }
            if let existing = record.versions[name] {
                if !existing.matches(version.fingerprint) {
                    edit.diagnostics.append(
                        .error(
                            .shippedVersionModified,
                            "version '\(name)' is already marked shipped and has changed since; the record is not rewritten",
                            at: here))
                }
                continue
            }
            record.versions[name] = version.fingerprint
            marked.append((name, "marked '\(name)' shipped (versionChecksum \(version.versionChecksum))"))
        }
        guard !marked.isEmpty else {
            edit.changes.append("nothing to record")
            return edit
        }
        edit.record = record
        // A long history marked at once is one line, not one per version.
        edit.changes.insert(
            contentsOf: marked.count <= 3
                ? marked.map(\.line)
                : [
                    "marked \(marked.count) versions shipped ('\(marked[0].name)' ... '\(marked[marked.count - 1].name)')"
                ], at: 0)
        return edit
    }

    /// Rewrites a record of an older format in the current one, after verifying every recorded version with
    /// the facts of its own format: an edited shipped version is never re-recorded as if it had shipped so.
    static func upgrade(_ file: ShippedRecordFile, versions: [CompiledVersion], bundle: String) -> ShippedRecordEdit {
        let here = SourceLocation(file: bundle)
        var edit = ShippedRecordEdit()
        guard case .loaded(let old, _, _) = file else {
            if !file.exists {
                edit.diagnostics.append(
                    .error(
                        .shippedRecordMalformed,
                        "the bundle has no \(ShippedRecord.fileName) to upgrade", at: here))
            }
            return edit
        }
        guard old.formatVersion != Fingerprinter.currentFormat else {
            edit.changes = ["\(ShippedRecord.fileName) is already in format \(Fingerprinter.currentFormat)"]
            return edit
        }
        // Versions verified every recorded version in its own format; any edit or missing version is an error there.
        var record = ShippedRecord()
        for name in NaturalOrder.sorted(old.versions.keys) {
            guard let version = versions.first(where: { $0.versionName == name }) else { return edit }
            record.versions[name] = version.fingerprint
        }
        edit.record = record
        edit.changes = [
            "rewrote \(ShippedRecord.fileName) from format \(old.formatVersion) to format \(Fingerprinter.currentFormat) "
                + "(\(record.versions.count) versions, all verified unchanged)"
        ]
        return edit
    }
}
