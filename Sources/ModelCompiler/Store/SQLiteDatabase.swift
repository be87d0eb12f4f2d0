import CSQLite

/// A connection to one SQLite file, always a private copy (see `StoreCopy`): SQLite writes a `-shm`, may checkpoint a
/// `-wal` and rolls back a hot journal beside any file it opens, so it may write, but only the copy. Only the few
/// queries the store reader needs, all of them reads.
final class SQLiteDatabase {
    struct Failure: Error {
        var code: Int32
        var message: String
    }

    private var handle: OpaquePointer?

    init(copy path: String) throws(Failure) {
        let status = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK else {
            let failure = Failure(code: status, message: Self.message(handle, status))
            sqlite3_close(handle)
            handle = nil
            throw failure
        }
    }

    deinit { sqlite3_close(handle) }

    /// One value of a row.
    enum Value: Equatable {
        case integer(Int64)
        case real(Double)
        case text(String)
        case blob([UInt8])
        case null

        var integer: Int64? { if case .integer(let value) = self { value } else { nil } }
        var text: String? { if case .text(let value) = self { value } else { nil } }
        var blob: [UInt8]? { if case .blob(let value) = self { value } else { nil } }
    }

    /// Every row `sql` returns. Statements here never bind user text: names come from `sqlite_master` and are
    /// quoted with `quoted`.
    func rows(_ sql: String) throws(Failure) -> [[Value]] {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard prepared == SQLITE_OK else { throw Failure(code: prepared, message: Self.message(handle, prepared)) }
        var rows: [[Value]] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { return rows }
            guard step == SQLITE_ROW else { throw Failure(code: step, message: Self.message(handle, step)) }
            rows.append((0..<sqlite3_column_count(statement)).map { column(statement, $0) })
        }
    }

    /// An identifier as SQL writes it: in double quotes, inner quotes doubled.
    static func quoted(_ name: String) -> String { "\"" + name.replacingEveryScalar("\"", with: "\"\"") + "\"" }

    private func column(_ statement: OpaquePointer?, _ index: Int32) -> Value {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, index) else { return .text("") }
            let count = Int(sqlite3_column_bytes(statement, index))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    private static func message(_ handle: OpaquePointer?, _ status: Int32) -> String {
        if let handle, let text = sqlite3_errmsg(handle) { return String(cString: text) }
        return String(cString: sqlite3_errstr(status))
    }
}
