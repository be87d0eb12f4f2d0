import Testing
@testable import ModelCompiler

/// A typed model through the compile cache's byte form and back.
enum ModelCodingFixtures {
    /// The file every span of a model typed from XML points into.
    static func sourceFile(of model: ManagedObjectModel) -> SourceFile? {
        guard case .file(let file, _) = model.span.storage else { return nil }
        return file
    }

    static func roundTrip(_ model: ManagedObjectModel) throws -> (ManagedObjectModel, [UInt8]) {
        let bytes = try #require(ModelEncoding.encode(model))
        let file = try #require(sourceFile(of: model))
        let decoded = try #require(ModelDecoding.decode(bytes, file: file), "\(model.file) did not decode")
        return (decoded, bytes)
    }
}
