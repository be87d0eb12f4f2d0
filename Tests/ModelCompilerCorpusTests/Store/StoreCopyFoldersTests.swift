import Foundation
import Testing
@testable import ModelCompiler

/// #50: a private copy of a user's store never outlives the run: abandoned copies of a process that is gone are
/// removed by the next run; copies of live processes, and folders of other kinds, are left alone.
@Suite struct StoreCopyFoldersTests {
    @Test func abandonedCopiesOfAGoneProcessAreRemoved() throws {
        let parent = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(parent) }
        // A pid that is gone: a child that ran and was reaped.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let gone = child.processIdentifier
        #expect(kill(gone, 0) == -1 && errno == ESRCH)
        let names = [
            "openmomc-store-\(gone)-A", "openmomc-store-\(getpid())-B", "openmomc-store-1-C",
            "openmomc-store-notapid", "other-\(gone)-D",
        ]
        for name in names {
            try FileManager.default.createDirectory(atPath: parent + "/" + name, withIntermediateDirectories: false)
            try "copy".write(toFile: parent + "/" + name + "/store.sqlite", atomically: true, encoding: .utf8)
        }
        StoreCopyFolders.removeAbandoned(in: parent)
        let left = try FileManager.default.contentsOfDirectory(atPath: parent).sorted()
        #expect(left == names.dropFirst().sorted(), "\(left)")
    }

    @Test func aCopyIsPrivateAndGoesWithItsRun() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let store = Fixtures.packageRoot + "/SampleModels/Library 2.sqlite"
        var folder = ""
        do {
            let copy = try StoreCopy(of: store)
            folder = copy.folder
            var status = stat()
            #expect(lstat(folder, &status) == 0 && status.st_mode & 0o777 == 0o700)
            #expect(folder.lastPathComponent.hasPrefix("openmomc-store-\(getpid())-"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder))
    }
}
