#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `sanitizeStore(path:output:all:)` wrote.
public struct SanitizeResult: Sendable {
    /// Every finding about the store or the output.
    public var diagnostics: [Diagnostic]
    /// The sanitized store written, nil when nothing was.
    public var outputPath: String?
    /// How many values were replaced, in how many tables.
    public var values = 0
    /// How many tables had values replaced.
    public var tables = 0
    /// True when the store could not be used at all (exit status 2).
    public var inputFailed: Bool
}

/// `store sanitize`: a copy of a store, safe to commit as a fixture (`StoreSanitizer`), written atomically to `output`.
/// The store is read as `store` reads it (a Core Data store, or a clear error) and changed only in a private copy.
///
///     Store  StoreReader.read          the store is a Core Data store; its model cache names the attribute columns
///     Store  StoreCopy                 a private copy with its -wal
///     Emit   StoreSanitizer.sanitize   values replaced in the copy, a fresh file swapped in at `output`
public func sanitizeStore(path: String, output: String, all: Bool = false) -> SanitizeResult {
    let (read, found) = StoreReader.read(path)
    guard let store = read else {
        return SanitizeResult(diagnostics: found, inputFailed: true)
    }
    // However it is spelled, the output is never the store, its -wal, -shm or -journal, or its support folder.
    if let refusal = OutputPathGuard.refusal(output: output, inputs: [.init(path: path, isStore: true)]) {
        return SanitizeResult(diagnostics: [refusal], inputFailed: true)
    }
    if FileSystem.kind(of: output) == .directory {
        return SanitizeResult(
            diagnostics: [
                .error(
                    .outputNotWritable, "the output is a folder; give a file name",
                    at: SourceLocation(file: output))
            ], inputFailed: true)
    }
    if let failure = OutputWriter.makeFolder(for: output) {
        return SanitizeResult(diagnostics: [failure], inputFailed: false)
    }
    let copy: StoreCopy
    do { copy = try StoreCopy(of: path) } catch {
        return SanitizeResult(
            diagnostics: [.error(.storeUnreadable, error.reason, at: SourceLocation(file: path))],
            inputFailed: true)
    }
    var summary = StoreSanitizer.Summary()
    var unreadable: String?
    let written = write(from: copy, to: output) { copyPath, temporary in
        do {
            summary = try StoreSanitizer.sanitize(copy: copyPath, into: temporary, all: all, model: store.modelCache)
        } catch let failure as SQLiteDatabase.Failure {
            unreadable = failure.message
            throw failure
        } catch let failure as SQLiteWriter.Failure {
            unreadable = failure.message
            throw failure
        }
    }
    if let unreadable {
        // The reader read what `store` needs; the rest of the file is damaged. Nothing was written.
        return SanitizeResult(
            diagnostics: [
                .error(
                    .storeUnreadable, "SQLite cannot read all of it: \(unreadable)",
                    at: SourceLocation(file: path))
            ], inputFailed: true)
    }
    if case .failure(let failure) = written {
        return SanitizeResult(
            diagnostics: [
                .error(
                    .outputNotWritable,
                    "cannot write the sanitized store: "
                        + failure.reason, at: SourceLocation(file: output))
            ], inputFailed: false)
    }
    return SanitizeResult(
        diagnostics: found.filter { $0.severity != .error }, outputPath: output,
        values: summary.values, tables: summary.tables, inputFailed: false)
}

/// The copy lives until the sanitized file is in place.
private func write(
    from copy: borrowing StoreCopy, to output: String,
    _ body: (String, String) throws -> Void
) -> Result<Void, AtomicFile.Failure> {
    let path = copy.path
    return AtomicFile.replace(output, isDirectory: false) { temporary in
        try body(path, temporary)
        // An older file's -wal would be replayed onto the new one: it goes before the new file takes its place.
        OutputPathGuard.removeStoreCompanions(of: output)
    }
}
