import Foundation
import Testing
@testable import ModelCompiler

@Suite struct FileSystemTests {
    /// Files are read into an array of their size: every size around the edges reads back whole.
    @Test func filesOfEverySizeReadBackWhole() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        var generator = SystemRandomNumberGenerator()
        for size in [0, 1, 2, 4_095, 4_096, 65_535, 65_536, 65_537, 300_001] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let path = directory + "/file-\(size)"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(try FileSystem.readFile(path).get() == bytes, "\(size) bytes")
        }
    }

    /// A file whose size says nothing (Linux's /proc files report 0) is read to its end all the same.
    @Test func aFileLargerThanItsReportedSizeIsReadToItsEnd() throws {
        #if os(Linux)
        let read = try FileSystem.readFile("/proc/self/status").get()
        #expect(read.count > 100)
        #expect(String(decoding: read, as: UTF8.self).contains("Pid:"))
        #endif
    }

    @Test func whatIsNoRegularFileIsRefused() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        #expect(throws: FileSystem.ReadError.self) { try FileSystem.readFile(directory).get() }
        #expect(throws: FileSystem.ReadError.self) { try FileSystem.readFile(directory + "/missing").get() }
    }
}
