import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way openmomc writes anything: compiled models, generated Swift, `ShippedVersions.json`,
/// `.xccurrentversion`, a new model version. The new item is built at a temporary sibling of the destination
/// and renamed into place, so a failure or a kill at any instant leaves the old item or the new one, never a
/// half-written one, and an interrupted write leaves at most a hidden temporary beside it.
enum AtomicFile {
    struct Failure: Error {
        var reason: String
    }

    /// Replaces one file.
    static func write(_ bytes: [UInt8], to path: String) -> Result<Void, Failure> {
        replace(path, isDirectory: false) { temporary in try Data(bytes).write(to: URL(fileURLWithPath: temporary)) }
    }

    /// Puts the item `build` makes at the temporary path into place at `destination`, replacing an older one.
    /// rename(2) replaces a file atomically; a folder cannot be swapped in one step, so the old one is moved
    /// aside first and put back if the new one cannot take its place.
    static func replace(_ destination: String, isDirectory: Bool, build: (String) throws -> Void) -> Result<Void, Failure> {
        let temporary = destination.temporarySibling
        do {
            try build(temporary)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            return .failure(Failure(reason: reason(error)))
        }
        guard isDirectory, FileSystem.kind(of: destination, followingLinks: false) != .missing else {
            guard rename(temporary, destination) == 0 else { return cleanUp(temporary, errno: errno) }
            return .success(())
        }
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

    private static func cleanUp(_ temporary: String, errno code: Int32) -> Result<Void, Failure> {
        try? FileManager.default.removeItem(atPath: temporary)
        return .failure(Failure(reason: String(cString: strerror(code))))
    }

    private static func reason(_ error: Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
    }
}
