/// Will the bundle's current version open a store? Core Data opens it as is when every entity hash matches the
/// current version; else it looks for the version whose hashes match, then for a mapping model whose hashes match
/// both (mapping-model-format.md §5), and infers a migration only when there is none (migration-rules.md, "What a
/// store remembers"). The error numbers are Core Data's (NSCocoaErrorDomain).
enum StoreVerdict: Sendable {
    case opensAsIs(version: String)
    /// An inferred (lightweight) migration from the writing version; the analysis names what it drops.
    case opensAfterMigration(from: String, report: MigrationReport)
    /// A custom migration with the mapping model that covers the hop from the writing version.
    case opensAfterMappingModel(from: String, mappingModel: String)
    case fails(error: Int, reason: String, report: MigrationReport?)
    /// Not decided here (merged models migrate only through a merged source model, which is not analysed yet).
    case undecided(reason: String)
}

/// One bundle as the verdict needs it.
struct VerdictBundle {
    var name: String
    var versions: [CompiledVersion]
    var current: CompiledVersion?
    var hops: [MappingModelRule.Hop] = []
    var staleMappingModels: [MappingModelRule.Stale] = []
}

enum StoreVerdicts {
    static func verdict(_ match: StoreMatch, bundles: [VerdictBundle]) -> StoreVerdict? {
        guard bundles.allSatisfy({ $0.current != nil }) else { return nil }
        let currents = Set(bundles.map { VersionReference(bundle: $0.name, version: $0.current!.versionName) })
        // Merged models open as is only when the store was written by every bundle's current version together.
        if let opened = match.writtenBy.first(where: { Set($0) == currents }) {
            return .opensAsIs(version: opened.map(\.version).joined(separator: " + "))
        }
        guard let writer = match.identifierHint.first ?? match.writtenBy.first else {
            let names = bundles.map(\.name).joined(separator: " and ")
            if let unrelated = unrelated(match, bundles: bundles) {
                return .fails(
                    error: 134130,
                    reason: "the store has no entity in common with \(names) (the store's: "
                        + "\(unrelated)): this looks like another model's store, not an edited version; name the app's model "
                        + "with --model", report: nil)
            }
            return .fails(
                error: 134130,
                reason: "no version of \(names) has the store's entity hashes, so Core Data finds "
                    + "no source model to migrate from (134130, NSMigrationMissingSourceModelError; 134100, incompatible, "
                    + "without automatic migration): the version that wrote the store was edited after it shipped or "
                    + "removed from the bundle", report: nil)
        }
        guard bundles.count == 1, writer.count == 1, let bundle = bundles.first, let current = bundle.current,
            let source = bundle.versions.first(where: { $0.versionName == writer[0].version })
        else {
            return .undecided(
                reason: "the store was written by an earlier combination of the merged models; openmomc "
                    + "does not analyse migrations of merged models yet")
        }
        if let hop = bundle.hops.first(where: { $0.covers(source.versionName, current.versionName) }) {
            return .opensAfterMappingModel(from: source.versionName, mappingModel: hop.mappingModel)
        }
        let report = MigrationAnalyzer.analyze(from: source, to: current, history: bundle.versions.map(\.model))
        guard report.verdict == .notInferable else {
            return .opensAfterMigration(from: source.versionName, report: report)
        }
        let blocking = report.changes.filter { $0.verdict == .notInferable }
        let missingValue = blocking.contains { $0.code == .migrationRequiredWithoutDefault }
        let reason = blocking.map(\.message).joined(separator: "; ")
        // The mapping model made for this upgrade, had it not gone stale, would have been found.
        let (from, to) = (source.versionName, current.versionName)
        let stale =
            bundle.staleMappingModels.first { $0.source == from && $0.destination == to }
            ?? bundle.staleMappingModels.first { $0.source == from || $0.destination == to }
        if let stale {
            return .fails(
                error: 134140,
                reason: "the mapping model for this upgrade, '\(stale.mappingModel)', is stale: "
                    + "its hashes match no version (see `openmomc check`), so Core Data does not find it and cannot infer a "
                    + "mapping from \(source.versionName) (134140): " + reason, report: report)
        }
        return .fails(
            error: missingValue ? 134110 : 134140,
            reason: missingValue
                ? "the inferred migration from \(source.versionName) leaves a required attribute without a value (134110): \(reason)"
                : "Core Data cannot infer a mapping from \(source.versionName) and the bundle has no mapping model (134140): "
                    + reason, report: report)
    }

    /// The store's entity names (a few), when even the nearest version shares none of them: the wrong model.
    private static func unrelated(_ match: StoreMatch, bundles: [VerdictBundle]) -> String? {
        guard let nearest = match.nearest,
            let version = bundles.first(where: { $0.name == nearest.reference.bundle })?.versions
                .first(where: { $0.versionName == nearest.reference.version })
        else { return nil }
        let differences = Set(nearest.differences)
        guard version.model.entities.allSatisfy({ differences.contains(.entityOnlyInVersion($0.name)) }) else {
            return nil
        }
        let stored = nearest.differences.compactMap { difference -> String? in
            if case .entityOnlyInStore(let name) = difference { return "'\(name)'" }
            return nil
        }.sorted()
        guard !stored.isEmpty else { return nil }
        return stored.prefix(5).joined(separator: ", ") + (stored.count > 5 ? " and \(stored.count - 5) more" : "")
    }
}
