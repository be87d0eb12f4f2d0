import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes compiled output atomically: everything goes into a temporary item beside the destination,
/// which is then renamed into place. A failure at any step leaves the old output as it was.
enum OutputWriter {
    static func write(_ compiled: CompiledModel, into directory: String) -> Result<String, Diagnostic> {
        let here = SourceLocation(file: directory)
        guard FileSystem.kind(of: directory) == .directory else {
            return .failure(.error(.outputNotWritable, "output folder does not exist", at: here))
        }
        let destination = directory.appendingPathComponent(compiled.name)
        let temporary = destination.temporarySibling
        do {
            if compiled.isBundle {
                try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
                for file in compiled.files {
                    try Data(file.bytes).write(to: URL(fileURLWithPath: temporary.appendingPathComponent(file.name)))
                }
            } else {
                try Data(compiled.files[0].bytes).write(to: URL(fileURLWithPath: temporary))
            }
            try replace(destination, with: temporary, isDirectory: compiled.isBundle)
            return .success(destination)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            return .failure(.error(.outputNotWritable, "cannot write '\(compiled.name)': \(reason(error))", at: here))
        }
    }

    /// rename(2) replaces a file atomically; a folder cannot be swapped in one step, so the old one is
    /// moved aside first and put back if the new one cannot take its place.
    private static func replace(_ destination: String, with temporary: String, isDirectory: Bool) throws {
        guard isDirectory, FileSystem.kind(of: destination, followingLinks: false) != .missing else {
            guard rename(temporary, destination) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            return
        }
        let aside = temporary + ".old"
        guard rename(destination, aside) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        guard rename(temporary, destination) == 0 else {
            let code = errno
            _ = rename(aside, destination)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        try? FileManager.default.removeItem(atPath: aside)
    }

    private static func reason(_ error: Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
