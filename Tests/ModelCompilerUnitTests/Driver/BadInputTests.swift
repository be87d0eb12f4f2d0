import Foundation
import Testing
@testable import ModelCompiler

/// Hostile or broken files end as one clear diagnostic on the right file: never a crash, a hang or a trap.
@Suite struct BadInputTests {
    static let inputs: [(String, [UInt8])] = [
        ("empty file", []),
        ("binary garbage", (0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 7) }),
        ("invalid UTF-8", Array("<model name=\"".utf8) + [0xC3, 0x28, 0xFF] + Array("\"/>".utf8)),
        ("truncated XML", Array(Fixtures.contents("<entity name=\"A\">\n<attribute name=\"x\"").utf8.prefix(300))),
        ("10,000-deep nesting", Array((String(repeating: "<entity>", count: 10_000)).utf8)),
        ("50 MB file", Array(("<model name=\"" + String(repeating: "A", count: 50 << 20) + "\"/>").utf8)),
        (
            "UTF-16 without a declaration",
            [0xFF, 0xFE] + Array("<model/>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        ),
    ]

    @Test(arguments: 0..<inputs.count)
    func badContentsIsOneError(_ index: Int) throws {
        let (label, bytes) = Self.inputs[index]
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let version = directory + "/Broken.xcdatamodel"
        try FileManager.default.createDirectory(atPath: version, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: version + "/contents"))
        let result = check(paths: [version])
        #expect(!result.inputFailed, "\(label)")
        let errors = result.diagnostics.filter { $0.severity == .error }
        if label.hasPrefix("UTF-16") {
            // libxml2 detects UTF-16 from the byte-order mark: valid, just not UTF-8.
            #expect(errors.isEmpty, "\(label): \(errors)")
            return
        }
        #expect(errors.count == 1, "\(label): \(result.diagnostics)")
        #expect(errors.first?.code == .xmlNotWellFormed, "\(label)")
        #expect(errors.first?.location.file == version + "/contents", "\(label)")
        #expect((errors.first?.location.line ?? 0) >= 1, "\(label)")
    }

    @Test func symlinkLoopsDoNotHangTheSearch() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        try Fixtures.writeBundle(in: directory + "/App", versions: [("Model", Fixtures.contents(""))])
        try FileManager.default.createSymbolicLink(atPath: directory + "/App/loop", withDestinationPath: directory)
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/App/loop2", withDestinationPath: directory + "/App")
        let result = check(paths: [directory])
        #expect(result.bundles.count == 1)
        #expect(result.diagnostics.codes == [.noShippedRecord])
    }

    @Test func aFIFOIsRefusedNotReadForever() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let version = directory + "/Pipe.xcdatamodel"
        try FileManager.default.createDirectory(atPath: version, withIntermediateDirectories: true)
        #expect(mkfifo(version + "/contents", 0o644) == 0)
        let result = check(paths: [version])
        #expect(result.diagnostics.codes == [.unreadableFile])
    }

    @Test func aMissingBundleIsNotFoundForEveryCommandThatEditsOne() {
        let missing = NSTemporaryDirectory() + "openmomc-missing-" + UUID().uuidString + "/App.xcdatamodeld"
        for result in [markShipped(bundle: missing), newVersion(bundle: missing), convert(bundle: missing)] {
            #expect(result.inputFailed)
            #expect(result.diagnostics.map(\.message) == ["no such file or directory"])
            #expect(result.diagnostics.codes == [.fileNotFound])
        }
    }
}
