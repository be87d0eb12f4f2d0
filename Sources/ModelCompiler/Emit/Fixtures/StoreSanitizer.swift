/// A copy of a production store that is safe to commit as a test fixture: every text and binary value of every table
/// replaced by filler of the same length in bytes (made from its table, column and row, so the same store gives the
/// same bytes, and never from the value), NULL and empty values kept; numbers and dates kept unless `all`. Primary
/// keys, links, `Z_PRIMARYKEY`, `Z_METADATA` and `Z_MODELCACHE` are untouched, so the store doctor's verdict is the same.
/// Works on a private copy of the store and its `-wal`; the result is a fresh file (`VACUUM INTO`: the `-wal` folded
/// in, no free page left holding an original value) swapped into place.
enum StoreSanitizer {
    struct Summary: Sendable, Equatable {
        var values = 0
        var tables = 0
    }

    struct OutputFailure: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    static let untouched: Set<String> = ["Z_METADATA", "Z_MODELCACHE", "Z_PRIMARYKEY"]

    /// `copy`: the private copy to change; `destination`: where the sanitized store is written.
    static func sanitize(
        copy: String, into destination: String, all: Bool, model: ManagedObjectModel?
    ) throws
        -> Summary
    {
        let reader = try SQLiteDatabase(copy: copy)
        // A damaged store would be copied damaged (or half): refuse it, as SQLite's own check finds it.
        let verdict = try reader.rows("PRAGMA quick_check(3)").compactMap { $0.first?.text }
        guard verdict == ["ok"] else {
            let found = verdict.joined(separator: "; ").split(separator: "\n").prefix(3).joined(separator: "; ")
            throw SQLiteDatabase.Failure(code: 11, message: "the database is damaged (\(found))")
        }
        let writer = try SQLiteWriter(creating: copy)
        let names = try reader.rows(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
                + "ORDER BY name"
        ).compactMap { $0.first?.text }
        let layout = model.map { StoreLayout($0) }
        var summary = Summary()
        try writer.execute("BEGIN")
        for table in names where !untouched.contains(table.uppercased()) {
            let quoted = SQLiteDatabase.quoted(table)
            let columns = try reader.rows("PRAGMA table_info(\(quoted))").compactMap { $0.count > 1 ? $0[1].text : nil }
            // Integer attributes (not keys or links) are numbers to hide too, with `all`; the model says which.
            let described = layout?.tables.first { $0.name.uppercased() == table.uppercased() }
            var numbers: Set<String> = []
            for column in described?.columns ?? [] {
                if case .attribute(_, _, let type) = column.content, StoreLayout.group(type) == 0 {
                    numbers.insert(column.name)
                }
            }
            summary.tables += 1
            let unique = try uniqueColumns(quoted, reader)
            for column in columns {
                let name = SQLiteDatabase.quoted(column)
                let kinds = all ? "'text', 'blob', 'real'" : "'text', 'blob'"
                let integers = all && numbers.contains(column) ? " OR typeof(\(name)) = 'integer'" : ""
                let found = try reader.rows(
                    "SELECT rowid, typeof(\(name)), length(CAST(\(name) AS BLOB)), "
                        + "hex(substr(CAST(\(name) AS BLOB), 1, 1)) FROM \(quoted) WHERE (typeof(\(name)) IN (\(kinds))"
                        + "\(integers))")
                var updates: [[SQLiteDatabase.Value]] = []
                // A column of a uniqueness constraint gets values that stay distinct: made from the row's key.
                let distinct = unique.contains(column.uppercased())
                for row in found {
                    guard row.count == 4, let rowid = row[0].integer, let kind = row[1].text else { continue }
                    let length = Int(row[2].integer ?? 0)
                    var random = FixtureValues.Random(seed: 0x5A17, table, column, rowid)
                    let value: SQLiteDatabase.Value
                    switch kind {
                    case "text":
                        guard length > 0 else { continue }
                        value = .text(distinct ? keyed(rowid, length, &random) : filler(length, &random))
                    case "blob":
                        guard length > 0 else { continue }
                        value = .blob(
                            distinct
                                ? Array(keyed(rowid, length, &random).utf8)
                                : blob(length, first: row[3].text ?? "", &random))
                    case "real": value = .real(distinct ? Double(rowid) : Double(random.next() % 2_000_000) / 8)
                    default: value = .integer(distinct ? rowid : Int64(random.next() % 2))
                    }
                    updates.append([value, .integer(rowid)])
                }
                summary.values += updates.count
                // Row by row, a new value could meet an old one not yet replaced: the rows go through NULL first,
                // which a uniqueness constraint never counts.
                if distinct {
                    try writer.insert(
                        "UPDATE \(quoted) SET \(name) = NULL WHERE rowid = ?", rows: updates.map { [$0[1]] })
                }
                try writer.insert("UPDATE \(quoted) SET \(name) = ? WHERE rowid = ?", rows: updates)
            }
        }
        try writer.execute("COMMIT")
        do {
            try writer.execute("VACUUM INTO '\(destination.replacingEveryScalar("'", with: "''"))'")
        } catch {
            // Writing the new file failed (its folder, the disk): not the store's fault.
            throw OutputFailure(reason: error.message)
        }
        try writer.close()
        return summary
    }

    /// The columns of the table's uniqueness constraints (unique indexes and UNIQUE clauses; not the primary key),
    /// upper-cased.
    static func uniqueColumns(_ quoted: String, _ reader: SQLiteDatabase) throws -> Set<String> {
        var columns: Set<String> = []
        for index in try reader.rows("PRAGMA index_list(\(quoted))") where index.count > 3 {
            guard index[2].integer == 1, index[3].text != "pk", let name = index[1].text else { continue }
            for column in try reader.rows("PRAGMA index_info(\(SQLiteDatabase.quoted(name)))") where column.count > 2 {
                if let text = column[2].text { columns.insert(text.uppercased()) }
            }
        }
        return columns
    }

    /// Filler that starts with the row's key, so that no two rows share it: as long as the value was, or as the key
    /// needs when the value was shorter.
    static func keyed(_ rowid: Int64, _ length: Int, _ random: inout FixtureValues.Random) -> String {
        let key = String(rowid, radix: 36) + "-"
        return key + (length > key.count ? filler(length - key.count, &random) : "")
    }

    /// ASCII letters and digits: as many bytes as the value had.
    static func filler(_ length: Int, _ random: inout FixtureValues.Random) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        var bytes = [UInt8](repeating: 0, count: length)
        var bits: UInt64 = 0, left = 0
        for index in bytes.indices {
            if left == 0 { (bits, left) = (random.next(), 10) }
            bytes[index] = alphabet[Int(bits % 62)]
            bits /= 62
            left -= 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Filler bytes. A value that starts like Core Data's external-storage encoding keeps it readable: an inline value
    /// (01) keeps its marker; a reference to a file (02), which the copy does not carry, becomes an inline value.
    static func blob(_ length: Int, first: String, _ random: inout FixtureValues.Random) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: length)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: random.next() >> 17) }
        if first == "01" || first == "02" { bytes[0] = 1 }
        return bytes
    }
}
