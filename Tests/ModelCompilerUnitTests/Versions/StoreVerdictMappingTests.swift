import Foundation
import Testing
@testable import ModelCompiler

/// The doctor's verdict when a mapping model covers the upgrade: Core Data looks for one before it infers, so a
/// change inference cannot make opens; a stale one is found by nobody, and the verdict says so. The bundle is the
/// plugin example's Notes model, whose `rating` turns from text into a number through `NotesToNotes2`.
@Suite struct StoreVerdictMappingTests {
    static let example = Fixtures.packageRoot + "/SampleModels/PluginExample/Sources/LibraryStore"

    /// A copy of the Notes bundle and its mapping model, with a store its first version wrote.
    static func copy() throws -> (directory: String, bundle: String, store: String) {
        let directory = try Fixtures.temporaryDirectory()
        for name in ["Notes.xcdatamodeld", "NotesToNotes2.xcmappingmodel"] {
            try FileManager.default.copyItem(atPath: example + "/" + name, toPath: directory + "/" + name)
        }
        let bundle = directory + "/Notes.xcdatamodeld"
        let (pipeline, _) = BundlePipeline.run(bundle)
        let first = try #require(pipeline?.version(named: "Notes"))
        try StoreFixture(writtenBy: first).write(to: directory + "/Notes.sqlite")
        return (directory, bundle, directory + "/Notes.sqlite")
    }

    @Test func aStoreOpensAfterAMigrationWithTheMappingModel() throws {
        let (directory, bundle, path) = try Self.copy()
        defer { Fixtures.remove(directory) }
        let result = store(path: path, models: [bundle])
        guard case .opensAfterMappingModel(let from, let mappingModel)? = result.verdict else {
            Issue.record("\(String(describing: result.verdict))")
            return
        }
        #expect(from == "Notes" && mappingModel == "NotesToNotes2.xcmappingmodel")
        let report = try #require(result.report)
        #expect(report.verdict?.kind == "migrates" && report.verdict?.mappingModel == "NotesToNotes2.xcmappingmodel")
        #expect(
            report.text.contains("opens after a migration from Notes with mapping model NotesToNotes2.xcmappingmodel"))
        // Without the mapping model the same store fails: a type change cannot be inferred.
        try FileManager.default.removeItem(atPath: directory + "/NotesToNotes2.xcmappingmodel")
        guard case .fails(let error, let reason, _)? = store(path: path, models: [bundle]).verdict else {
            Issue.record("the store opened without its mapping model")
            return
        }
        #expect(error == 134140 && !reason.contains("stale"), "\(reason)")
    }

    @Test func aStaleMappingModelFailsTheUpgradeItWasMadeFor() throws {
        let (directory, bundle, path) = try Self.copy()
        defer { Fixtures.remove(directory) }
        let current = bundle + "/Notes 2.xcdatamodel/contents"
        let text = try String(contentsOfFile: current, encoding: .utf8)
        try text.replacingOccurrences(
            of: #"<attribute name="title""#,
            with: #"""
                <attribute name="pinned" optional="YES" attributeType="Boolean" usesScalarValueType="YES"/>
                        <attribute name="title"
                """#
        ).write(toFile: current, atomically: true, encoding: .utf8)
        let result = store(path: path, models: [bundle])
        guard case .fails(let error, let reason, _)? = result.verdict else {
            Issue.record("\(String(describing: result.verdict))")
            return
        }
        #expect(error == 134140)
        #expect(
            reason.contains("the mapping model for this upgrade, 'NotesToNotes2.xcmappingmodel', is stale"), "\(reason)"
        )
    }
}
