import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// Compile over ../shared (the unit tests: CompileTests).
@Suite struct CompileCorpusTests {
    @Test(.needsShared) func everyCorpusModelCompiles() throws {
        guard let shared = SharedFolder.require() else { return }
        let result = check(paths: [shared + "/corpus"])
        var compiledVersions = 0
        for bundle in result.bundles where bundle.models.count == bundle.source.versions.count {
            for version in bundle.compiled {
                let archive = try KeyedArchive(bytes: VersionCompiler.mom(version))
                #expect(
                    archive.className(of: archive.rootUID) == "NSManagedObjectModel",
                    "\(bundle.source.path) \(version.versionName)")
                compiledVersions += 1
            }
        }
        // 210 XML versions and 7 Xcode 3 binary ones; Simplenote's bundle mixes both.
        #expect(compiledVersions == 217)
    }
}
