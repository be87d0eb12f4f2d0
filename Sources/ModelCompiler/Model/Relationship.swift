/// A `<relationship>` from one entity to another.
public struct Relationship: Hashable, Sendable {
    /// What deleting the source object does to the destination objects (`NSDeleteRule`).
    public enum DeleteRule: String, CaseIterable, Hashable, Sendable {
        /// Nothing: the destination keeps pointing at the deleted object.
        case noAction = "No Action"
        /// The destination's inverse no longer holds the deleted object.
        case nullify = "Nullify"
        /// The destination objects are deleted too.
        case cascade = "Cascade"
        /// The delete fails while the relationship holds an object.
        case deny = "Deny"

        /// `NSDeleteRule.rawValue`.
        var deleteRuleCode: Int {
            switch self {
            case .noAction: 0
            case .nullify: 1
            case .cascade: 2
            case .deny: 3
            }
        }
    }

    /// The relationship's name.
    public var name: String
    /// `destinationEntity`; nil when missing (a diagnostic says so).
    public var destinationEntityName: String?
    /// The name of the inverse relationship, nil when there is none.
    public var inverseName: String?
    var inverseEntityName: String?
    /// True when the relationship may be empty.
    public var isOptional = false
    /// True for a to-many relationship.
    public var isToMany = false
    /// True for an ordered to-many relationship (`NSOrderedSet`).
    public var isOrdered = false
    /// `minCount`/`maxCount` as written; a missing `minCount` means 0 and a missing `maxCount` means
    /// unbounded for to-many, 1 for to-one.
    var minCountValue: Int?
    var maxCountValue: Int?
    /// Nil when `deletionRule` is not written; Core Data's default is Nullify.
    var deleteRuleValue: DeleteRule?
    var isTransient = false
    var isIndexed = false
    /// The relationship's renaming identifier: the name it had in an earlier version.
    public var renamingIdentifier: RenamingIdentifier?
    var versionHashModifier: String?
    var userInfo = UserInfo()
    var span: SourceSpan

    init(name: String, span: SourceSpan) {
        self.name = name
        self.span = span
    }

    /// Where the `<relationship>` element is.
    public var location: SourceLocation { span.element }
    var minCount: Int { minCountValue ?? 0 }
    /// 0 means unbounded, as `NSRelationshipDescription.maxCount` has it.
    var maxCount: Int { maxCountValue ?? (isToMany ? 0 : 1) }
    /// The delete rule; Nullify when the model does not say.
    public var deleteRule: DeleteRule { deleteRuleValue ?? .nullify }
    var effectiveRenamingIdentifier: String { renamingIdentifier?.value ?? name }

    /// Whether it has a column in the store: transient relationships are never migrated.
    var isStored: Bool { !isTransient }
}
