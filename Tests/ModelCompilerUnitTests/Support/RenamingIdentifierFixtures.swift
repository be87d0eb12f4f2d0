import Testing
@testable import ModelCompiler

/// Versions for the renaming-identifier tests, and their findings found both ways.
enum RenamingIdentifierFixtures {
    static func version(_ name: String, _ body: String) throws -> ManagedObjectModel {
        var model = try Fixtures.model(body)
        model.versionName = name
        return model
    }

    /// Every finding, as text, with both ways of finding earlier names.
    static func findings(_ models: [ManagedObjectModel]) -> (scanned: [String], indexed: [String]) {
        func text(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map { "\($0.location.line) \($0.message)" } }
        return (
            text(UnknownRenamingIdentifiers.check(models, scanLimit: .max)),
            text(UnknownRenamingIdentifiers.check(models, scanLimit: 0))
        )
    }
}
