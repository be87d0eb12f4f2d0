#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
private let systemClose = Glibc.close
#elseif canImport(Darwin)
import Darwin
private let systemClose = Darwin.close
#endif

/// A new file written from start to end a piece at a time, for outputs too large to hold whole (a fixture's
/// `expected.json` at a million rows is over a gigabyte). Always a file openmomc has just created in a staging folder;
/// what makes it visible is the swap that follows (`FixtureFolder`).
final class AppendingFile {
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private static let flushSize = 1 << 20

    init(creating path: String) throws {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        buffer.reserveCapacity(Self.flushSize)
    }

    deinit { if descriptor >= 0 { _ = systemClose(descriptor) } }

    func append(_ text: String) throws { try append(text.utf8) }

    func append(_ bytes: some Collection<UInt8>) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.flushSize { try flush() }
    }

    /// Writes what is left and closes the file.
    func close() throws {
        try flush()
        let status = systemClose(descriptor)
        descriptor = -1
        if status != 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        let failure = buffer.withUnsafeBytes { AtomicFile.writeAll($0, to: descriptor) }
        buffer.removeAll(keepingCapacity: true)
        if let failure { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO) }
    }
}
