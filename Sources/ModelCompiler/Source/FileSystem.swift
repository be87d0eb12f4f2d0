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

/// The few file-system questions the reader asks, answered with errno-level reasons so that a
/// diagnostic can say *why* a file could not be read.
enum FileSystem {
    enum Kind { case missing, file, directory, other }

    /// Why a file operation failed, as the system says it (`No such file or directory`): the POSIX error behind a
    /// Foundation error when there is one.
    static func reason(_ error: Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        #if canImport(FoundationEssentials)
        if let cocoa = error as? CocoaError, let underlying = cocoa.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return String(describing: error)
        #else
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
        #endif
    }

    /// The system's folder for temporary files (`TMPDIR`, else `/tmp`), without a trailing slash.
    static var temporaryFolder: String { FileManager.default.temporaryDirectory.path.withoutTrailingSlash }

    /// What `path` is, following symbolic links unless `followingLinks` is false (a link is then `.other`).
    static func kind(of path: String, followingLinks: Bool = true) -> Kind {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// The absolute path with every symbolic link resolved, also when its last components do not exist yet (an
    /// output or a cache folder is made on first use): the existing part is resolved and the rest appended.
    static func canonicalPath(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL.path.withoutTrailingSlash
        var missing: [String] = []
        while existing.count > 1, !FileManager.default.fileExists(atPath: existing) {
            missing.insert(existing.lastPathComponent, at: 0)
            existing = existing.withoutLastPathComponent
        }
        var resolved = URL(fileURLWithPath: existing).resolvingSymlinksInPath().path
        for component in missing { resolved = resolved.appendingPathComponent(component) }
        return resolved.withoutTrailingSlash
    }

    /// Reads a regular file whole. Refuses FIFOs and devices, which could block forever.
    static func readFile(_ path: String) -> Result<[UInt8], ReadError> {
        guard kind(of: path) == .file else {
            return .failure(ReadError(reason: kind(of: path) == .missing ? "no such file" : "not a regular file"))
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(ReadError(errno: errno)) }
        defer { close(descriptor) }
        // Read straight into an array of the file's size (plus one byte, to see the end): growing by doubling held up
        // to twice the XML, and zeroing a buffer for every file cost more than reading it.
        var status = stat()
        let expected = fstat(descriptor, &status) == 0 && status.st_size > 0 ? Int(status.st_size) : 0
        var failure: ReadError?, atEnd = false
        var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, initialized in
            initialized = 0
            while initialized < buffer.count {
                let count = read(descriptor, buffer.baseAddress! + initialized, buffer.count - initialized)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = ReadError(errno: errno)
                    return
                }
                if count == 0 {
                    atEnd = true
                    return
                }
                initialized += count
            }
        }
        // A file that grew since its size was read (or whose size is not known): the rest in pieces.
        var chunk: [UInt8] = []
        while failure == nil, !atEnd {
            if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: 1 << 16) }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno != EINTR { failure = ReadError(errno: errno) }
            } else if count == 0 {
                atEnd = true
            } else {
                bytes.append(contentsOf: chunk[0..<count])
            }
        }
        if let failure { return .failure(failure) }
        return .success(bytes)
    }

    /// Names inside a directory, sorted, or the reason it cannot be listed.
    static func listDirectory(_ path: String) -> Result<[String], ReadError> {
        guard let directory = opendir(path) else { return .failure(ReadError(errno: errno)) }
        defer { closedir(directory) }
        var names: [String] = []
        // The name is read in place, up to its NUL: an entry is only as long as its name needs, so copying the
        // whole `dirent` (its 256-byte name field) read past the end of short entries (AddressSanitizer, fuzz target
        // 'store', listing the temporary folder).
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(directory) {
            let start = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: UInt8.self)
            let name = String(
                decoding: UnsafeBufferPointer(
                    start: start,
                    count: strlen(
                        UnsafeRawPointer(start)
                            .assumingMemoryBound(to: CChar.self))), as: UTF8.self)
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names.sorted())
    }

    struct ReadError: Error {
        var reason: String
        init(reason: String) { self.reason = reason }
        init(errno code: Int32) { reason = String(cString: strerror(code)) }
    }
}

extension String {
    /// The last path component, as `NSString` gives it but without Foundation's bridging quirks.
    var lastPathComponent: String {
        let trimmed = hasSuffix("/") && count > 1 ? String(dropLast()) : self
        return trimmed.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? trimmed
    }

    func appendingPathComponent(_ component: String) -> String {
        hasSuffix("/") ? self + component : self + "/" + component
    }

    /// The path as users type it, without a trailing slash (`Model.xcdatamodeld/` -> `Model.xcdatamodeld`).
    var withoutTrailingSlash: String {
        count > 1 && hasSuffix("/") ? String(dropLast()) : self
    }

    /// A hidden name beside this path for writing before renaming into place, unique per process and call.
    var temporarySibling: String {
        let folder = withoutLastPathComponent
        return (folder.isEmpty ? "." : folder)
            + "/.\(lastPathComponent).openmomc-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// The path without its last component, as `NSString` gives it: `a/b/` -> `a`, `a` -> ``, `/a` -> `/`.
    var withoutLastPathComponent: String {
        var path = Substring(self)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        var folder = path[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }

    func removingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}

extension FileSystem {
    /// Up to `count` bytes from the start of a regular file (a store's header), without reading the rest.
    static func readPrefix(_ path: String, count: Int) -> Result<[UInt8], ReadError> {
        guard kind(of: path) == .file else { return .failure(ReadError(reason: "not a regular file")) }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(ReadError(errno: errno)) }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { break }
            filled += got
        }
        return .success(Array(bytes[0..<filled]))
    }
}
