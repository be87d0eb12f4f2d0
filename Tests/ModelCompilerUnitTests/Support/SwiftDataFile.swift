import Testing
@testable import ModelCompiler

extension SwiftDataGenerator {
    /// The one file the generator writes for `entity` of a model made of `body`.
    static func file(
        _ body: String, _ entity: String, flavor: SwiftDataOptions.Flavor,
        xcode: String? = nil
    ) throws -> String {
        let model = try Fixtures.model(body)
        let files = SwiftDataGenerator.files(for: model, options: SwiftDataOptions(flavor: flavor, xcodeVersion: xcode))
        return try #require(files.first { $0.name == entity + ".swift" }).contents
    }
}
