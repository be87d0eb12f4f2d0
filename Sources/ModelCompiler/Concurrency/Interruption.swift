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

/// What a run undoes when it is interrupted (SIGINT, SIGTERM, SIGHUP): private folders it made are removed and
/// programs it started (Graphviz) are killed, then the process ends as the signal says. A dispatch source does it
/// outside the signal handler, where removing a tree is safe. Handlers are installed on first use, and only for
/// signals nobody else handles, so a host that set its own keeps it.
enum Interruption {
    private static let lock = Lock()
    nonisolated(unsafe) private static var folders: Set<String> = []
    nonisolated(unsafe) private static var children: Set<pid_t> = []
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    nonisolated(unsafe) private static var installed = false

    static func removeOnInterrupt(_ folder: String) {
        installHandlers()
        lock.withLock { _ = folders.insert(folder) }
    }

    static func forget(_ folder: String) { lock.withLock { _ = folders.remove(folder) } }

    static func killOnInterrupt(_ child: pid_t) {
        installHandlers()
        lock.withLock { _ = children.insert(child) }
    }

    static func forget(child: pid_t) { lock.withLock { _ = children.remove(child) } }

    private static func installHandlers() {
        let first = lock.withLock { () -> Bool in
            defer { installed = true }
            return !installed
        }
        guard first else { return }
        for number in [SIGINT, SIGTERM, SIGHUP] {
            let previous = signal(number, SIG_IGN)
            guard isDefault(previous) else {
                signal(number, previous)
                continue
            }
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: DispatchWorkItem { undo(then: number) })
            source.resume()
            lock.withLock { sources.append(source) }
        }
    }

    /// Kills the programs started, removes the folders made, then lets `number` end the process.
    private static func undo(then number: Int32) {
        let (started, made) = lock.withLock { (children, folders) }
        for child in started { kill(child, SIGKILL) }
        for folder in made { try? FileManager.default.removeItem(atPath: folder) }
        signal(number, SIG_DFL)
        raise(number)
    }

    /// SIG_DFL is the null handler on Linux and macOS alike (C's `signal` returns it as nil or as address 0).
    private static func isDefault<Handler>(_ handler: Handler?) -> Bool {
        guard let handler else { return true }
        return unsafeBitCast(handler, to: Int.self) == 0
    }
}
