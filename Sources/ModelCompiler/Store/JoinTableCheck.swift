/// The store doctor's check of the naming rule on users' real stores: the join tables a store has against those
/// `JoinTableNaming` derives for the version that wrote it (names and column sets; order is not compared, since a
/// store migrated in place keeps older orders). A difference is a note: the store was migrated in place from an older
/// model (its tables keep their names), or the derivation misses a case worth reporting.
enum JoinTableCheck {
    static func note(_ store: CoreDataStore, writer: CompiledVersion) -> Diagnostic? {
        let derived = Dictionary(
            StoreLayout(writer.model).joinTables.map { join in
                (join.name, Set([join.first.column, join.second.column] + join.orderColumns))
            }, uniquingKeysWith: { first, _ in first })
        var differences: [String] = []
        for name in Set(derived.keys).union(store.joinTables.keys).sorted() {
            switch (derived[name], store.joinTables[name]) {
            case (nil, _?): differences.append("'\(name)' is in the store but not derived")
            case (_?, nil): differences.append("'\(name)' is derived but not in the store")
            case (let mine?, let theirs?) where mine != theirs:
                differences.append(
                    "'\(name)' has columns " + theirs.sorted().joined(separator: ", ")
                        + " where " + mine.sorted().joined(separator: ", ") + " are derived")
            default: continue
            }
        }
        guard !differences.isEmpty else { return nil }
        let shown =
            differences.prefix(3).joined(separator: "; ")
            + (differences.count > 3 ? " and \(differences.count - 3) more" : "")
        return .note(
            .storeJoinTablesDiffer,
            "the store's many-to-many join tables differ from those Core Data's naming "
                + "gives '\(writer.versionName)': \(shown). A store migrated in place keeps the names of the version it "
                + "was created by; otherwise openmomc's derivation misses a case (please report it with the model)",
            at: SourceLocation(file: store.path))
    }
}

extension DiagnosticCode {
    /// A store's join tables are not those the naming rule derives for the version that wrote it.
    static let storeJoinTablesDiffer: DiagnosticCode = "store-join-tables-differ"
}
