import Foundation
import Testing
@testable import ModelCompiler

/// Version hashes and checksums computed from the XML equal what Apple's momc wrote into VersionInfo.plist.
@Suite struct VersionHashConformanceCorpusTests {
    @Test(.needsShared, arguments: ConformanceVector.all)
    func hashesMatchApple(_ vector: ConformanceVector) throws {
        guard let shared = SharedFolder.require() else { return }
        let (bundle, diagnostics) = checkBundle(at: shared + "/conformance/" + vector.source)
        #expect(!diagnostics.hasErrors)
        let checked = try #require(bundle)
        guard vector.isMomd else {
            // A plain .mom records no hashes: those of Apple's archive read back stand in (proven equal to
            // VersionInfo.plist on every .momd vector below).
            let model = try #require(checked.models.first)
            let archive = try KeyedArchive(
                bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: vector.appleMOM(shared, version: "")))))
            let apple = try #require(ModelUnarchiver.model(from: archive, versionName: model.versionName, file: ""))
            #expect(VersionHasher.hashes(for: model) == VersionHasher.hashes(for: apple))
            return
        }
        let apple = try Self.versionInfo(shared + "/conformance/" + vector.compiled)
        #expect(Set(apple.versionHashes.keys) == Set(checked.models.map(\.versionName)))
        #expect(apple.currentVersionName == checked.source.currentVersion?.versionName)
        for model in checked.models {
            let ours = VersionHasher.hashes(for: model)
            let theirs = try #require(apple.versionHashes[model.versionName])
            #expect(Set(ours.entityHashes.keys) == Set(theirs.keys), "\(model.versionName)")
            for (entity, hash) in theirs {
                #expect(ours.entityHashes[entity] == hash, "\(model.versionName).\(entity)")
            }
            if let checksum = apple.versionChecksums[model.versionName] {
                #expect(ours.versionChecksum == checksum, "\(model.versionName) checksum")
                // The entity hashes alone (generate, a compile's output), without the property tables.
                let alone = VersionHasher.entityLevel(for: model)
                #expect(Base64.encode(alone.versionHash) == checksum, "\(model.versionName) alone")
                #expect(alone.entityHashes == ours.entityHashes, "\(model.versionName) entity hashes alone")
            }
        }
    }

    /// Apple's `VersionInfo.plist`: binary since Xcode 15, XML before.
    static func versionInfo(_ momd: String) throws -> VersionInfo {
        let path = momd + "/VersionInfo.plist"
        return try VersionInfo(
            propertyList: XMLPropertyListReader.readAny(
                [UInt8](Data(contentsOf: URL(fileURLWithPath: path))), path: path))
    }

    @Test(.needsShared, arguments: ConformanceVector.all.filter(\.isMomd))
    func hashesOfApplesArchivesReadBackMatchTheirVersionInfo(_ vector: ConformanceVector) throws {
        // Reading Apple's .mom into the semantic model and hashing it gives what Apple recorded.
        guard let shared = SharedFolder.require() else { return }
        let folder = shared + "/conformance/" + vector.compiled
        let apple = try Self.versionInfo(folder)
        for (version, hashes) in apple.versionHashes {
            let archive = try KeyedArchive(
                bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/\(version).mom"))))
            let model = try #require(ModelUnarchiver.model(from: archive, versionName: version, file: version))
            #expect(VersionHasher.hashes(for: model).entityHashes == hashes, "\(version)")
        }
    }

    @Test(.needsShared, arguments: ConformanceVector.all.filter(\.isMomd))
    func compiledVersionInfoMatchesApples(_ vector: ConformanceVector) throws {
        guard let shared = SharedFolder.require() else { return }
        let output = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(output) }
        let result = compile(input: shared + "/conformance/" + vector.source, outputDirectory: output)
        let momd = try #require(result.outputPath, "\(result.diagnostics)")
        let ours = try Self.versionInfo(momd), apple = try Self.versionInfo(shared + "/conformance/" + vector.compiled)
        #expect(ours.currentVersionName == apple.currentVersionName)
        #expect(ours.versionHashes == apple.versionHashes)
        // Xcode 14 and older wrote no checksums; where Apple wrote them they are ours exactly.
        #expect(apple.versionChecksums.isEmpty || ours.versionChecksums == apple.versionChecksums)
        #expect(Set(ours.versionChecksums.keys) == Set(apple.versionHashes.keys))
        // The same .mom files (Apple's .omo is the one file openmomc does not write).
        let appleFiles = try FileManager.default.contentsOfDirectory(atPath: shared + "/conformance/" + vector.compiled)
        #expect(
            try Set(FileManager.default.contentsOfDirectory(atPath: momd))
                == Set(appleFiles.filter { !$0.hasSuffix(".omo") }))
    }

    @Test(.needsShared) func swiftGenChecksumsFromTheVectorsNotes() throws {
        // Apple's Xcode 13.4.1 wrote no checksums; SOURCE.txt records the verified algorithm's values.
        guard let shared = SharedFolder.require() else { return }
        let (bundle, _) = checkBundle(at: shared + "/conformance/" + ConformanceVector.all[1].source)
        let checksums = Dictionary(
            uniqueKeysWithValues: try #require(bundle).models.map {
                ($0.versionName, VersionHasher.hashes(for: $0).versionChecksum)
            })
        #expect(
            checksums == [
                "Model": "nU4Nk5f67bh3GpPMERQK1tvoWjsJ3HtQ9IVD4C/LN2s=",
                "Model 2": "uWu5TG9esmgBL+W5n8a0lTWjo6FBAj5QyDfzis1za9E=",
            ])
    }

    @Test(.needsShared) func restKitBinaryChecksumFromTheVectorsNotes() throws {
        // Xcode 4.3.1 wrote no checksums; SOURCE.txt records the verified algorithm's value.
        guard let shared = SharedFolder.require() else { return }
        let vector = try #require(ConformanceVector.all.first { $0.source.hasPrefix("RestKit__RestKit-6efa73fa") })
        let model = try #require(checkBundle(at: shared + "/conformance/" + vector.source).0?.models.first)
        #expect(VersionHasher.hashes(for: model).versionChecksum == "eYWYZnogoM0Vc5brhUK93gxhFxFE28wnQKnoG97HIC8=")
    }
}
