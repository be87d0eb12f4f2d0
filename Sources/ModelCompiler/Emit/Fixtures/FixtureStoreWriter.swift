#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes one version's fixture store, laid out as Core Data lays out a store of that version: page size 4096,
/// incremental auto-vacuum and a WAL header (as most real stores have), the schema of `StoreLayout`, `Z_PRIMARYKEY`,
/// `Z_METADATA` (hashes, identifiers, checksum and digest from the compiled version) and `Z_MODELCACHE` (the version's
/// `.mom`, raw DEFLATE). The file is built beside the destination and swapped in; an external-data folder likewise.
enum FixtureStoreWriter {
    /// The Core Data build the metadata names (a framework that writes the checksum and digest keys).
    static let frameworkVersion: Int64 = 1523

    struct Written {
        var rows: FixtureRows
        var layout: StoreLayout
    }

    static func write(_ version: CompiledVersion, to path: String, rows count: Int, seed: UInt64)
        -> Result<Written, AtomicFile.Failure> {
        let model = version.model
        let layout = StoreLayout(model)
        let file = path.lastPathComponent
        let storeName = file.lastIndex(of: ".").map { String(file[..<$0]) } ?? file
        let folder = path.withoutLastPathComponent.isEmpty ? "." : path.withoutLastPathComponent
        let rows = FixtureRows(model, layout: layout, count: count, values: FixtureValues(seed: seed))
        let support = folder.appendingPathComponent(".\(storeName)_SUPPORT")
        if !rows.externalFiles.isEmpty {
            let written = AtomicFile.replace(support, isDirectory: true) { temporary in
                let folder = temporary + "/_EXTERNAL_DATA"
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                for file in rows.externalFiles {
                    try AtomicFile.writeInPlace(file.bytes, to: folder + "/" + file.name, durable: false)
                }
            }
            if case .failure(let failure) = written { return .failure(failure) }
        } else if FileSystem.kind(of: support) == .directory {
            try? FileManager.default.removeItem(atPath: support)
        }
        let result = AtomicFile.replace(path, isDirectory: false) { temporary in
            do {
                try fill(temporary, version: version, layout: layout, rows: rows, seed: seed)
            } catch {
                try? FileManager.default.removeItem(atPath: temporary + "-wal")
                try? FileManager.default.removeItem(atPath: temporary + "-shm")
                throw error
            }
            // An older store's -wal would be replayed onto the new file: it goes before the new file takes its place.
            OutputPathGuard.removeStoreCompanions(of: path)
        }
        return result.map { Written(rows: rows, layout: layout) }
    }

    private static func fill(_ path: String, version: CompiledVersion, layout: StoreLayout, rows: FixtureRows,
                             seed: UInt64) throws {
        let database = try SQLiteWriter(creating: path)
        try database.execute("PRAGMA page_size = 4096; PRAGMA auto_vacuum = INCREMENTAL; PRAGMA journal_mode = WAL")
        try database.execute("BEGIN")
        for statement in layout.createStatements { try database.execute(statement) }
        let keys = layout.entities.map { numbered -> [SQLiteDatabase.Value] in
            let max = numbered.superNumber == 0 ? rows.maxKeys[numbered.name] ?? 0 : 0
            return [.integer(Int64(numbered.number)), .text(numbered.name), .integer(Int64(numbered.superNumber)),
                    .integer(Int64(max))]
        }
        try database.insert("INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (?, ?, ?, ?)", rows: keys)
        var random = FixtureValues.Random(seed: seed, "store UUID", version.versionName)
        try database.insert("INSERT INTO Z_METADATA (Z_VERSION, Z_UUID, Z_PLIST) VALUES (1, ?, ?)",
                            rows: [[.text(FixtureValues.uuidString(&random)), .blob(metadata(version))]])
        try database.insert("INSERT INTO Z_MODELCACHE (Z_CONTENT) VALUES (?)",
                            rows: [[.blob(RawDeflate.deflate(VersionCompiler.mom(version)))]])
        for table in layout.tables {
            let names = ["Z_PK", "Z_ENT", "Z_OPT"] + table.columns.map(\.name)
            let marks = Array(repeating: "?", count: names.count).joined(separator: ", ")
            try database.insert("INSERT INTO \(table.name) (\(names.joined(separator: ", "))) VALUES (\(marks))",
                                rows: rows.tables[table.name] ?? [])
        }
        for join in layout.joinTables {
            let names = [join.first.column, join.second.column] + join.orderColumns
            let marks = Array(repeating: "?", count: names.count).joined(separator: ", ")
            try database.insert("INSERT INTO \(join.name) (\(names.joined(separator: ", "))) VALUES (\(marks))",
                                rows: rows.joinTables[join.name] ?? [])
        }
        try database.execute("COMMIT")
        try database.close()
    }

    /// `Z_METADATA.Z_PLIST`: the keys a framework-1523 store has (store-format.md section 3).
    static func metadata(_ version: CompiledVersion) -> [UInt8] {
        let hashes = version.entityHashesAlone
        let store = StoreMetadata(entityHashes: hashes, versionIdentifiers: [])
        let identifier = version.model.metadata.versionIdentifier ?? ""
        let names = store.ordinalNames
        return BinaryPropertyListWriter.data(for: .dictionary([
            .init(.string("NSPersistenceFrameworkVersion"), .integer(frameworkVersion)),
            .init(.string("NSPersistenceMaximumFrameworkVersion"), .integer(frameworkVersion)),
            .init(.string("NSStoreModelVersionChecksumKey"), .string(store.computedChecksum)),
            .init(.string("NSStoreModelVersionHashes"),
                  .dictionary(names.map { .init(.string($0), .data(hashes[$0]!)) })),
            .init(.string("NSStoreModelVersionHashesDigest"), .string(store.computedDigest)),
            .init(.string("NSStoreModelVersionHashesVersion"), .integer(3)),
            .init(.string("NSStoreModelVersionIdentifiers"), .array([.string(identifier)])),
            .init(.string("NSStoreType"), .string("SQLite")),
            .init(.string("_NSAutoVacuumLevel"), .string("2")),
        ]))
    }
}
