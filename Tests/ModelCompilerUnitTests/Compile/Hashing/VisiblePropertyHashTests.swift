import Foundation
import Testing
@testable import ModelCompiler

/// Which declarations an entity's hash counts when a name is declared twice (a validation error, but hashes are
/// also worked out for compiled models read back, which nothing validated): the first declaration, transient or
/// not, and the later one never. Entities without a parent take a faster way for ASCII names; these pin that it
/// counts exactly what the general way (parents, other names) does.
@Suite struct VisiblePropertyHashTests {
    static func entityHash(_ properties: String, parent: Bool = false) throws -> [UInt8] {
        let parentEntity = parent ? "<entity name=\"P\" syncable=\"YES\"/>" : ""
        let model = try Fixtures.model(
            """
            \(parentEntity)
            <entity name="E"\(parent ? " parentEntity=\"P\"" : "") syncable="YES">
                \(properties)
            </entity>
            """)
        return try #require(VersionHasher.hashes(for: model).entityHashes["E"])
    }

    static let transient = "<attribute name=\"NAME\" optional=\"YES\" transient=\"YES\" attributeType=\"String\"/>"
    static let stored =
        "<attribute name=\"NAME\" optional=\"YES\" attributeType=\"Integer 64\" usesScalarValueType=\"YES\"/>"
    static let other = "<attribute name=\"b\" optional=\"YES\" attributeType=\"String\"/>"

    @Test(arguments: ["a", "é", "z"], [false, true])
    func theFirstDeclarationOfANameIsTheOneCounted(_ name: String, withParent: Bool) throws {
        let transient = Self.transient.replacingOccurrences(of: "NAME", with: name)
        let stored = Self.stored.replacingOccurrences(of: "NAME", with: name)
        // A transient first declaration hides a stored second one.
        #expect(
            try Self.entityHash(transient + stored + Self.other, parent: withParent)
                == Self.entityHash(transient + Self.other, parent: withParent))
        // A stored first declaration is counted, the second is not.
        #expect(
            try Self.entityHash(stored + Self.other + transient, parent: withParent)
                == Self.entityHash(stored + Self.other, parent: withParent))
        // And the two differ: the test would pass for nothing otherwise.
        #expect(
            try Self.entityHash(transient + Self.other, parent: withParent)
                != Self.entityHash(stored + Self.other, parent: withParent))
    }
}
