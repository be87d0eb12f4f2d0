import CSQLite
import CZlib
import Foundation
import Testing
@testable import ModelCompiler

/// Builds small Core Data-shaped SQLite stores with the system SQLite (store-format.md §3-§6): `Z_METADATA` with a
/// binary-plist `Z_PLIST`, `Z_PRIMARYKEY`, a raw-DEFLATE `Z_MODELCACHE`, and one `Z<ROOT>` table per root entity.
struct StoreFixture {
    var hashes: [String: [UInt8]]
    var identifiers: [String] = [""]
    var framework = 1333
    var checksum: String?
    var digest: String?
    /// The writer's archived model (a `.mom`), deflated into `Z_MODELCACHE`; nil for a store without a cache.
    var cache: [UInt8]?
    /// Entity name -> (parent, rows of exactly that entity).
    var entities: [(name: String, parent: String?, rows: Int)] = []
    /// Replaces the plist bytes (for malformed metadata).
    var rawPlist: [UInt8]?
    var rawCache: [UInt8]?

    /// A store as `version`'s model would write it, with its model cache, checksum and digest.
    init(writtenBy version: CompiledVersion, rows: Int = 2) {
        hashes = version.hashes.entityHashes
        cache = VersionCompiler.mom(version)
        identifiers = [version.model.metadata.versionIdentifier ?? ""]
        let metadata = StoreMetadata(entityHashes: hashes, versionIdentifiers: [])
        checksum = metadata.computedChecksum
        digest = metadata.computedDigest
        entities = version.model.entities.map { ($0.name, $0.parentName, rows) }
    }

    init(hashes: [String: [UInt8]]) { self.hashes = hashes }

    var plist: [UInt8] {
        var pairs: [(String, PropertyListValue)] = [
            ("NSStoreModelVersionHashes", .dictionary(hashes.keys.sorted().map { ($0, .data(hashes[$0]!)) })),
            ("NSStoreModelVersionHashesVersion", .integer(3)),
            ("NSStoreModelVersionIdentifiers", .array(identifiers.map { .string($0) })),
            ("NSStoreType", .string("SQLite")), ("NSPersistenceFrameworkVersion", .integer(Int64(framework))),
            ("_NSAutoVacuumLevel", .string("2")), ("com.example.app.token", .string("an app's own key")),
        ]
        if let checksum { pairs.append(("NSStoreModelVersionChecksumKey", .string(checksum))) }
        if let digest { pairs.append(("NSStoreModelVersionHashesDigest", .string(digest))) }
        return BinaryPropertyListWriter.data(for: .dictionary(pairs))
    }

    /// Writes the store at `path`; with `walOnly`, the rows stay in the `-wal` (copied while the writer is open).
    func write(to path: String, walOnly: Bool = false) throws {
        var db: OpaquePointer?
        try #require(sqlite3_open(path, &db) == SQLITE_OK)
        func exec(_ sql: String) throws {
            var error: UnsafeMutablePointer<CChar>?
            let status = sqlite3_exec(db, sql, nil, nil, &error)
            defer { sqlite3_free(error) }
            try #require(status == SQLITE_OK, "\(sql): \(error.map { String(cString: $0) } ?? "")")
        }
        func insertBlob(_ sql: String, _ bytes: [UInt8]) throws {
            var statement: OpaquePointer?
            try #require(sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK)
            defer { sqlite3_finalize(statement) }
            _ = bytes.withUnsafeBytes {
                sqlite3_bind_blob(statement, 1, $0.baseAddress, Int32($0.count), openmomc_sqlite_transient())
            }
            try #require(sqlite3_step(statement) == SQLITE_DONE)
        }
        try exec("PRAGMA journal_mode = \(walOnly ? "WAL" : "DELETE")")
        if walOnly { try exec("PRAGMA wal_autocheckpoint = 0") }
        try exec("CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)")
        try exec(
            "CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)")
        try exec("CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB)")
        try insertBlob(
            "INSERT INTO Z_METADATA VALUES (1, '6C0D5A2E-7F3B-4E65-9B0A-1D2E3F405162', ?)", rawPlist ?? plist)
        if let content = rawCache ?? cache.map(Self.deflate) {
            try insertBlob("INSERT INTO Z_MODELCACHE VALUES (?)", content)
        }
        // Numbering as Core Data's: a pre-order walk, names compared case-insensitively.
        var numbers: [String: Int] = [:], order: [(String, String?, Int)] = []
        func visit(_ parent: String?) {
            for entity in entities.filter({ $0.parent == parent }).sorted(by: {
                $0.name.lowercased() < $1.name.lowercased()
            }) {
                numbers[entity.name] = numbers.count + 1
                order.append((entity.name, parent, entity.rows))
                visit(entity.name)
            }
        }
        visit(nil)
        func root(_ name: String) -> String {
            var current = name
            while let parent = entities.first(where: { $0.name == current })?.parent { current = parent }
            return current
        }
        var pk: [String: Int] = [:]
        for (name, parent, rows) in order {
            let table = "Z" + root(name).uppercased()
            if parent == nil {
                try exec("CREATE TABLE \(table) (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER)")
            }
            for _ in 0..<rows {
                pk[table, default: 0] += 1
                try exec("INSERT INTO \(table) VALUES (\(pk[table]!), \(numbers[name]!), 1)")
            }
        }
        for (name, parent, _) in order {
            let max = parent == nil ? pk["Z" + name.uppercased()] ?? 0 : 0
            try exec(
                "INSERT INTO Z_PRIMARYKEY VALUES (\(numbers[name]!), '\(name)', \(parent.flatMap { numbers[$0] } ?? 0), \(max))"
            )
        }
        if walOnly {
            // Copy the files while the writer still holds the -wal, as a store looks when the app was killed.
            let staging = path + ".staging"
            try FileManager.default.copyItem(atPath: path, toPath: staging)
            try FileManager.default.copyItem(atPath: path + "-wal", toPath: staging + "-wal")
            sqlite3_close(db)
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            try FileManager.default.moveItem(atPath: staging, toPath: path)
            try FileManager.default.moveItem(atPath: staging + "-wal", toPath: path + "-wal")
        } else {
            sqlite3_close(db)
        }
    }

    /// Raw DEFLATE, as Core Data writes `Z_MODELCACHE`.
    static func deflate(_ input: [UInt8]) -> [UInt8] { RawDeflate.deflate(input) }

    /// SHA-256 of every file in `folder` (not its subfolders), to show that reading a store changed nothing there.
    static func fingerprint(_ folder: String) throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            guard FileSystem.kind(of: folder + "/" + name) == .file else { continue }
            result[name] = SHA256.hash(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))))
        }
        return result
    }
}

extension StoreFixture {
    /// An SQLite database with one ordinary table: valid SQLite, not a Core Data store.
    static func plainSQLite(at path: String) throws {
        var db: OpaquePointer?
        try #require(sqlite3_open(path, &db) == SQLITE_OK)
        defer { sqlite3_close(db) }
        try #require(
            sqlite3_exec(db, "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)", nil, nil, nil) == SQLITE_OK)
    }
}

extension StoreFixture {
    /// Opens `path` and deletes and inserts rows inside a transaction it does not commit, with a tiny page cache so
    /// that SQLite writes changed pages into the file (keeping the originals in the `-journal`) before the commit.
    static func openUncommitted(
        _ path: String, deletingFrom deleted: String, inserting rows: Int,
        into table: String
    ) throws -> OpaquePointer? {
        var db: OpaquePointer?
        try #require(sqlite3_open(path, &db) == SQLITE_OK)
        try #require(
            sqlite3_exec(
                db, "PRAGMA cache_size = 1; BEGIN EXCLUSIVE; DELETE FROM \(deleted)",
                nil, nil, nil) == SQLITE_OK)
        for pk in 10_000..<(10_000 + rows) {
            let sql = "INSERT INTO \(table) VALUES (\(pk), 2, 1)"
            try #require(sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK)
        }
        return db
    }

    static func close(_ db: OpaquePointer?) { sqlite3_close(db) }
}
