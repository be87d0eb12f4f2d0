#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Files of the previous output that hold exactly the bytes about to be written: kept instead of written again.
/// Only a regular file counts (never one behind a symbolic link), and any failure just means writing it anew.
enum UnchangedOutput {
    /// Whether `path` is a regular file holding exactly `bytes`; if so its modification time is set to now.
    static func keep(_ path: String, for bytes: [UInt8]) -> Bool {
        guard holds(path, bytes) else { return false }
        return utimensat(AT_FDCWD, path, nil, 0) == 0
    }

    /// Gives `existing`, when it holds exactly `bytes`, a second name `target` (a hard link: same file, no copy)
    /// with its modification time set to now. False when it does not hold them or cannot be linked.
    static func keep(_ existing: String, as target: String, for bytes: [UInt8]) -> Bool {
        guard holds(existing, bytes), link(existing, target) == 0 else { return false }
        guard utimensat(AT_FDCWD, target, nil, 0) == 0 else {
            unlink(target)
            return false
        }
        return true
    }

    private static func holds(_ path: String, _ bytes: [UInt8]) -> Bool {
        guard FileSystem.kind(of: path, followingLinks: false) == .file,
              case .success(let existing) = FileSystem.readFile(path), existing.count == bytes.count else { return false }
        return existing.withUnsafeBytes { old in
            bytes.withUnsafeBytes { new in bytes.isEmpty || memcmp(old.baseAddress!, new.baseAddress!, bytes.count) == 0 }
        }
    }
}
