#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A private copy of a store with its `-wal` or rollback `-journal` (never its `-shm`, an index SQLite rebuilds), so
/// that nothing SQLite does on open (a `-shm`, a checkpoint of the `-wal`, rolling back a hot journal left by a writer
/// that was killed or still holds its lock) touches the user's files.
struct StoreCopy: ~Copyable {
    let folder: String
    let path: String

    struct Failure: Error {
        var reason: String
    }

    init(of store: String) throws(Failure) {
        let fileManager = FileManager.default
        // Private from the start (mkdir with mode 0700, not a chmod after), and never outliving the run.
        let folder = StoreCopyFolders.newFolder()
        guard mkdir(folder, 0o700) == 0 else {
            throw Failure(reason: "cannot make a temporary folder for the copy: \(String(cString: strerror(errno)))")
        }
        StoreCopyFolders.register(folder)
        // The copy keeps a name SQLite will look for a `-wal` beside; the user's name may hold anything.
        let path = folder + "/store.sqlite"
        for suffix in ["", "-wal", "-journal"] {
            let source = store + suffix, destination = path + suffix
            guard source == store || FileSystem.kind(of: source) == .file else { continue }
            do {
                try fileManager.copyItem(atPath: source, toPath: destination)
                // Read-only originals (as checked in) stay read-only; SQLite needs to write the copy's `-shm`.
                try fileManager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: destination)
            } catch {
                StoreCopyFolders.remove(folder)
                throw Failure(reason: "cannot copy \(source.lastPathComponent) to read it: \(FileSystem.reason(error))")
            }
        }
        self.folder = folder
        self.path = path
    }

    deinit { StoreCopyFolders.remove(folder) }
}
