import Foundation
import Testing
@testable import ModelCompiler

/// A mapping model's snapshots are models that enter another way (Xcode 3 archives inside `xcmapping.xml`): the same
/// structural checks as a version's stop them, and nothing is compiled from them.
@Suite struct MappingSnapshotChecksTests {
    /// An archive whose entity B is its own parent.
    static func cyclicSnapshot() -> String {
        let fixture = XDFixture()
        fixture.entity("A")
        let b = fixture.entity("B")
        let loop = ArchiveNode(["XDUMLGeneralizationImp", "NSObject"])
        loop.replace("_general", .object(.node(b)))
        b.replace("XDBucketForGeneralizationsstorage", .object(.node(.array([.node(loop)], mutable: true))))
        return Data(fixture.bytes()).base64EncodedString()
    }

    static func plainSnapshot() -> String {
        let fixture = XDFixture()
        fixture.entity("A")
        return Data(fixture.bytes()).base64EncodedString()
    }

    @Test(arguments: [true, false])
    func anInheritanceCycleInASnapshotIsAnError(inSource: Bool) throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let mapping = directory + "/M.xcmappingmodel"
        try FileManager.default.createDirectory(atPath: mapping, withIntermediateDirectories: true)
        let (source, destination) =
            inSource
            ? (Self.cyclicSnapshot(), Self.plainSnapshot())
            : (Self.plainSnapshot(), Self.cyclicSnapshot())
        try Data(MappingXML.document([MappingXML.model(mappings: [], source: source, destination: destination)]))
            .write(to: URL(fileURLWithPath: mapping + "/xcmapping.xml"))
        let run = MappingModelRun(path: mapping)
        let cycle = run.diagnostics.filter { $0.code == .inheritanceCycle }
        #expect(cycle.count == 1 && cycle.first?.severity == .error, "\(run.diagnostics)")
        #expect(cycle.first?.message.contains("snapshot of") == true, "\(cycle)")
        #expect(run.cdm == nil, "nothing is compiled from a damaged snapshot")
        // The plain pair compiles: the error is the cycle's.
        try Data(
            MappingXML.document([
                MappingXML.model(
                    mappings: [], source: Self.plainSnapshot(),
                    destination: Self.plainSnapshot())
            ])
        )
        .write(to: URL(fileURLWithPath: mapping + "/xcmapping.xml"))
        let plain = MappingModelRun(path: mapping)
        #expect(!plain.diagnostics.hasErrors && plain.cdm != nil, "\(plain.diagnostics)")
    }
}
