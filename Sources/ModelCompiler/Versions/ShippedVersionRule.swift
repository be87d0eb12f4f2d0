/// Shipped versions are frozen. Compares each version in `ShippedVersions.json` with what the bundle
/// holds now and reports every difference at the line that changed.
enum ShippedVersionRule {
    /// `current`: versions after it were never built into the app (the stale pointer is its own finding), so they
    /// are not counted as unshipped.
    static func check(
        _ bundle: ModelBundleSource, record file: ShippedRecordFile, versions: [CompiledVersion],
        current: CurrentVersion? = nil
    ) -> [Diagnostic] {
        guard bundle.layout == .versionedBundle else { return [] }
        let record: ShippedRecord, bytes: [UInt8], path: String
        switch file {
        case .absent:
            guard !bundle.versions.isEmpty else { return [] }
            let markShipped = SuggestedCommand(.markShipped, bundle: bundle.path)
            return [
                Diagnostic.note(
                    .noShippedRecord,
                    "no version of this model is marked shipped, so edits to released versions go unnoticed; after each "
                        + "release run `\(markShipped.text())`", at: SourceLocation(file: bundle.path)
                ).suggesting(markShipped)
            ]
        case .unusable(let diagnostic): return diagnostic.map { [$0] } ?? []
        case .loaded(let loaded, let read, let at): (record, bytes, path) = (loaded, read, at)
        }
        var diagnostics: [Diagnostic] = []
        let byName = Dictionary(versions.map { ($0.versionName, $0) }, uniquingKeysWith: { first, _ in first })
        let present = Set(bundle.versions.map(\.name))
        // An older record is verified with the facts its format had; the current one with the stage's fingerprint.
        let fingerprinter = Fingerprinter(format: record.formatVersion)
        for name in NaturalOrder.sorted(record.versions.keys) {
            let shipped = record.versions[name]!
            guard present.contains(name) else {
                diagnostics.append(
                    missing(
                        name, shipped, record: record, versions: versions, bundle: bundle,
                        at: ShippedRecord.location(ofVersion: name, in: bytes, file: path)))
                continue
            }
            guard let version = byName[name] else { continue }  // it has errors of its own
            let now =
                record.formatVersion == Fingerprinter.currentFormat
                ? version.fingerprint : fingerprinter.fingerprint(version.model, hashes: version.hashes)
            diagnostics += ShippedComparison(
                name: name, bundlePath: bundle.path, shipped: shipped, now: now,
                model: version.model
            ).differences()
        }
        var names = bundle.versions.map(\.name)
        if let current, current.isDeclared, let end = names.firstIndex(of: current.name) {
            names = Array(names[...end])
        }
        let unshipped = names.filter { record.versions[$0] == nil }
        if unshipped.count > 1 {
            let markShipped = SuggestedCommand(.markShipped, bundle: bundle.path, options: "--version NAME")
            diagnostics.append(
                Diagnostic.warning(
                    .multipleUnshippedVersions,
                    "\(unshipped.count) versions are not marked shipped ("
                        + unshipped.map { "'\($0)'" }.joined(separator: ", ")
                        + "); usually only the version being developed is: mark released ones with "
                        + "`\(markShipped.text())`",
                    at: SourceLocation(file: path, line: 1, column: 1)
                ).suggesting(markShipped))
        }
        return diagnostics
    }

    private static func missing(
        _ name: String, _ shipped: VersionFingerprint, record: ShippedRecord, versions: [CompiledVersion],
        bundle: ModelBundleSource, at location: SourceLocation
    ) -> Diagnostic {
        let renamedTo = versions.first {
            record.versions[$0.versionName] == nil && $0.versionChecksum == shipped.versionChecksum
        }?.versionName
        let what = renamedTo.map { "was renamed to '\($0)'" } ?? "was deleted"
        return .error(
            .shippedVersionMissing,
            "shipped version '\(name)' \(what): stores created by it can no longer be migrated "
                + "(NSMigrationMissingSourceModelError); restore '\(name).xcdatamodel' in \(bundle.path)", at: location)
    }
}

/// One shipped version against its current content.
private struct ShippedComparison {
    let name: String
    let bundlePath: String
    let shipped: VersionFingerprint
    let now: VersionFingerprint
    let model: ManagedObjectModel

    private var newVersion: SuggestedCommand { SuggestedCommand(.newVersion, bundle: bundlePath) }

    private var remedy: String {
        "Shipped versions are frozen: undo the edit, then run `\(newVersion.text())` and make the change in the new version"
    }

    private func storesBreak(_ what: String) -> String {
        "shipped version '\(name)' was edited: \(what), so stores created by '\(name)' will no longer open "
            + "(NSCocoaErrorDomain 134100). " + remedy
    }

    private func sameHashes(_ what: String) -> String {
        "shipped version '\(name)' was edited: \(what). The version hashes are unchanged, so stores still open, but the "
            + "same version now behaves differently in different builds. " + remedy
    }

    func differences() -> [Diagnostic] {
        guard !now.matches(shipped) else { return [] }
        let current = now
        var diagnostics: [Diagnostic] = [], explainer: HashChangeExplainer?
        let entities = model.entitiesByName
        for entityName in Set(shipped.entities.keys).union(current.entities.keys).sorted() {
            let location = entities[entityName]?.location ?? model.span.element
            switch (shipped.entities[entityName], current.entities[entityName]) {
            case (nil, _?):
                diagnostics.append(
                    .error(.shippedVersionModified, storesBreak("entity '\(entityName)' was added"), at: location))
            case (_?, nil):
                diagnostics.append(
                    .error(.shippedVersionModified, storesBreak("entity '\(entityName)' was removed"), at: location))
            case let (before?, after?):
                diagnostics += compare(before, after, entity: entities[entityName]!, explainer: &explainer)
            default: break
            }
        }
        if shipped.modelDigest != current.modelDigest {
            diagnostics.append(
                .error(
                    .shippedVersionModified,
                    sameHashes("its fetch request templates, configurations, composites or version identifier changed"),
                    at: model.span.element))
        }
        if diagnostics.isEmpty {
            diagnostics.append(
                .error(.shippedVersionModified, storesBreak("its versionChecksum changed"), at: model.span.element))
        }
        return diagnostics.map { $0.suggesting(newVersion) }
    }

    /// `explainer`: made on the first changed property hash (it indexes the whole model), then shared.
    private func compare(
        _ before: EntityFingerprint, _ after: EntityFingerprint, entity: Entity,
        explainer: inout HashChangeExplainer?
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var propertyHashChanged = false
        for propertyName in Set(before.properties.keys).union(after.properties.keys).sorted() {
            let label = "'\(entity.name).\(propertyName)'"
            let location = entity.properties.first { $0.name == propertyName }?.location ?? entity.location
            switch (before.properties[propertyName], after.properties[propertyName]) {
            case (nil, _?):
                propertyHashChanged = true
                diagnostics.append(
                    .error(.shippedVersionModified, storesBreak("property \(label) was added"), at: location))
            case (_?, nil):
                propertyHashChanged = true
                diagnostics.append(
                    .error(.shippedVersionModified, storesBreak("property \(label) was removed"), at: location))
            case let (old?, new?) where old.versionHash != new.versionHash:
                propertyHashChanged = true
                let explaining = explainer ?? HashChangeExplainer(model)
                explainer = explaining
                let property = entity.properties.first { $0.name == propertyName }
                let what = property.flatMap { property in
                    old.versionHash.flatMap { explaining.explain(property, of: entity, recorded: $0) }
                }
                diagnostics.append(
                    .error(
                        .shippedVersionModified,
                        storesBreak(
                            what.map { "\(label) changed its \($0)" }
                                ?? "\(label) changed (type, optionality, transience, destination, inverse, count or ordering)"
                        ),
                        at: location))
            case let (old?, new?) where old.digest != new.digest:
                diagnostics.append(
                    .error(
                        .shippedVersionModified,
                        sameHashes(
                            Self.describe(old.facts, new.facts, of: label)
                                ?? "a compiled setting of \(label) changed (userInfo, validation, index flag or similar)"
                        ),
                        at: location))
            default: break
            }
        }
        if before.versionHash != after.versionHash && !propertyHashChanged {
            diagnostics.append(
                .error(
                    .shippedVersionModified,
                    storesBreak(
                        "entity '\(entity.name)' changed (abstract flag, parent entity, an inherited property, "
                            + "uniqueness constraints or version hash modifier)"), at: entity.location))
        } else if before.digest != after.digest {
            diagnostics.append(
                .error(
                    .shippedVersionModified,
                    sameHashes(
                        Self.describe(before.facts, after.facts, of: "entity '\(entity.name)'")
                            ?? "a compiled setting of entity '\(entity.name)' changed (userInfo, fetch indexes or similar)"
                    ),
                    at: entity.location))
        }
        return diagnostics
    }

    /// "the default value of 'Book.title' changed from X to Y", for the recorded facts that differ.
    static func describe(_ before: [String: String]?, _ after: [String: String]?, of label: String) -> String? {
        let old = before ?? [:], new = after ?? [:]
        let changed = Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }.sorted()
        guard !changed.isEmpty else { return nil }
        return changed.map { key in
            "the \(key) of \(label) changed from \(old[key] ?? "none") to \(new[key] ?? "none")"
        }.joined(separator: "; ")
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let shippedVersionModified: DiagnosticCode = "shipped-version-modified"
    static let shippedVersionMissing: DiagnosticCode = "shipped-version-missing"
    static let multipleUnshippedVersions: DiagnosticCode = "multiple-unshipped-versions"
    static let noShippedRecord: DiagnosticCode = "no-shipped-record"
}
