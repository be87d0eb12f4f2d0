import Foundation
import Testing
@testable import LibraryStore

@Suite struct LibraryStoreTests {
    @Test func theCompiledModelShipsInTheResourceBundle() throws {
        let momd = try #require(LibraryStore.compiledModelURL)
        let files = try FileManager.default.contentsOfDirectory(atPath: momd.path).sorted()
        #expect(files == ["Library 2.mom", "Library 3.mom", "Library.mom", "VersionInfo.plist"])
    }

    @Test func versionInfoAgreesWithTheGeneratedConstants() throws {
        let momd = try #require(LibraryStore.compiledModelURL)
        let data = try Data(contentsOf: momd.appendingPathComponent("VersionInfo.plist"))
        let info = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(info["NSManagedObjectModel_CurrentVersionName"] as? String == LibraryModel.currentVersionName)
        #expect(info["NSManagedObjectModel_VersionChecksums"] as? [String: String] == LibraryModel.versionChecksums)
        let hashes = try #require(info["NSManagedObjectModel_VersionHashes"] as? [String: [String: Data]])
        #expect(Set(hashes[LibraryModel.currentVersionName]?.keys ?? [:].keys)
                == [LibraryModel.Author.entityName, LibraryModel.Book.entityName, LibraryModel.Item.entityName,
                    LibraryModel.Magazine.entityName, LibraryModel.Shelf.entityName])
    }

    /// The mapping model is compiled to the resources root, where Core Data's migration looks for `.cdm` files.
    @Test func theCompiledMappingModelShipsAtTheResourcesRoot() throws {
        let cdm = try #require(LibraryStore.compiledMappingModelURL)
        let data = try Data(contentsOf: cdm)
        let archive = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(archive["$archiver"] as? String == "NSKeyedArchiver")
        let objects = try #require(archive["$objects"] as? [Any])
        #expect(objects.contains { ($0 as? String) == "NoteToNote" })
        #expect(objects.contains { ($0 as? String) == "rating.integerValue" })
    }

    @Test func generatedKeysNameTheModelsProperties() {
        #expect(LibraryStore.bookTitleKey == "title")
        #expect(LibraryModel.Book.Attributes.allCases.map(\.rawValue).contains("synopsis"))
        #expect(LibraryModel.Shelf.Relationships.allCases.map(\.rawValue) == ["items"])
    }
}
