import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// BinaryPropertyList over ../shared (the unit tests: BinaryPropertyListTests).
@Suite struct BinaryPropertyListCorpusTests {
    @Test(.needsShared) func readsEveryAppleCompiledFile() throws {
        guard let shared = SharedFolder.require() else { return }
        let files = FileManager.default.enumerator(atPath: shared + "/conformance")!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".mom") || $0.hasSuffix("VersionInfo.plist") }
        #expect(files.count >= 13)
        var xml: [String] = []
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: shared + "/conformance/" + file)))
            // Old momc (RestKit's 2012 build) wrote VersionInfo.plist as XML, which the XML reader reads.
            guard bytes.starts(with: Array("bplist".utf8)) else {
                xml.append(file)
                let info = try VersionInfo(propertyList: XMLPropertyListReader.read(bytes, path: file))
                #expect(
                    info.currentVersionName == "RestKitCoreData" && info.versionHashes["RestKitCoreData"]?.count == 3)
                continue
            }
            let value = try BinaryPropertyListReader.read(bytes)
            // Writing what we read and reading it again gives the same value.
            #expect(try BinaryPropertyListReader.read(BinaryPropertyListWriter.data(for: value)) == value, "\(file)")
        }
        #expect(xml.count == 1 && xml.allSatisfy { $0.hasSuffix("VersionInfo.plist") }, "\(xml)")
    }
}
