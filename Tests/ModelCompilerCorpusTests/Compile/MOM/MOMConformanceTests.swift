import Foundation
import Testing
@testable import ModelCompiler

/// Every `.mom` compiled from the conformance sources is structurally identical to Apple's: the same
/// objects with the same classes, keys and values, ignoring object order and Apple's Xcode version keys.
@Suite struct MOMConformanceTests {
    /// The first line where the two dumps part, as `path: ours` vs `path: Apple's`.
    static func firstDifference(_ ours: [ArchiveDump.Line], _ apple: [ArchiveDump.Line]) -> String? {
        for (index, (mine, theirs)) in zip(ours, apple).enumerated() where mine != theirs {
            return "line \(index + 1): ours \(mine) | Apple \(theirs)"
        }
        if ours.count != apple.count {
            let extra =
                ours.count > apple.count
                ? "ours has extra \(ours[apple.count])" : "Apple has extra \(apple[ours.count])"
            return "line \(min(ours.count, apple.count) + 1): \(extra)"
        }
        return nil
    }

    @Test(.needsShared, arguments: ConformanceVector.all)
    func everyVersionMatchesApple(_ vector: ConformanceVector) throws {
        guard let shared = SharedFolder.require() else { return }
        let (bundle, _) = checkBundle(at: shared + "/conformance/" + vector.source)
        let models = try #require(bundle).models
        #expect(!models.isEmpty)
        for model in models {
            let applePath = vector.appleMOM(shared, version: model.versionName)
            let apple = try KeyedArchive(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: applePath))))
            let ours = try KeyedArchive(bytes: ModelArchiver.momData(for: model))
            let ignored = ArchiveDump.compilerVersionKeys.union(vector.eraKeys)
            let appleLines = ArchiveDump.lines(apple, ignoring: ignored)
            let difference = Self.firstDifference(ArchiveDump.lines(ours, ignoring: ignored), appleLines)
            // Every entity, and every property of every entity, is in the comparison.
            #expect(appleLines.filter { $0.value == "NSEntityDescription" }.count == model.entities.count)
            #expect(appleLines.count > 20 * model.entities.count)
            #expect(difference == nil, "\(model.versionName).mom: \(difference ?? "")")
        }
    }
}
