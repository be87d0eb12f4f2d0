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

/// The private folders that hold copies of users' stores never outlive the run: each is named for the process
/// (`openmomc-store-<pid>-<UUID>`, mode 0700), removed when its copy ends, removed when the run is interrupted
/// (`Interruption`), and, after a SIGKILL or a crash, removed by the next run that finds one whose process is gone
/// and that belongs to this user.
enum StoreCopyFolders {
    static let prefix = "openmomc-store-"

    private static let lock = Lock()
    nonisolated(unsafe) private static var swept = false

    /// A new folder's path for this process (not made yet); the first call also sweeps abandoned folders.
    static func newFolder() -> String {
        let first = lock.withLock { () -> Bool in
            defer { swept = true }
            return !swept
        }
        if first { removeAbandoned(in: FileSystem.temporaryFolder) }
        return FileSystem.temporaryFolder + "/" + prefix + "\(getpid())-" + UUID().uuidString
    }

    static func register(_ folder: String) { Interruption.removeOnInterrupt(folder) }

    static func remove(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
        Interruption.forget(folder)
    }

    /// Folders of this kind in `parent` whose process no longer runs and that this user owns.
    static func removeAbandoned(in parent: String) {
        guard case .success(let names) = FileSystem.listDirectory(parent) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0, pid != getpid() else {
                continue
            }
            let path = parent + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid() else {
                continue
            }
            if kill(pid, 0) == -1 && errno == ESRCH { try? FileManager.default.removeItem(atPath: path) }
        }
    }
}
