import Foundation
import Testing
@testable import ModelCompiler

/// The tables of a store, read on a copy.
enum SystemTablesFixtures {
    static func tables(_ path: String) throws -> Set<String> {
        let copy = try StoreCopy(of: path)
        return Set(
            try SQLiteDatabase(copy: copy.path).rows("SELECT name FROM sqlite_master WHERE type = 'table'")
                .compactMap { $0[0].text })
    }
}
