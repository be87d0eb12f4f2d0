/// How a store's SQL indexes for `indexed="YES"` attributes and old `<compoundIndexes>` are named, which depends on
/// the Core Data build that created the table, not on the model (store-format.md section 6):
/// - before fetch indexes existed, after the table and its columns: `ZUSER_ZNORMALIZEDNAME_INDEX`,
///   `ZCONVERSATION_ZINTERNALISARCHIVED_ZLASTMODIFIEDDATE` (frameworks 637 to 752 in real stores);
/// - since, as the fetch indexes momc makes of them: `Z_User_normalizedName`,
///   `Z_Conversation_internalIsArchived_lastModifiedDate`, each column `COLLATE BINARY ASC`, for the declaring entity
///   only (framework 1132: a messaging app's store of its 2.98.0 model).
/// Foreign keys, `Z_ENT` and join tables keep the first form in both. Where the change falls between 752 and 1132 is
/// OPEN (Docs/CompatibilityChoices.md): fetch indexes came with iOS 11 and macOS 10.13.
enum IndexNaming: Equatable {
    case tableAndColumns
    case fetchIndex

    /// The first framework build assumed to name indexes as fetch indexes.
    static let firstFetchIndexFramework = 800

    init(framework: Int) {
        self = framework >= Self.firstFetchIndexFramework ? .fetchIndex : .tableAndColumns
    }
}
