/// One version of one model bundle.
struct VersionReference: Sendable, Hashable, Comparable {
    var bundle: String
    var version: String

    static func < (a: Self, b: Self) -> Bool { (a.bundle, a.version) < (b.bundle, b.version) }
}

/// The versions a store is matched against: one bundle's compiled versions, in version order.
struct CandidateBundle: Sendable {
    var name: String
    var versions: [CompiledVersion]
}

/// Which versions wrote a store, by its entity version hashes.
struct StoreMatch: Sendable {
    /// Every exact match: the entity hashes of the version (one version per bundle when models are merged) equal
    /// the store's, every entity, none extra, none missing. Several when versions are hash-identical.
    var writtenBy: [[VersionReference]]
    /// Among several matches, the ones whose version identifiers the store records: a hint, not proof.
    var identifierHint: [[VersionReference]]
    /// With no match: the version the store differs least from, and how.
    var nearest: NearestVersion?
    /// Notes on the match (an identifier that disagrees with a unique hash match).
    var notes: [String]
}

struct NearestVersion: Sendable {
    var reference: VersionReference
    var differences: [StoreDifference]
}

/// How a store's schema differs from a version's, in hashed facts only (the rest is invisible in a store).
enum StoreDifference: Sendable, Hashable {
    case entityOnlyInStore(String)
    case entityOnlyInVersion(String)
    case propertyOnlyInStore(entity: String, property: String)
    case propertyOnlyInVersion(entity: String, property: String)
    /// Both have it, with different hashed facts (type, optionality, count, destination, inverse, ...).
    case propertyDiffers(entity: String, property: String)
    /// Abstract flag, parent, version hash modifier or uniqueness constraints.
    case entityFactsDiffer(String)
    /// The entity's hash differs and the store keeps no model cache (or one that does not explain it).
    case entityHashDiffers(String)

    /// The words for one difference, with the version's name ("the store's Contact has abRecordId, V55 does not").
    func description(version: String) -> String {
        switch self {
        case .entityOnlyInStore(let entity): "the store has entity \(entity), \(version) does not"
        case .entityOnlyInVersion(let entity): "\(version) has entity \(entity), the store does not"
        case .propertyOnlyInStore(let entity, let property):
            "the store's \(entity) has \(property), \(version) does not"
        case .propertyOnlyInVersion(let entity, let property):
            "\(version)'s \(entity) has \(property), the store's does not"
        case .propertyDiffers(let entity, let property):
            "\(entity).\(property) differs (type, optionality, counts, destination, inverse or ordering)"
        case .entityFactsDiffer(let entity):
            "\(entity) differs in its abstract flag, parent, version hash modifier or uniqueness constraints"
        case .entityHashDiffers(let entity):
            "\(entity)'s hash differs (the store has no model cache to say which property)"
        }
    }
}
