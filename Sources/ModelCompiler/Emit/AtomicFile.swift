import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces one file atomically: the bytes go to a temporary file in the same folder, which rename(2)
/// then puts in place. Readers see the old file or the new one, never a half-written one.
enum AtomicFile {
    static func write(_ bytes: [UInt8], to path: String) -> Result<Void, FileSystem.ReadError> {
        let temporary = path.temporarySibling
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: temporary))
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            return .failure(FileSystem.ReadError(reason: "cannot write a temporary file beside it"))
        }
        guard rename(temporary, path) == 0 else {
            let failure = FileSystem.ReadError(errno: errno)
            try? FileManager.default.removeItem(atPath: temporary)
            return .failure(failure)
        }
        return .success(())
    }
}
