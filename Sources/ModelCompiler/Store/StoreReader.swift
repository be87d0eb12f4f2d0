/// Reads a Core Data SQLite store from a private copy (`StoreCopy`); the user's files are only ever read. Every
/// way a file can fail to be a readable store is one diagnostic at the store's path.
enum StoreReader {
    private static let sqliteMagic = Array("SQLite format 3\u{0}".utf8)

    static func read(_ path: String) -> (CoreDataStore?, [Diagnostic]) {
        let here = SourceLocation(file: path)
        switch FileSystem.kind(of: path) {
        case .missing: return (nil, [.error(.fileNotFound, "no such file or directory", at: here)])
        case .file: break
        default: return (nil, [.error(.storeNotSQLite, "not a store file (a folder or a special file)", at: here)])
        }
        guard case .success(let header) = FileSystem.readPrefix(path, count: 100) else {
            return (nil, [.error(.storeUnreadable, "cannot read the file", at: here)])
        }
        guard header.starts(with: sqliteMagic) else {
            return (
                nil,
                [
                    .error(
                        .storeNotSQLite,
                        "not an SQLite database (or an encrypted one): a Core Data SQLite store "
                            + "starts with 'SQLite format 3'", at: here)
                ]
            )
        }
        let copy: StoreCopy
        do { copy = try StoreCopy(of: path) } catch {
            return (nil, [.error(.storeUnreadable, error.reason, at: here)])
        }
        do {
            let database = try SQLiteDatabase(copy: copy.path)
            return try read(database, path: path)
        } catch {
            return (nil, [.error(.storeUnreadable, "SQLite cannot read it: \(error.message)", at: here)])
        }
    }

    private static func read(
        _ database: SQLiteDatabase, path: String
    ) throws(SQLiteDatabase.Failure)
        -> (CoreDataStore?, [Diagnostic])
    {
        let here = SourceLocation(file: path)
        let tables = Set(
            try database.rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0.first?.text })
        guard tables.contains("Z_METADATA") else {
            return (
                nil,
                [
                    .error(
                        .storeNotCoreData,
                        "an SQLite database, but not a Core Data store: it has no Z_METADATA "
                            + "table", at: here)
                ]
            )
        }
        let rows = try database.rows("SELECT Z_UUID, Z_PLIST FROM Z_METADATA ORDER BY Z_VERSION")
        guard let row = rows.first, row.count == 2 else {
            return (nil, [.error(.storeMetadataMalformed, "Z_METADATA has no row", at: here)])
        }
        var diagnostics: [Diagnostic] = []
        let metadata: StoreMetadata
        switch StoreMetadataReader.metadata(plist: row[1].blob ?? [], uuid: row[0].text) {
        case .success(let read): metadata = read
        case .failure(let problem):
            return (
                nil,
                [.error(.storeMetadataMalformed, "the metadata plist (Z_METADATA.Z_PLIST) \(problem.text)", at: here)]
            )
        }
        var primaryKeys: [CoreDataStore.PrimaryKeyRow] = []
        if tables.contains("Z_PRIMARYKEY") {
            primaryKeys = try database.rows("SELECT Z_ENT, Z_NAME, Z_SUPER, Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT")
                .compactMap {
                    guard $0.count == 4, let number = $0[0].integer, let name = $0[1].text else { return nil }
                    return .init(
                        entityNumber: Int(number), name: name, superNumber: Int($0[2].integer ?? 0),
                        maxPrimaryKey: Int($0[3].integer ?? 0))
                }
        }
        let (rowCounts, columnValues) = try counts(database, tables: tables, primaryKeys: primaryKeys)
        var modelCache: ManagedObjectModel?
        if tables.contains("Z_MODELCACHE"),
            let blob = try database.rows("SELECT Z_CONTENT FROM Z_MODELCACHE").first?.first?.blob
        {
            switch StoreModelCache.model(deflated: blob, file: path) {
            case .success(let model): modelCache = model
            case .failure(let problem):
                diagnostics.append(
                    .error(
                        .storeModelCacheUnreadable,
                        "the store's model cache (Z_MODELCACHE) \(problem.text); "
                            + "differences can be named per entity only", at: here))
            }
        }
        var store = CoreDataStore(
            path: path, metadata: metadata, primaryKeys: primaryKeys, rowCounts: rowCounts,
            modelCache: modelCache)
        store.columnValues = columnValues
        for table in tables where table.hasPrefix("Z") {
            let info = try database.rows("PRAGMA table_info(\(SQLiteDatabase.quoted(table)))")
            let columns = info.compactMap { $0.count > 1 ? $0[1].text : nil }
            let isJoin = table.hasPrefix("Z_") && table.dropFirst(2).first?.isNumber == true
            if isJoin { store.joinTables[table] = Set(columns) }
            // Links: a join table's columns; a to-many without inverse keeps its own in the destination's table.
            let links = columns.filter { isJoin ? !$0.hasPrefix("Z_FOK_") : $0.dropFirst().first?.isNumber == true }
            guard !links.isEmpty else { continue }
            let counted = links.map { "COUNT(DISTINCT \(SQLiteDatabase.quoted($0)))" }.joined(separator: ", ")
            if let row = try database.rows("SELECT \(counted) FROM \(SQLiteDatabase.quoted(table))").first,
                row.count == links.count
            {
                for (column, value) in zip(links, row) {
                    store.linkedObjects[table, default: [:]][column] = Int(value.integer ?? 0)
                }
            }
        }
        return (store, diagnostics + consistency(metadata, at: here))
    }

    /// Rows per entity and, per table and entity number, how many rows hold a value in each column (what an upgrade
    /// that drops a column loses): one pass over each entity table. Subentities share their root's table `Z<ROOT>`,
    /// told apart by `Z_ENT`.
    private static func counts(
        _ database: SQLiteDatabase, tables: Set<String>, primaryKeys: [CoreDataStore.PrimaryKeyRow]
    )
        throws(SQLiteDatabase.Failure) -> (rows: [String: Int], values: [String: [Int: [String: Int]]])
    {
        let byNumber = Dictionary(primaryKeys.map { ($0.entityNumber, $0) }, uniquingKeysWith: { first, _ in first })
        func root(_ row: CoreDataStore.PrimaryKeyRow) -> CoreDataStore.PrimaryKeyRow {
            var current = row, seen: Set<Int> = [row.entityNumber]
            while let parent = byNumber[current.superNumber], seen.insert(parent.entityNumber).inserted {
                current = parent
            }
            return current
        }
        let tablesByUppercase = Dictionary(
            tables.map { ($0.uppercased(), $0) }, uniquingKeysWith: { first, _ in first })
        var perTable: [String: [Int: Int]] = [:], counts: [String: Int] = [:]
        var values: [String: [Int: [String: Int]]] = [:]
        for row in primaryKeys {
            guard let table = tablesByUppercase["Z" + root(row).name.uppercased()] else { continue }
            if perTable[table] == nil {
                let quoted = SQLiteDatabase.quoted(table)
                let columns = ((try? database.rows("PRAGMA table_info(\(quoted))")) ?? []).compactMap { info in
                    info.count > 1 ? info[1].text : nil
                }.filter { $0.hasPrefix("Z") && !["Z_PK", "Z_ENT", "Z_OPT"].contains($0) }
                let counted = columns.map { ", COUNT(\(SQLiteDatabase.quoted($0)))" }.joined()
                let sql = "SELECT Z_ENT, COUNT(*)\(counted) FROM \(quoted) GROUP BY Z_ENT"
                var rows: [Int: Int] = [:], held: [Int: [String: Int]] = [:]
                for result in (try? database.rows(sql)) ?? [] {
                    guard result.count == columns.count + 2, let number = result[0].integer,
                        let count = result[1].integer
                    else { continue }
                    rows[Int(number), default: 0] += Int(count)
                    for (index, column) in columns.enumerated() {
                        held[Int(number), default: [:]][column, default: 0] += Int(result[index + 2].integer ?? 0)
                    }
                }
                perTable[table] = rows
                values[table] = held
            }
            counts[row.name] = perTable[table]?[row.entityNumber] ?? 0
        }
        return (counts, values)
    }

    /// The checksum and digest a store records must be the ones its hashes give; if not, the metadata is damaged.
    private static func consistency(_ metadata: StoreMetadata, at here: SourceLocation) -> [Diagnostic] {
        var found: [Diagnostic] = []
        if let checksum = metadata.checksum, checksum != metadata.computedChecksum {
            found.append(
                .warning(
                    .storeChecksumMismatch,
                    "the store's NSStoreModelVersionChecksumKey \(checksum) is not "
                        + "the checksum of its entity hashes (\(metadata.computedChecksum)); the metadata is damaged",
                    at: here))
        }
        if let digest = metadata.digest, digest != metadata.computedDigest {
            found.append(
                .warning(
                    .storeChecksumMismatch,
                    "the store's NSStoreModelVersionHashesDigest is not the digest "
                        + "of its entity hashes; the metadata is damaged", at: here))
        }
        return found
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let storeNotSQLite: DiagnosticCode = "store-not-sqlite"
    static let storeNotCoreData: DiagnosticCode = "store-not-core-data"
    static let storeUnreadable: DiagnosticCode = "store-unreadable"
    static let storeMetadataMalformed: DiagnosticCode = "store-metadata-malformed"
    static let storeModelCacheUnreadable: DiagnosticCode = "store-model-cache-unreadable"
    static let storeChecksumMismatch: DiagnosticCode = "store-checksum-mismatch"
}
