#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
private let hardLink = Glibc.link
#elseif canImport(Darwin)
import Darwin
private let hardLink = Darwin.link
#endif

/// A fixture store, its `-wal`-free companions, its external-data folder and its `expected.json` are one unit: a
/// test that finds a new store beside an old prediction fails for the wrong reason. Everything is written into a
/// staging folder, and the output folder is swapped for it in one step (`AtomicFile.replace`, a folder exchange):
/// after a kill at any instant the folder holds the old fixtures or the new ones. The staging folder starts with hard
/// links to whatever else the output folder holds, so nothing else in it changes.
///
/// Where the folder itself cannot be swapped (it is the working folder, holds the model, is a mount point, or its
/// parent is read-only), each version's files are moved in one after the other from a staging folder inside it, and
/// the caller says so.
enum FixtureFolder {
    enum Swap: Equatable {
        case whole
        /// Why the folder cannot be swapped whole.
        case oneByOne(reason: String)
    }

    /// What a fixture of version `name` is in its folder.
    static func entries(of name: String) -> [String] {
        [name + ".sqlite", name + ".expected.json", "." + name + "_SUPPORT"]
            + OutputPathGuard.storeCompanions.map { name + ".sqlite" + $0 }
    }

    /// Makes the folder's parent (and the folder itself when it is filled one version at a time) and says how it will
    /// be swapped in; the failure says why it cannot be made.
    static func prepare(_ output: String, inputs: [String]) -> Result<Swap, Diagnostic> {
        do {
            try FileManager.default.createDirectory(
                atPath: FileSystem.canonicalPath(output).withoutLastPathComponent, withIntermediateDirectories: true)
            let swap = Self.swap(for: output, inputs: inputs)
            if case .oneByOne = swap {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            }
            return .success(swap)
        } catch {
            return .failure(
                .error(
                    .outputNotWritable, "cannot make the output folder: " + FileSystem.reason(error),
                    at: SourceLocation(file: output)))
        }
    }

    /// The folder made for filling it one version at a time, after it could not be swapped in whole.
    static func makeForOneByOne(_ output: String) {
        try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    }

    /// How `output` (a folder, or a path where one will be) can take new fixtures.
    static func swap(for output: String, inputs: [String]) -> Swap {
        let resolved = FileSystem.canonicalPath(output)
        let here = FileSystem.canonicalPath(FileManager.default.currentDirectoryPath)
        if resolved == "/" { return .oneByOne(reason: "it is the root folder") }
        if here == resolved || here.hasPrefix(resolved + "/") { return .oneByOne(reason: "it is the working folder") }
        if inputs.contains(where: { FileSystem.canonicalPath($0).hasPrefix(resolved + "/") }) {
            return .oneByOne(reason: "it holds the model")
        }
        var folder = stat(), parent = stat()
        let parentPath = resolved.withoutLastPathComponent
        if stat(resolved, &folder) == 0, stat(parentPath, &parent) == 0, folder.st_dev != parent.st_dev {
            return .oneByOne(reason: "it is a mount point")
        }
        if access(parentPath, W_OK) != 0 { return .oneByOne(reason: "its parent folder is not writable") }
        return .whole
    }

    /// Puts the fixtures of `versions` that `build` writes into the staging folder it is given into `output`.
    static func write(
        _ output: String, versions: [String], swap: Swap,
        build: (String) throws -> Void
    ) -> Result<Void, AtomicFile.Failure> {
        switch swap {
        case .whole:
            let replaced = Set(versions.flatMap(entries(of:)))
            let destination = FileSystem.canonicalPath(output)
            return AtomicFile.replace(destination, isDirectory: true) { staging in
                try mirror(destination, into: staging, leavingOut: replaced)
                try build(staging)
            }
        case .oneByOne:
            return oneByOne(output, versions: versions, build: build)
        }
    }

    /// The output folder's other entries, linked into the staging folder (with the folder's own permissions).
    private static func mirror(_ folder: String, into staging: String, leavingOut replaced: Set<String>) throws {
        var status = stat()
        guard stat(folder, &status) == 0 else {
            return try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        }
        try makeFolder(staging, mode: status.st_mode)
        guard case .success(let names) = FileSystem.listDirectory(folder) else { throw failure(errno) }
        for name in names where !replaced.contains(name) && !name.contains(".openmomc-") {
            try link(folder + "/" + name, to: staging + "/" + name)
        }
    }

    /// A hard link where the file system has them (a copy otherwise), a folder made again with its entries linked, a
    /// symbolic link made again; anything else cannot be carried over, and stops the swap.
    private static func link(_ source: String, to destination: String) throws {
        var status = stat()
        guard lstat(source, &status) == 0 else { throw failure(errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            if hardLink(source, destination) != 0 {
                try FileManager.default.copyItem(atPath: source, toPath: destination)
            }
        case S_IFDIR:
            try makeFolder(destination, mode: status.st_mode)
            guard case .success(let names) = FileSystem.listDirectory(source) else { throw failure(errno) }
            for name in names { try link(source + "/" + name, to: destination + "/" + name) }
        case S_IFLNK:
            try FileManager.default.createSymbolicLink(
                atPath: destination,
                withDestinationPath: try FileManager.default.destinationOfSymbolicLink(atPath: source))
        default:
            throw AtomicFile.Failure(reason: "'\(source)' is a special file, which openmomc does not copy")
        }
    }

    private static func makeFolder(_ path: String, mode: mode_t) throws {
        guard mkdir(path, 0o700) == 0, chmod(path, mode & 0o7777) == 0 else { throw failure(errno) }
    }

    /// Each version's support folder, store and prediction moved in, in that order, from a staging folder inside
    /// `output`; a kill between two moves can leave a version's new store beside its old prediction.
    private static func oneByOne(
        _ output: String, versions: [String],
        build: (String) throws -> Void
    ) -> Result<Void, AtomicFile.Failure> {
        let marker = output.appendingPathComponent("fixtures")
        AtomicFile.removeStaleTemporaries(beside: marker)
        let staging = marker.temporarySibling
        defer { try? FileManager.default.removeItem(atPath: staging) }
        do {
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
            try build(staging)
        } catch {
            return .failure((error as? AtomicFile.Failure) ?? AtomicFile.Failure(reason: FileSystem.reason(error)))
        }
        for name in versions {
            let support = "." + name + "_SUPPORT"
            if FileSystem.kind(of: staging + "/" + support) == .directory {
                let moved = AtomicFile.replace(output + "/" + support, isDirectory: true) { temporary in
                    guard rename(staging + "/" + support, temporary) == 0 else { throw failure(errno) }
                }
                if case .failure = moved { return moved }
            } else if FileSystem.kind(of: output + "/" + support, followingLinks: false) == .directory {
                try? FileManager.default.removeItem(atPath: output + "/" + support)
            }
            // An older store's -wal would be replayed onto the new file: it goes before the new file takes its place.
            OutputPathGuard.removeStoreCompanions(of: output + "/" + name + ".sqlite")
            for file in [name + ".sqlite", name + ".expected.json"]
            where rename(staging + "/" + file, output + "/" + file) != 0 {
                return .failure(failure(errno))
            }
        }
        return .success(())
    }

    private static func failure(_ code: Int32) -> AtomicFile.Failure {
        AtomicFile.Failure(reason: String(cString: strerror(code)))
    }
}
