import Foundation
import Testing
@testable import ModelCompiler

/// A model archived as a `.mom` and read back, compared with itself.
enum RoundTripFixtures {
    static func firstDifference(_ model: ManagedObjectModel) throws -> String? {
        let archive = try KeyedArchive(bytes: ModelArchiver.momData(for: model))
        let read = try #require(ModelUnarchiver.model(from: archive, versionName: model.versionName, file: model.file))
        let expected = ModelSignature.lines(model), actual = ModelSignature.lines(read)
        for (index, (a, b)) in zip(expected, actual).enumerated() where a != b {
            return "line \(index + 1): source '\(a)' | read back '\(b)'"
        }
        return expected.count == actual.count ? nil : "source has \(expected.count) lines, read back \(actual.count)"
    }
}
