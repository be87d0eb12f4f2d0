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

/// No output may be what a verb reads, however the path is spelled: as git and rsync refuse to write through an
/// output that is the input. Both paths are resolved (symbolic links, `.`, `..`), and files and folders are also
/// compared by device and inode, which sees hard links, bind mounts and case-insensitive spellings. An output that
/// exists must be a regular file or a folder: a FIFO, a device or a socket is never replaced by a file.
enum OutputPathGuard {
    /// What the verb reads: a model, a mapping model or a store (a store's `-wal`, `-shm`, `-journal` and support
    /// folder belong to it, as SQLite and Core Data keep them).
    struct Input {
        var path: String
        var isStore = false
    }

    private struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    /// The companions SQLite keeps beside a database, replaced or removed with it.
    static let storeCompanions = ["-wal", "-shm", "-journal"]

    /// Why `output` may not be written, at the output, naming both paths; nil when it may.
    static func refusal(output: String, inputs: [Input]) -> Diagnostic? {
        let here = SourceLocation(file: output)
        if let kind = special(output) {
            return .error(
                .outputRefused,
                "the output '\(output)' is \(kind), not a regular file or folder; "
                    + "openmomc never replaces one: give a new path", at: here)
        }
        let resolved = FileSystem.canonicalPath(output)
        let chain = identities(from: resolved)
        for input in inputs {
            let source = FileSystem.canonicalPath(input.path)
            let sourceIdentity = identity(source)
            var why: String?
            if resolved == source || (sourceIdentity != nil && chain.first == sourceIdentity) {
                why = "is the input"
            } else if resolved.hasPrefix(source + "/")
                || (sourceIdentity != nil && chain.dropFirst().contains(sourceIdentity!))
            {
                why = "lies inside the input"
            } else if source.hasPrefix(resolved + "/")
                || (chain.first! != nil && identities(from: source).dropFirst().contains(chain.first!))
            {
                why = "holds the input, which writing it would replace"
            } else if input.isStore,
                let companion = storeCompanion(resolved, of: source)
                    ?? sameFile(chain.first!, asCompanionOf: source)
            {
                why = "is the store's \(companion)"
            }
            if let why {
                return .error(
                    .outputRefused,
                    "the output '\(output)' \(why) '\(input.path)'; openmomc never writes over "
                        + "what it reads: give another output", at: here)
            }
        }
        return nil
    }

    /// "a FIFO", "a device", "a socket" for an existing special file (followed through links); nil otherwise.
    static func special(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return nil
        }
    }

    /// Removes a store's companions at `path` (a stale `-wal` would be replayed onto the new file), before the new
    /// store takes its place.
    static func removeStoreCompanions(of path: String) {
        for suffix in storeCompanions where FileSystem.kind(of: path + suffix, followingLinks: false) == .file {
            unlink(path + suffix)
        }
    }

    private static func storeCompanion(_ output: String, of store: String) -> String? {
        if let suffix = storeCompanions.first(where: { output == store + $0 }) { return "'\(suffix)' file" }
        let support = store.withoutLastPathComponent.appendingPathComponent(
            "."
                + store.lastPathComponent
                .removingSuffix(".sqlite") + "_SUPPORT")
        if output == support || output.hasPrefix(support + "/") { return "support folder" }
        return nil
    }

    /// A companion that exists, reached by another spelling (a hard link, another case on a case-insensitive volume).
    private static func sameFile(_ output: Identity?, asCompanionOf store: String) -> String? {
        guard let output else { return nil }
        return storeCompanions.first { identity(store + $0) == output }.map { "'\($0)' file" }
    }

    private static func identity(_ path: String) -> Identity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// The identities of the path (when it exists) and of each of its existing ancestors, nearest first.
    private static func identities(from path: String) -> [Identity?] {
        var result: [Identity?] = [identity(path)]
        var folder = path.withoutLastPathComponent
        while !folder.isEmpty {
            result.append(identity(folder))
            if folder == "/" { break }
            folder = folder.withoutLastPathComponent
        }
        return result
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let outputRefused: DiagnosticCode = "output-refused"
}
