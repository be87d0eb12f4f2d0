import CSQLite

/// A new SQLite file being written: openmomc's only SQLite writes, always into a file it has just created beside the
/// destination (see `FixtureStoreWriter`), never a user's store.
final class SQLiteWriter {
    struct Failure: Error {
        var message: String
    }

    private var handle: OpaquePointer?

    init(creating path: String) throws(Failure) {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK else {
            let failure = Failure(message: Self.message(handle, status))
            sqlite3_close(handle)
            handle = nil
            throw failure
        }
    }

    deinit { sqlite3_close(handle) }

    /// Closes the file, checkpointing a `-wal` into it; after this the file is complete.
    func close() throws(Failure) {
        let status = sqlite3_close(handle)
        guard status == SQLITE_OK else { throw Failure(message: Self.message(handle, status)) }
        handle = nil
    }

    func execute(_ sql: String) throws(Failure) {
        var error: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &error)
        defer { sqlite3_free(error) }
        guard status == SQLITE_OK else {
            throw Failure(message: "\(error.map { String(cString: $0) } ?? Self.message(handle, status)) in \(sql)")
        }
    }

    /// Runs `sql` once per row of values, bound in order (one prepared statement for them all).
    func insert(_ sql: String, rows: [[SQLiteDatabase.Value]]) throws(Failure) {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard prepared == SQLITE_OK else { throw Failure(message: Self.message(handle, prepared) + " in \(sql)") }
        for row in rows {
            sqlite3_reset(statement)
            for (index, value) in row.enumerated() { bind(value, at: Int32(index + 1), statement) }
            let step = sqlite3_step(statement)
            guard step == SQLITE_DONE else { throw Failure(message: Self.message(handle, step) + " in \(sql)") }
        }
    }

    private func bind(_ value: SQLiteDatabase.Value, at index: Int32, _ statement: OpaquePointer?) {
        switch value {
        case .integer(let number): sqlite3_bind_int64(statement, index, number)
        case .real(let number): sqlite3_bind_double(statement, index, number)
        case .text(let text): sqlite3_bind_text(statement, index, text, -1, openmomc_sqlite_transient())
        case .blob(let bytes):
            _ = bytes.withUnsafeBytes {
                sqlite3_bind_blob(
                    statement, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                    Int32($0.count), openmomc_sqlite_transient())
            }
        case .null: sqlite3_bind_null(statement, index)
        }
    }

    private static func message(_ handle: OpaquePointer?, _ status: Int32) -> String {
        if let handle, let text = sqlite3_errmsg(handle) { return String(cString: text) }
        return String(cString: sqlite3_errstr(status))
    }
}
