import Foundation
import Testing
@testable import ModelCompiler

/// Which mapping models the guard reads for a bundle: those in its folder and subfolders, and those named.
@Suite struct MappingModelDiscoveryTests {
    static func make(_ paths: [String], in root: String) throws {
        for path in paths {
            try FileManager.default.createDirectory(atPath: root + "/" + path, withIntermediateDirectories: true)
        }
    }

    @Test func mappingModelsInTheBundlesFolderAndItsSubfoldersAreFound() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(root) }
        try Self.make(
            [
                "App/Model.xcdatamodeld/Model.xcdatamodel", "App/A.xcmappingmodel",
                "App/Migrations/Mapping Models/B.xcmappingmodel", "App/Model.xcdatamodeld/Inside.xcmappingmodel",
                "App/1/2/3/4/Deep.xcmappingmodel", "App/1/2/3/4/5/TooDeep.xcmappingmodel",
                "App/Old.momd/C.xcmappingmodel", "App/.hidden/D.xcmappingmodel", "Elsewhere/E.xcmappingmodel",
            ],
            in: root)
        let found = MappingModelDiscovery.mappingModels(beside: root + "/App/Model.xcdatamodeld")
        #expect(
            found.paths.map { String($0.dropFirst(root.count + 5)) }.sorted()
                == [
                    "1/2/3/4/Deep.xcmappingmodel", "A.xcmappingmodel", "Migrations/Mapping Models/B.xcmappingmodel",
                    "Model.xcdatamodeld/Inside.xcmappingmodel",
                ])
        #expect(found.otherBundles.isEmpty)
        // Named ones come first, once each.
        let named = MappingModelDiscovery.mappingModels(
            beside: root + "/App/Model.xcdatamodeld",
            named: [
                root + "/Elsewhere/E.xcmappingmodel/",
                root + "/App/A.xcmappingmodel",
            ])
        #expect(named.paths.prefix(2) == [root + "/Elsewhere/E.xcmappingmodel", root + "/App/A.xcmappingmodel"])
        #expect(named.paths.count == 5)
    }

    /// Two bundles side by side (or a build plugin naming every mapping model of its target): each mapping model
    /// goes to the bundle its recorded model path names; one that names no bundle found is read by all.
    @Test func aMappingModelOfAnotherBundleIsLeftToIt() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(root) }
        try Self.make(
            [
                "Library.xcdatamodeld", "Notes.xcdatamodeld", "NotesToNotes2.xcmappingmodel",
                "Separate/Other.xcdatamodeld", "Separate/OtherV1ToV2.xcmappingmodel",
            ], in: root)
        let library = MappingModelDiscovery.mappingModels(
            beside: root + "/Library.xcdatamodeld",
            named: [root + "/Separate/OtherV1ToV2.xcmappingmodel"])
        #expect(library.otherBundles == ["Notes.xcdatamodeld", "Other.xcdatamodeld"])
        #expect(!library.belongs(recordedSourcePath: "Notes.xcdatamodeld/Notes.xcdatamodel"))
        #expect(!library.belongs(recordedSourcePath: "App/Other.xcdatamodeld/Other.xcdatamodel"))
        #expect(library.belongs(recordedSourcePath: "Library.xcdatamodeld/Library 2.xcdatamodel"))
        // Threema's second bundle carries a copy whose paths still name the first, which is not beside it.
        #expect(library.belongs(recordedSourcePath: "ThreemaData.xcdatamodeld/ThreemaData.xcdatamodel"))
        #expect(library.belongs(recordedSourcePath: nil))
        let notes = MappingModelDiscovery.mappingModels(beside: root + "/Notes.xcdatamodeld")
        #expect(notes.otherBundles == ["Library.xcdatamodeld", "Other.xcdatamodeld"])
        #expect(notes.belongs(recordedSourcePath: "Notes.xcdatamodeld/Notes.xcdatamodel"))
    }

    /// A bundle at the top of a large tree: the walk stops at its folder limit instead of reading everything.
    @Test func theSearchIsBounded() throws {
        let root = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(root) }
        let wide = (0..<(MappingModelDiscovery.maximumFolders + 50)).map { "f\($0)" }
        try Self.make(wide + ["Model.xcdatamodeld"], in: root)
        // The walk takes the last-listed folder first: 'a' would be read after every 'f...' one.
        try Self.make(["a/Late.xcmappingmodel"], in: root)
        let found = MappingModelDiscovery.mappingModels(beside: root + "/Model.xcdatamodeld")
        #expect(found.paths.isEmpty)
        // Within the limit it is found.
        try FileManager.default.removeItem(atPath: root + "/f0")
        try (1...60).forEach { try FileManager.default.removeItem(atPath: root + "/f\($0)") }
        #expect(
            MappingModelDiscovery.mappingModels(beside: root + "/Model.xcdatamodeld").paths
                == [root + "/a/Late.xcmappingmodel"])
    }
}
