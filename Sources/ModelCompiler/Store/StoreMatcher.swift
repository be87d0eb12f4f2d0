/// Matches a store against every version of the given bundles (store-format.md §9): exact entity-hash equality
/// first, then, for merged models, one version per bundle whose entity sets are disjoint and together equal the
/// store's; with no match, the version the store differs least from, by property where the model cache allows.
enum StoreMatcher {
    static func match(_ store: CoreDataStore, against bundles: [CandidateBundle]) -> StoreMatch {
        let hashes = store.metadata.entityHashes
        var writtenBy: [[VersionReference]] = []
        for bundle in bundles {
            for version in bundle.versions where version.hashes.entityHashes == hashes {
                writtenBy.append([VersionReference(bundle: bundle.name, version: version.versionName)])
            }
        }
        if writtenBy.isEmpty && bundles.count > 1 { writtenBy = merged(hashes, bundles) }
        let identifiers = Set(store.metadata.versionIdentifiers)
        func identifier(_ reference: VersionReference) -> String? {
            bundles.first { $0.name == reference.bundle }?.versions.first { $0.versionName == reference.version }?
                .model.metadata.versionIdentifier.flatMap { $0.isEmpty ? nil : $0 }
        }
        var hint: [[VersionReference]] = []
        var notes: [String] = []
        if writtenBy.count > 1, !identifiers.isEmpty {
            hint = writtenBy.filter { combination in
                combination.allSatisfy { identifier($0).map(identifiers.contains) == true }
            }
        } else if writtenBy.count == 1 {
            let declared = writtenBy[0].compactMap(identifier)
            if Set(declared) != identifiers {
                notes.append(
                    "the store's version identifiers \(list(identifiers.sorted())) are not the writing version's "
                        + "\(list(declared.sorted())); identifiers are only hints, the hashes decide")
            }
        }
        let nearest = writtenBy.isEmpty ? nearestVersion(store, bundles) : nil
        return StoreMatch(writtenBy: writtenBy, identifierHint: hint, nearest: nearest, notes: notes)
    }

    private static func list(_ values: [String]) -> String {
        "[" + values.map { "'\($0)'" }.joined(separator: ", ") + "]"
    }

    /// Combinations of one version from each of several bundles that together hold exactly the store's entities.
    /// Candidates per bundle are the versions all of whose entities the store has with equal hashes, so the search
    /// stays small; it is bounded anyway.
    private static func merged(_ hashes: [String: [UInt8]], _ bundles: [CandidateBundle]) -> [[VersionReference]] {
        let candidates: [[(VersionReference, Set<String>)]] = bundles.map { bundle in
            bundle.versions.filter { version in
                version.hashes.entityHashes.allSatisfy { hashes[$0.key] == $0.value }
            }.map { (VersionReference(bundle: bundle.name, version: $0.versionName), Set($0.hashes.entityHashes.keys)) }
        }
        var found: [[VersionReference]] = [], visited = 0
        func search(_ index: Int, _ chosen: [VersionReference], _ covered: Set<String>) {
            visited += 1
            guard visited < 100_000, found.count < 100 else { return }
            if index == candidates.count {
                if covered.count == hashes.count { found.append(chosen) }
                return
            }
            for (reference, names) in candidates[index] where covered.isDisjoint(with: names) {
                search(index + 1, chosen + [reference], covered.union(names))
            }
        }
        search(0, [], [])
        return found
    }

    private static func nearestVersion(_ store: CoreDataStore, _ bundles: [CandidateBundle]) -> NearestVersion? {
        let cache = store.modelCache.map(StoreDifferences.Cache.init)
        var best: (score: Int, entities: Int, order: Int, nearest: NearestVersion)?
        var order = 0
        for bundle in bundles {
            for version in bundle.versions {
                order += 1
                let differences = StoreDifferences.between(store, cache: cache, and: version)
                let versionEntities = version.model.entitiesByName
                let score = differences.reduce(0) {
                    $0 + weight($1, store: cache?.entities ?? [:], version: versionEntities)
                }
                let entities = Set(differences.map(\.entity)).count
                let reference = VersionReference(bundle: bundle.name, version: version.versionName)
                // Fewest differing properties, then fewest entities; among equals, the later version.
                if best == nil || (score, entities, -order) < (best!.score, best!.entities, -best!.order) {
                    best = (score, entities, order, NearestVersion(reference: reference, differences: differences))
                }
            }
        }
        return best?.nearest
    }

    /// An entity present on one side only weighs as much as its properties, so that ranking is by properties.
    private static func weight(_ difference: StoreDifference, store: [String: Entity], version: [String: Entity]) -> Int
    {
        func count(_ entities: [String: Entity], _ name: String) -> Int {
            guard let entity = entities[name] else { return 1 }
            return 1 + entity.attributes.count + entity.relationships.count
        }
        switch difference {
        case .entityOnlyInStore(let name): return count(store, name)
        case .entityOnlyInVersion(let name): return count(version, name)
        default: return 1
        }
    }
}
