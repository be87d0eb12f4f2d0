import Dispatch
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
/// (`openmomc-store-<pid>-<UUID>`, mode 0700), removed when its copy ends, removed on SIGINT, SIGTERM and SIGHUP before
/// the process ends as the signal says, and, after a SIGKILL or a crash, removed by the next run that finds one
/// whose process is gone and that belongs to this user.
enum StoreCopyFolders {
    static let prefix = "openmomc-store-"

    private static let lock = Lock()
    nonisolated(unsafe) private static var live: Set<String> = []
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    nonisolated(unsafe) private static var prepared = false

    /// A new folder's path for this process (not made yet); the first call also sweeps abandoned folders and
    /// installs the signal handlers.
    static func newFolder() -> String {
        let folder = FileSystem.temporaryFolder + "/" + prefix + "\(getpid())-" + UUID().uuidString
        let first = lock.withLock { () -> Bool in
            defer { prepared = true }
            return !prepared
        }
        if first {
            removeAbandoned(in: FileSystem.temporaryFolder)
            handleSignals()
        }
        return folder
    }

    static func register(_ folder: String) { lock.withLock { _ = live.insert(folder) } }

    static func remove(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
        lock.withLock { _ = live.remove(folder) }
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
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid() else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH { try? FileManager.default.removeItem(atPath: path) }
        }
    }

    /// SIG_DFL is the null handler on Linux and macOS alike (C's `signal` returns it as nil or as address 0).
    private static func isDefault<Handler>(_ handler: Handler?) -> Bool {
        guard let handler else { return true }
        return unsafeBitCast(handler, to: Int.self) == 0
    }

    /// On SIGINT, SIGTERM or SIGHUP: the live copies go, then the signal ends the process as it would have.
    /// A dispatch source runs the removal outside the signal handler, where removing a tree is safe.
    private static func handleSignals() {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            // Only a signal nobody else handles: a host that set its own keeps it.
            let previous = signal(number, SIG_IGN)
            guard isDefault(previous) else {
                signal(number, previous)
                continue
            }
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let folders = lock.withLock { live }
                for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
                signal(number, SIG_DFL)
                raise(number)
            }
            source.resume()
            lock.withLock { sources.append(source) }
        }
    }
}
