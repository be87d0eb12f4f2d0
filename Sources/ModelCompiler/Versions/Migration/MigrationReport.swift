/// What Core Data's inferred (lightweight) migration does to a store, from one version to another.
public struct MigrationReport: Sendable {
    /// The source version's name.
    public var from: String
    /// The destination version's name.
    public var to: String
    /// Every change between the two versions, each with its verdict.
    public var changes: [MigrationChange]
    /// The mapping model whose custom migration runs for this pair, when one covers it (its changes are then what
    /// that mapping model drops).
    public var mappingModel: String? = nil

    /// The verdict for the pair as a whole: the worst of its changes.
    public var verdict: MigrationVerdict {
        changes.map(\.verdict).max() ?? .noMigrationNeeded
    }

    /// The verdict said for the user: a mapping model's hop is its custom migration, whatever inference would do.
    public var summary: String {
        guard let mappingModel else { return verdict.description }
        return "custom migration by '\(mappingModel)'" + (verdict == .dataLoss ? ", which drops data" : "")
    }
}

/// Ordered from harmless to fatal, so that `max()` is the pair's verdict.
public enum MigrationVerdict: Int, Comparable, Sendable, CustomStringConvertible {
    /// The version hashes are equal: Core Data opens the old store as it is.
    case noMigrationNeeded
    /// Lightweight migration handles it without losing data.
    case inferable
    /// Lightweight migration succeeds, but data in the old store is dropped (silently, at run time).
    case dataLoss
    /// Lightweight migration cannot be inferred: the store fails to open at launch.
    case notInferable

    /// Ordered from harmless to fatal.
    public static func < (lhs: MigrationVerdict, rhs: MigrationVerdict) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A short label for listings.
    public var label: String {
        switch self {
        case .noMigrationNeeded: "no change"
        case .inferable: "inferable"
        case .dataLoss: "DATA DROPPED"
        case .notInferable: "NOT INFERABLE"
        }
    }

    /// The verdict, said for the user.
    public var description: String {
        switch self {
        case .noMigrationNeeded: "no migration needed"
        case .inferable: "inferable (lightweight migration)"
        case .dataLoss: "inferable, but data is dropped"
        case .notInferable: "not inferable: the store will fail to open"
        }
    }
}

/// One difference between two versions and what migrating it does to a store.
public struct MigrationChange: Sendable {
    /// What migrating this change does.
    public var verdict: MigrationVerdict
    /// A stable identifier of the kind of change, also the diagnostic code when it is reported.
    public var code: DiagnosticCode
    /// `Entity.property` or `Entity`, in the destination's names where it exists there.
    public var subject: String
    /// The change, said for the user.
    public var message: String
    /// The line the change is about: in the destination version, or the source for removals.
    public var location: SourceLocation
    /// The reason recorded in `AcknowledgedChanges.json` when the team accepted this data drop.
    public var acknowledgement: String? = nil
    /// How the change reads as one of several alike, when `check` says them in one finding.
    var listing: ChangeListing? = nil
    /// What the team can do about it in the version it is found in, when the message ends with advice
    /// (`message` is the statement, "; ", then this): a finding on an upgrade that already shipped gives other advice.
    var advice: String? = nil

    /// The message without its advice.
    var statement: String {
        guard let advice, message.hasSuffix("; " + advice) else { return message }
        return String(message.dropLast(advice.count + 2))
    }
}

/// One of several changes of a kind said in one finding: the removals of an entity's properties, or of entities,
/// seen at one version (a version step that retires a feature), or an entity's properties that change kind.
struct ChangeListing: Sendable, Hashable {
    /// Changes are listed together only within one scope: the entity for its properties, "" for entity removals.
    var scope: String
    /// The subject as it reads in a list: `'Book.isbn'`, `'Tag'`.
    var name: String
    /// For a property removal: what the store loses ("column ZISBN") and from which rows ("every Book row").
    var loss: String? = nil
    var rows: String? = nil
    /// For an entity removal: the relationships of entities that stay which pointed at it, dropped with it.
    var links: [String] = []
}

extension DiagnosticCode {
    static let migrationTypeChange: DiagnosticCode = "migration-type-change"
    static let migrationRequiredWithoutDefault: DiagnosticCode = "migration-required-without-default"
    static let migrationHierarchyMerge: DiagnosticCode = "migration-hierarchy-merge"
    static let migrationEntityMadeAbstract: DiagnosticCode = "migration-entity-made-abstract"
    static let migrationDestinationChange: DiagnosticCode = "migration-destination-change"
    static let migrationKindChange: DiagnosticCode = "migration-kind-change"
    static let migrationCloudKitNotAdditive: DiagnosticCode = "migration-cloudkit-not-additive"
    static let migrationDataDropped: DiagnosticCode = "migration-data-dropped"
    static let migrationProbableRename: DiagnosticCode = "migration-probable-rename"
    static let migrationBrokenRenameChain: DiagnosticCode = "migration-broken-rename-chain"
    static let migrationEntityDropped: DiagnosticCode = "migration-entity-dropped"
    static let migrationInferable: DiagnosticCode = "migration-inferable"
    /// A numeric type change nobody has shown inferred migration to handle, or to refuse: reported, never an error.
    static let migrationNumericConversion: DiagnosticCode = "migration-numeric-conversion"
    static let retiredNamePresent: DiagnosticCode = "retired-name-present"
    static let retiredNameUnknown: DiagnosticCode = "retired-name-unknown"
}
