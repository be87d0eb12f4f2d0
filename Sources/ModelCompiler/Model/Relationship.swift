/// A `<relationship>` from one entity to another.
public struct Relationship: Hashable, Sendable {
    public enum DeleteRule: String, CaseIterable, Hashable, Sendable {
        case noAction = "No Action"
        case nullify = "Nullify"
        case cascade = "Cascade"
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

    public var name: String
    /// `destinationEntity`; nil when missing (a diagnostic says so).
    public var destinationEntityName: String?
    public var inverseName: String?
    var inverseEntityName: String?
    public var isOptional = false
    public var isToMany = false
    public var isOrdered = false
    /// `minCount`/`maxCount` as written; a missing `minCount` means 0 and a missing `maxCount` means
    /// unbounded for to-many, 1 for to-one.
    var minCountValue: Int?
    var maxCountValue: Int?
    /// Nil when `deletionRule` is not written; Core Data's default is Nullify.
    var deleteRuleValue: DeleteRule?
    var isTransient = false
    var isIndexed = false
    public var renamingIdentifier: RenamingIdentifier?
    var versionHashModifier: String?
    var userInfo = UserInfo()
    var span: SourceSpan

    init(name: String, span: SourceSpan) {
        self.name = name
        self.span = span
    }

    public var location: SourceLocation { span.element }
    var minCount: Int { minCountValue ?? 0 }
    /// 0 means unbounded, as `NSRelationshipDescription.maxCount` has it.
    var maxCount: Int { maxCountValue ?? (isToMany ? 0 : 1) }
    public var deleteRule: DeleteRule { deleteRuleValue ?? .nullify }
    var effectiveRenamingIdentifier: String { renamingIdentifier?.value ?? name }

    /// Whether it has a column in the store: transient relationships are never migrated.
    var isStored: Bool { !isTransient }
}
