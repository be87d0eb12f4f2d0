import Foundation
import Testing
@testable import ModelCompiler

/// A compiled file the previous output already holds byte for byte is kept (the same file, under the new folder),
/// never a file behind a link, and always with a fresh modification time, as if written.
@Suite struct UnchangedOutputTests {
    struct Identity: Equatable {
        let inode: UInt64
        let modified: Int
    }

    static func identity(_ path: String) throws -> Identity {
        var info = stat()
        try #require(lstat(path, &info) == 0, "\(path)")
        #if os(Linux)
        let modified = info.st_mtim.tv_sec
        #else
        let modified = info.st_mtimespec.tv_sec
        #endif
        return Identity(inode: UInt64(info.st_ino), modified: modified)
    }

    /// Sets a file's modification time an hour back, so that "now" is told from it.
    static func age(_ path: String) throws {
        var times = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
        try #require(utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW) == 0)
    }

    /// A fresh folder with `output` written into it, and the path of the written bundle.
    static func written(_ output: CompiledOutput) throws -> (directory: String, momd: String) {
        let directory = try Fixtures.temporaryDirectory()
        try write(output, into: directory)
        return (directory, directory + "/" + output.name)
    }

    static func write(_ output: CompiledOutput, into directory: String) throws {
        guard case .success = OutputWriter.write(output, into: directory) else {
            Issue.record("\(output.name) was not written")
            return
        }
    }

    @Test func aBundlesUnchangedFilesAreKeptAndAChangedOneWritten() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let momd = directory + "/M.momd"
        let first = CompiledOutput(
            name: "M.momd", isBundle: true,
            files: [("A.mom", [1, 2]), ("B.mom", [3]), ("VersionInfo.plist", [4])])
        try Self.write(first, into: directory)
        for name in ["A.mom", "B.mom", "VersionInfo.plist"] { try Self.age(momd + "/" + name) }
        let before = try ["A.mom", "B.mom", "VersionInfo.plist"].map { try Self.identity(momd + "/" + $0) }
        let second = CompiledOutput(
            name: "M.momd", isBundle: true,
            files: [("A.mom", [1, 2]), ("B.mom", [9]), ("VersionInfo.plist", [4])])
        try Self.write(second, into: directory)
        let after = try ["A.mom", "B.mom", "VersionInfo.plist"].map { try Self.identity(momd + "/" + $0) }
        #expect(after[0].inode == before[0].inode && after[2].inode == before[2].inode)
        #expect(after[1].inode != before[1].inode)
        #expect(after.allSatisfy { $0.modified > before[0].modified })
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: momd + "/B.mom"))) == [9])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: momd).sorted() == [
                "A.mom", "B.mom", "VersionInfo.plist",
            ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["M.momd"])
    }

    /// Nothing differs: the old folder stays, with fresh times; an entry it has beyond the output makes it replaced.
    @Test func aWhollyUnchangedBundleStaysAsItIs() throws {
        let output = CompiledOutput(
            name: "M.momd", isBundle: true, files: [("A.mom", [1]), ("VersionInfo.plist", [2])])
        let (directory, momd) = try Self.written(output)
        defer { Fixtures.remove(directory) }
        for path in [momd + "/A.mom", momd + "/VersionInfo.plist", momd] { try Self.age(path) }
        let before = try [momd, momd + "/A.mom"].map(Self.identity)
        try Self.write(output, into: directory)
        let after = try [momd, momd + "/A.mom"].map(Self.identity)
        #expect(after.map(\.inode) == before.map(\.inode))
        #expect(zip(after, before).allSatisfy { $0.modified > $1.modified })
        try Data([9]).write(to: URL(fileURLWithPath: momd + "/stray"))
        try Self.write(output, into: directory)
        #expect(try Self.identity(momd).inode != before[0].inode)
        #expect(try FileManager.default.contentsOfDirectory(atPath: momd).sorted() == ["A.mom", "VersionInfo.plist"])
        #expect(try Self.identity(momd + "/A.mom").inode == before[1].inode)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["M.momd"])
    }

    /// A file of the old output that is a link, or that someone changed, is written anew.
    @Test func onlyARegularFileWithTheSameBytesIsKept() throws {
        let output = CompiledOutput(name: "M.momd", isBundle: true, files: [("A.mom", [1]), ("B.mom", [2])])
        let (directory, momd) = try Self.written(output)
        defer { Fixtures.remove(directory) }
        try Data([1]).write(to: URL(fileURLWithPath: directory + "/elsewhere"))
        try FileManager.default.removeItem(atPath: momd + "/A.mom")
        try FileManager.default.createSymbolicLink(
            atPath: momd + "/A.mom", withDestinationPath: directory + "/elsewhere")
        try Data([7]).write(to: URL(fileURLWithPath: momd + "/B.mom"))
        try Self.write(output, into: directory)
        #expect(FileSystem.kind(of: momd + "/A.mom", followingLinks: false) == .file)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: momd + "/A.mom"))) == [1])
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: momd + "/B.mom"))) == [2])
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/elsewhere"))) == [1])
    }

    @Test func aLoneModelUnchangedIsLeftInPlace() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let mom = directory + "/M.mom"
        try Self.write(CompiledOutput(name: "M.mom", isBundle: false, files: [("M.mom", [1, 2, 3])]), into: directory)
        try Self.age(mom)
        let before = try Self.identity(mom)
        try Self.write(CompiledOutput(name: "M.mom", isBundle: false, files: [("M.mom", [1, 2, 3])]), into: directory)
        let kept = try Self.identity(mom)
        #expect(kept.inode == before.inode && kept.modified > before.modified)
        try Self.write(CompiledOutput(name: "M.mom", isBundle: false, files: [("M.mom", [4])]), into: directory)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: mom))) == [4])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["M.mom"])
    }
}
