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

    /// Gives `existing` (found to hold the bytes wanted) a second name `target` (a hard link: the same file, no
    /// copy) with its modification time set to now. False when it cannot be linked.
    static func keep(_ existing: String, as target: String) -> Bool {
        guard FileSystem.kind(of: existing, followingLinks: false) == .file,
            link(existing, target) == 0
        else { return false }
        guard utimensat(AT_FDCWD, target, nil, 0) == 0 else {
            unlink(target)
            return false
        }
        return true
    }

    /// Whether `folder` holds exactly the files `names` and nothing else (their bytes already compared); if so their
    /// modification times are set to now, and the folder's.
    static func keep(folder: String, holding names: [String]) -> Bool {
        guard case .success(let entries) = FileSystem.listDirectory(folder), entries.count == names.count,
            Set(entries) == Set(names)
        else { return false }
        for name in names where utimensat(AT_FDCWD, folder.appendingPathComponent(name), nil, 0) != 0 { return false }
        return utimensat(AT_FDCWD, folder, nil, 0) == 0
    }

    /// Whether `path` is a regular file (not a link to one) holding exactly `bytes`.
    static func holds(_ path: String, _ bytes: [UInt8]) -> Bool {
        guard FileSystem.kind(of: path, followingLinks: false) == .file,
            case .success(let existing) = FileSystem.readFile(path), existing.count == bytes.count
        else { return false }
        return existing.withUnsafeBytes { old in
            bytes.withUnsafeBytes { new in bytes.isEmpty || memcmp(old.baseAddress!, new.baseAddress!, bytes.count) == 0
            }
        }
    }
}
