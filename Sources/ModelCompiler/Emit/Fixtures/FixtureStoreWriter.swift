#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes one version's fixture store, laid out as Core Data lays out a store of that version: page size 4096,
/// incremental auto-vacuum and a WAL header (as most real stores have), the schema of `StoreLayout`, `Z_PRIMARYKEY`,
/// `Z_METADATA` (hashes, identifiers, checksum and digest from the compiled version) and `Z_MODELCACHE` (the version's
/// `.mom`, raw DEFLATE), its rows made and written a batch at a time. It writes into a folder of its own making
/// (`FixtureFolder`'s staging folder), which is what makes the store and its prediction appear together.
enum FixtureStoreWriter {
    /// Rows made, written and let go at a time: memory follows this, not the row count.
    static let batchSize = 2_000

    /// Writes `<storeName>.sqlite` (and `.<storeName>_SUPPORT/_EXTERNAL_DATA/` for external values) of `version`
    /// with `rows` in `folder`, a new folder openmomc owns; `observe` sees each batch of rows after it is written, in
    /// order.
    /// `system`: the tables Core Data adds when the app turns on history tracking or CloudKit mirroring.
    static func write(
        _ version: CompiledVersion, rows: FixtureRows, into folder: String, storeName: String,
        seed: UInt64, system: [CoreDataSystemTables.Part] = [],
        observe: (FixtureRows.Batch) throws -> Void = { _ in }
    ) throws {
        let layout = rows.layout
        let path = folder.appendingPathComponent(storeName + ".sqlite")
        let external = folder.appendingPathComponent(".\(storeName)_SUPPORT/_EXTERNAL_DATA")
        var madeExternal = false
        let database: SQLiteWriter
        do {
            database = try SQLiteWriter(creating: path)
            try database.execute("PRAGMA page_size = 4096; PRAGMA auto_vacuum = INCREMENTAL; PRAGMA journal_mode = WAL")
            try database.execute("BEGIN")
            // One transaction, as one would be written: SQLite spills its pages to the -wal as the cache fills.
            try header(database, version: version, layout: layout, rows: rows, seed: seed, system: system)
            for table in layout.tables {
                let names = ["Z_PK", "Z_ENT", "Z_OPT"] + table.columns.map(\.name)
                let insert =
                    "INSERT INTO \(table.name) (\(names.joined(separator: ", "))) VALUES (\(marks(names.count)))"
                try rows.forEachBatch(of: table, size: batchSize) { batch in
                    try database.insert(insert, rows: batch.values)
                    if !batch.externalFiles.isEmpty, !madeExternal {
                        try FileManager.default.createDirectory(atPath: external, withIntermediateDirectories: true)
                        madeExternal = true
                    }
                    for file in batch.externalFiles {
                        try AtomicFile.writeInPlace(file.bytes, to: external + "/" + file.name, durable: false)
                    }
                    try observe(batch)
                }
            }
            for join in layout.joinTables {
                let names = [join.first.column, join.second.column] + join.orderColumns
                let insert =
                    "INSERT INTO \(join.name) (\(names.joined(separator: ", "))) VALUES (\(marks(names.count)))"
                try rows.forEachBatch(of: join, size: batchSize) { batch in
                    try database.insert(insert, rows: batch.values)
                    try observe(batch)
                }
            }
            try database.execute("COMMIT")
            // Closing folds the -wal in: one file, as a store at rest is.
            try database.close()
        } catch let failure as SQLiteWriter.Failure {
            throw AtomicFile.Failure(reason: failure.message)
        } catch let failure as AtomicFile.Failure {
            throw failure
        } catch {
            throw AtomicFile.Failure(reason: FileSystem.reason(error))
        }
    }

    private static func marks(_ count: Int) -> String { Array(repeating: "?", count: count).joined(separator: ", ") }

    /// The schema and the tables Core Data keeps about the store itself.
    private static func header(
        _ database: SQLiteWriter, version: CompiledVersion, layout: StoreLayout,
        rows: FixtureRows, seed: UInt64, system: [CoreDataSystemTables.Part]
    ) throws {
        for statement in layout.createStatements + system.flatMap(\.statements) { try database.execute(statement) }
        var keys = layout.entities.map { numbered -> [SQLiteDatabase.Value] in
            let max = numbered.superNumber == 0 ? rows.maxKeys[numbered.name] ?? 0 : 0
            return [
                .integer(Int64(numbered.number)), .text(numbered.name), .integer(Int64(numbered.superNumber)),
                .integer(Int64(max)),
            ]
        }
        keys += system.flatMap(\.primaryKeys).map {
            [.integer(Int64($0.number)), .text($0.name), .integer(0), .integer(0)]
        }
        try database.insert("INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (?, ?, ?, ?)", rows: keys)
        var random = FixtureValues.Random(seed: seed, "store UUID", version.versionName)
        let plist = metadata(version, framework: layout.framework)
        try database.insert(
            "INSERT INTO Z_METADATA (Z_VERSION, Z_UUID, Z_PLIST) VALUES (1, ?, ?)",
            rows: [[.text(FixtureValues.uuidString(&random)), .blob(plist)]])
        try database.insert(
            "INSERT INTO Z_MODELCACHE (Z_CONTENT) VALUES (?)",
            rows: [[.blob(RawDeflate.deflate(VersionCompiler.mom(version)))]])
    }

    /// `Z_METADATA.Z_PLIST`: the keys a framework-1523 store has (store-format.md section 3), naming the build the
    /// layout was made for.
    static func metadata(_ version: CompiledVersion, framework: Int) -> [UInt8] {
        let frameworkVersion = Int64(framework)
        let hashes = version.entityHashes
        let store = StoreMetadata(entityHashes: hashes, versionIdentifiers: [])
        let identifier = version.model.metadata.versionIdentifier ?? ""
        let names = store.ordinalNames
        return BinaryPropertyListWriter.data(
            for: .dictionary([
                .init(.string("NSPersistenceFrameworkVersion"), .integer(frameworkVersion)),
                .init(.string("NSPersistenceMaximumFrameworkVersion"), .integer(frameworkVersion)),
                .init(.string("NSStoreModelVersionChecksumKey"), .string(store.computedChecksum)),
                .init(
                    .string("NSStoreModelVersionHashes"),
                    .dictionary(names.map { .init(.string($0), .data(hashes[$0]!)) })),
                .init(.string("NSStoreModelVersionHashesDigest"), .string(store.computedDigest)),
                .init(.string("NSStoreModelVersionHashesVersion"), .integer(3)),
                .init(.string("NSStoreModelVersionIdentifiers"), .array([.string(identifier)])),
                .init(.string("NSStoreType"), .string("SQLite")),
                .init(.string("_NSAutoVacuumLevel"), .string("2")),
            ]))
    }
}
