import Foundation
import Testing
@testable import ModelCompiler

/// The one writer: the exact bytes land at the destination, durable or not, and a failure says why and leaves
/// nothing behind.
@Suite struct AtomicFileTests {
    @Test func bytesAndTextLandExactly() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let large = (0..<(5 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        for (name, bytes, durable) in [
            ("a", large, false), ("b", large, true), ("empty", [], false), ("one", [7], true),
        ] {
            let path = directory + "/" + name
            try "old".write(toFile: path, atomically: false, encoding: .utf8)
            guard case .success = AtomicFile.write(bytes, to: path, durable: durable) else {
                Issue.record("\(name) was not written")
                continue
            }
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == bytes, "\(name)")
        }
        let text = String(repeating: "let café = \"☕️\"\n", count: 10_000)
        guard case .success = AtomicFile.write(utf8: text, to: directory + "/code.swift", durable: false) else {
            Issue.record("the text was not written")
            return
        }
        #expect(try String(contentsOfFile: directory + "/code.swift", encoding: .utf8) == text)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
                == ["a", "b", "code.swift", "empty", "one"])
    }

    @Test func aFailureSaysWhyAndLeavesNothing() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        guard case .failure(let failure) = AtomicFile.write([1, 2, 3], to: directory + "/missing/file", durable: false)
        else {
            Issue.record("a file in a missing folder was written")
            return
        }
        #expect(failure.reason == "No such file or directory")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test func aCompiledBundleReplacesTheOldOneWhole() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let old = CompiledOutput(name: "M.momd", isBundle: true, files: [("A.mom", [1]), ("Gone.mom", [2])])
        let new = CompiledOutput(
            name: "M.momd", isBundle: true, files: [("A.mom", [3, 4]), ("VersionInfo.plist", [5])])
        for output in [old, new] {
            guard case .success = OutputWriter.write(output, into: directory) else {
                Issue.record("the bundle was not written")
                return
            }
        }
        let written = directory + "/M.momd"
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: written).sorted() == ["A.mom", "VersionInfo.plist"])
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: written + "/A.mom"))) == [3, 4])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["M.momd"])
    }
}
