/// The `store` report, as text for people and as a JSON value for tools: the same facts in both.
public struct StoreReport: Sendable, Encodable {
    struct Entity: Sendable, Encodable {
        var hash: String
        var rows: Int?
    }

    struct Metadata: Sendable, Encodable {
        var uuid: String?
        var storeType: String?
        var frameworkVersion: Int?
        var versionIdentifiers: [String]
        var checksum: String?
        var checksumAgrees: Bool?
        var digest: String?
        var digestAgrees: Bool?
        var hasModelCache: Bool
    }

    struct Verdict: Sendable, Encodable {
        /// `opens`, `migrates`, `fails` or `undecided`.
        var kind: String
        var current: [String]
        var from: String?
        var error: Int?
        var reason: String?
        /// The mapping model Core Data migrates with, when one covers the upgrade.
        var mappingModel: String?
        /// The migration analysis's findings for the path, data drops included.
        var changes: [String]
    }

    /// The store's path.
    public var store: String
    var metadata: Metadata
    var entities: [String: Entity]
    /// Each exact match: a version name, or for merged models one version per bundle joined with " + ".
    public var writtenBy: [String]
    var identifierHint: [String]
    var nearest: String?
    var differences: [String]
    var notes: [String]
    var verdict: Verdict?
    /// What the upgrade drops, in the store's rows: per dropped attribute, to-one relationship and entity.
    var drops: [StoreDrop] = []

    init(store: CoreDataStore, match: StoreMatch, verdict: StoreVerdict?, current: [VersionReference]) {
        let qualified = Set(current.map(\.bundle)).count > 1
        func name(_ reference: VersionReference) -> String {
            qualified ? "\(reference.bundle): \(reference.version)" : reference.version
        }
        func names(_ combination: [VersionReference]) -> String { combination.map(name).joined(separator: " + ") }
        let metadata = store.metadata
        self.store = store.path
        self.metadata = Metadata(
            uuid: metadata.uuid, storeType: metadata.storeType,
            frameworkVersion: metadata.frameworkVersion,
            versionIdentifiers: metadata.versionIdentifiers, checksum: metadata.checksum,
            checksumAgrees: metadata.checksum.map { $0 == metadata.computedChecksum },
            digest: metadata.digest,
            digestAgrees: metadata.digest.map { $0 == metadata.computedDigest },
            hasModelCache: store.modelCache != nil)
        entities = metadata.entityHashes.mapValues { Entity(hash: Hex.encode($0), rows: nil) }
        for (entity, rows) in store.rowCounts where entities[entity] != nil { entities[entity]?.rows = rows }
        writtenBy = match.writtenBy.map(names)
        identifierHint = match.identifierHint.map(names)
        nearest = match.nearest.map { name($0.reference) }
        differences =
            match.nearest.map { nearest in
                nearest.differences.map { $0.description(version: name(nearest.reference)) }
            } ?? []
        notes = match.notes
        let currentNames = current.map(name)
        switch verdict {
        case .opensAsIs?:
            self.verdict = Verdict(kind: "opens", current: currentNames, changes: [])
        case .opensAfterMigration(let from, let report)?:
            self.verdict = Verdict(
                kind: "migrates", current: currentNames, from: from,
                reason: report.verdict.description, changes: report.changes.map(\.message))
        case .opensAfterMappingModel(let from, let mappingModel)?:
            self.verdict = Verdict(
                kind: "migrates", current: currentNames, from: from, mappingModel: mappingModel,
                changes: [])
        case .fails(let error, let reason, let report)?:
            self.verdict = Verdict(
                kind: "fails", current: currentNames, error: error, reason: reason,
                changes: report?.changes.map(\.message) ?? [])
        case .undecided(let reason)?:
            self.verdict = Verdict(kind: "undecided", current: currentNames, reason: reason, changes: [])
        case nil:
            self.verdict = nil
        }
    }

    /// The report for people: metadata, entities, who wrote the store, and the verdict.
    public var text: String {
        var lines = ["store: \(store)"]
        lines.append(
            "  framework version \(metadata.frameworkVersion.map(String.init) ?? "unknown"), store type "
                + "\(metadata.storeType ?? "unknown"), UUID \(metadata.uuid ?? "unknown")")
        lines.append(
            "  version identifiers: "
                + (metadata.versionIdentifiers.isEmpty
                    ? "none"
                    : metadata.versionIdentifiers.map { "'\($0)'" }.joined(separator: ", ")))
        func recorded(_ value: String?, agrees: Bool?) -> String {
            guard let value else { return "not recorded" }
            return value + (agrees == true ? " (agrees with the hashes)" : " (does NOT agree with the hashes)")
        }
        lines.append("  versionChecksum: " + recorded(metadata.checksum, agrees: metadata.checksumAgrees))
        lines.append("  hashes digest: " + recorded(metadata.digest, agrees: metadata.digestAgrees))
        lines.append("  model cache: " + (metadata.hasModelCache ? "yes" : "none"))
        let width = max(6, entities.keys.map(\.count).max() ?? 0)
        func padded(_ text: String) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        lines.append("  \(padded("entity")) versionHash (hex)\(String(repeating: " ", count: 47)) rows")
        for name in entities.keys.sorted() {
            let entity = entities[name]!
            lines.append("  \(padded(name)) \(entity.hash) \(entity.rows.map(String.init) ?? "-")")
        }
        if writtenBy.isEmpty {
            lines.append("written by: none")
            if let nearest {
                let count = "\(differences.count) difference\(differences.count == 1 ? "" : "s")"
                lines.append("nearest version: \(nearest) (\(count))")
                lines += differences.map { "  - " + $0 }
            }
        } else {
            lines.append("written by: " + writtenBy.joined(separator: " or "))
            if writtenBy.count > 1 {
                lines.append(
                    "  these versions are hash-identical; "
                        + (identifierHint.isEmpty
                            ? "no version identifier tells them apart"
                            : "the store's version identifiers point at " + identifierHint.joined(separator: " or ")
                                + " (a hint only)"))
            }
        }
        lines += notes.map { "note: " + $0 }
        if let verdict {
            let current = verdict.current.joined(separator: " + ")
            switch verdict.kind {
            case "opens": lines.append("verdict for \(current) (current): opens as is, no migration")
            case "migrates" where verdict.mappingModel != nil:
                lines.append(
                    "verdict for \(current) (current): opens after a migration from \(verdict.from ?? "?") "
                        + "with mapping model \(verdict.mappingModel ?? "")")
            case "migrates":
                lines.append(
                    "verdict for \(current) (current): opens after an inferred migration from "
                        + "\(verdict.from ?? "?"): "
                        + (verdict.reason ?? ""))
            case "fails":
                lines.append(
                    "verdict for \(current) (current): fails with error \(verdict.error ?? 0): "
                        + (verdict.reason ?? ""))
            default: lines.append("verdict for \(current) (current): \(verdict.reason ?? "")")
            }
            lines += verdict.changes.map { "  - " + $0 }
        }
        if !drops.isEmpty {
            lines.append("what the upgrade drops from this store:")
            lines += drops.map { "  - " + $0.description }
        }
        // Names come from the store and the model: each line stays one line, without terminal escapes.
        return lines.map(DiagnosticRenderer.escapingControlCharacters).joined(separator: "\n") + "\n"
    }
}
