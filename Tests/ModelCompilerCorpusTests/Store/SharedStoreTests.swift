import Foundation
import Testing
@testable import ModelCompiler

/// The eight real stores of ../shared/stores (stores.tsv names the version that wrote each): read on a copy, left
/// byte-identical, each matched to exactly its version, the model cache faithful to the metadata.
@Suite(.needsShared) struct SharedStoreTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var store: String
        var bundle: String
        var version: String
        var testDescription: String { version }
    }

    static let cases: [Case] = {
        guard let shared = SharedFolder.path,
            let text = try? String(contentsOfFile: shared + "/stores/stores.tsv", encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: "\t").map(String.init)
            return fields.count == 3
                ? Case(store: shared + "/" + fields[0], bundle: shared + "/" + fields[1], version: fields[2]) : nil
        }
    }()

    @Test func allEightStoresAreListed() throws {
        _ = try #require(SharedFolder.require())
        #expect(Self.cases.count == 8)
    }

    @Test(arguments: cases)
    func namesTheWritingVersionAndLeavesTheFilesAlone(_ entry: Case) throws {
        let folder = (entry.store as NSString).deletingLastPathComponent
        let before = try StoreFixture.fingerprint(folder)
        let result = store(path: entry.store, models: [entry.bundle])
        #expect(try StoreFixture.fingerprint(folder) == before, "the store's folder changed")
        #expect(!result.inputFailed && !result.diagnostics.hasErrors, "\(result.diagnostics)")
        let match = try #require(result.match)
        #expect(match.writtenBy.map { $0.map(\.version) } == [[entry.version]])
        // The writer's model, rebuilt from Z_MODELCACHE, hashes to exactly the store's metadata.
        let read = try #require(result.store)
        let cache = try #require(read.modelCache)
        #expect(VersionHasher.hashes(for: cache).entityHashes == read.metadata.entityHashes)
        // None of these stores was written by its bundle's current version: each needs a migration, inferred but
        // for Moody 5's, which the app's 'Moody 5-Moody 6' mapping model covers (Core Data looks for one first).
        switch result.verdict {
        case .opensAfterMigration(let from, _)?:
            #expect(from == entry.version && entry.version != "Moody 5")
        case .opensAfterMappingModel(let from, let mappingModel)?:
            #expect(from == "Moody 5" && entry.version == "Moody 5" && mappingModel == "Moody 5-Moody 6.xcmappingmodel")
        default:
            Issue.record("verdict: \(String(describing: result.verdict))")
        }
    }

    @Test func aStaleIdentifierOnAUniqueMatchIsANoteNotAMismatch() throws {
        let entry = try #require(Self.cases.first { $0.version == "Moody" })
        let result = store(path: entry.store, models: [entry.bundle])
        #expect(result.match?.writtenBy.map { $0.map(\.version) } == [["Moody"]])
        #expect(
            result.match?.notes == [
                "the store's version identifiers [] are not the writing version's ['1']; "
                    + "identifiers are only hints, the hashes decide"
            ])
    }

    @Test func theCurrentVersionOpensAStoreOfItsOwnAsIs() throws {
        // Moody 2's store against a bundle whose current version is Moody 2.
        let entry = try #require(Self.cases.first { $0.version == "Moody 2" })
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = directory + "/Moody.xcdatamodeld"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        for version in ["Moody", "Moody 2"] {
            try FileManager.default.copyItem(
                atPath: entry.bundle + "/\(version).xcdatamodel", toPath: bundle + "/\(version).xcdatamodel")
        }
        let result = store(path: entry.store, models: [bundle])
        guard case .opensAsIs(let version)? = result.verdict else {
            Issue.record("verdict: \(String(describing: result.verdict))")
            return
        }
        #expect(version == "Moody 2")
    }
}
