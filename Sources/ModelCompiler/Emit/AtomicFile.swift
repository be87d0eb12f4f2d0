import CSystemCalls
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// The one way openmomc writes anything: compiled models, generated Swift, `ShippedVersions.json`,
/// `.xccurrentversion`, a new model version, a converted one. The new item is built at a temporary sibling of the
/// destination and swapped into place, so a failure or a kill at any instant leaves the old item or the new one,
/// never a half-written one or none; temporaries a killed run left behind are removed by the next write beside them.
enum AtomicFile {
    struct Failure: Error {
        var reason: String
    }

    /// Replaces one file. `durable`: flushed to the disk before it takes the old one's place, for what users commit
    /// (the shipped record, acknowledgements); build outputs, which the next build makes again, are not (a compile
    /// of a 55-version bundle spent 6 ms in fsync for its files).
    static func write(_ bytes: [UInt8], to path: String, durable: Bool = true) -> Result<Void, Failure> {
        replace(path, isDirectory: false) { temporary in try writeInPlace(bytes, to: temporary, durable: durable) }
    }

    /// A text's UTF-8 as the file's bytes: generated code is tens of megabytes, and each copy counts toward the peak.
    static func write(utf8 text: String, to path: String, durable: Bool = true) -> Result<Void, Failure> {
        replace(path, isDirectory: false) { temporary in
            var text = text
            try text.withUTF8 { try writeInPlace(UnsafeRawBufferPointer($0), to: temporary, durable: durable) }
        }
    }

    /// Writes the bytes where they are, without a copy, into a new file.
    static func writeInPlace(_ bytes: [UInt8], to path: String, durable: Bool = true) throws {
        try bytes.withUnsafeBytes { try writeInPlace($0, to: path, durable: durable) }
    }

    private static func writeInPlace(_ bytes: UnsafeRawBufferPointer, to path: String, durable: Bool) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var failure = writeAll(bytes, to: descriptor)
        if failure == nil, durable, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if let failure { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO) }
    }

    /// Writes all of `bytes` to an open file, through short writes and interruptions; the errno of a failure.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return written < 0 ? errno : EIO
            }
        }
        return nil
    }

    /// Changes a folder as one step: `change` works on a copy, which then takes the folder's place.
    static func transform(_ directory: String, change: (String) throws -> Void) -> Result<Void, Failure> {
        replace(directory, isDirectory: true) { temporary in
            try FileManager.default.copyItem(atPath: directory, toPath: temporary)
            try change(temporary)
        }
    }

    /// Puts the item `build` makes at the temporary path into place at `destination`, replacing an older one.
    /// rename(2) replaces a file atomically, and a folder where none exists. An existing folder is exchanged with the
    /// new one in one step (renameat2 RENAME_EXCHANGE, renamex_np RENAME_SWAP) and the old one, now at the temporary
    /// path, removed. Where the file system cannot exchange, the old folder is moved aside for the instant between
    /// two renames: the one window in which a kill leaves no output (the shipped-versions guide, "How every write
    /// keeps your files whole").
    static func replace(
        _ destination: String, isDirectory: Bool, build: (String) throws -> Void
    ) -> Result<Void, Failure> {
        removeStaleTemporaries(beside: destination)
        let temporary = destination.temporarySibling
        do {
            try build(temporary)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            // A builder's own failure says why in its words (Graphviz's message), not as a value's description.
            return .failure((error as? Failure) ?? Failure(reason: FileSystem.reason(error)))
        }
        TestPause.at("built")
        // Another writer may create or replace the destination meanwhile: a few attempts settle who wins (the last).
        for _ in 0..<8 {
            if !isDirectory || FileSystem.kind(of: destination, followingLinks: false) == .missing {
                if rename(temporary, destination) == 0 { return .success(()) }
                if isDirectory && (errno == ENOTEMPTY || errno == EEXIST) { continue }
                return cleanUp(temporary, errno: errno)
            }
            if openmomc_exchange(temporary, destination) == 0 {
                TestPause.at("exchanged")
                try? FileManager.default.removeItem(atPath: temporary)
                return .success(())
            }
            if errno == ENOENT { continue }
            guard errno == EINVAL || errno == ENOSYS || errno == ENOTSUP else {
                return cleanUp(temporary, errno: errno)
            }
            return replaceAside(destination, with: temporary)
        }
        return cleanUp(temporary, errno: EBUSY)
    }

    /// The fallback without an exchange: old folder aside, new one in, old one removed (or put back on failure).
    private static func replaceAside(_ destination: String, with temporary: String) -> Result<Void, Failure> {
        let aside = temporary + ".old"
        guard rename(destination, aside) == 0 else { return cleanUp(temporary, errno: errno) }
        guard rename(temporary, destination) == 0 else {
            let code = errno
            _ = rename(aside, destination)
            return cleanUp(temporary, errno: code)
        }
        try? FileManager.default.removeItem(atPath: aside)
        return .success(())
    }

    /// Temporaries of `destination` (`.Name.openmomc-PID-N`, and `.old` ones) whose process is gone.
    static func removeStaleTemporaries(beside destination: String) {
        let folder = destination.withoutLastPathComponent
        let prefix = "." + destination.lastPathComponent + ".openmomc-"
        guard case .success(let names) = FileSystem.listDirectory(folder.isEmpty ? "." : folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0.isNumber }), pid != getpid(),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(atPath: (folder.isEmpty ? "." : folder).appendingPathComponent(name))
        }
    }

    private static func cleanUp(_ temporary: String, errno code: Int32) -> Result<Void, Failure> {
        try? FileManager.default.removeItem(atPath: temporary)
        return .failure(Failure(reason: String(cString: strerror(code))))
    }
}

/// For the kill-safety tests only: `OPENMOMC_TEST_PAUSE_AT=built` (or `exchanged`) makes every write stop at that
/// step, say so on stderr and wait to be killed there.
enum TestPause {
    private static let step = ProcessInfo.processInfo.environment["OPENMOMC_TEST_PAUSE_AT"]

    static func at(_ name: String) {
        guard step == name else { return }
        let message = Array("openmomc: paused at \(name)\n".utf8)
        _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        sleep(60)
    }
}
