import Foundation
import Testing
@testable import ModelCompiler

/// mapc's derivations on the real mapping models, and on copies of them edited one fault at a time.
@Suite struct MappingCompilerCorpusTests {
    static let richardpiazza =
        "richardpiazza__CoreDataPlus/Tests/CoreDataPlusTests/Resources/Model_1_0_to_1_1.xcmappingmodel"
    static let coreDataPlus = "alemar11__CoreDataPlus/Tests/Resources/SampleModel/MappingModels/V2toV3.xcmappingmodel"

    /// A vector's `xcmapping.xml` with `edits` applied (each must apply), compiled from a temporary folder.
    static func run(_ vector: String, _ edits: [(String, String)] = []) throws -> MappingModelRun? {
        guard let shared = SharedFolder.require() else { return nil }
        var text = try String(contentsOfFile: shared + "/mapping/" + vector + "/xcmapping.xml", encoding: .utf8)
        for (old, new) in edits {
            #expect(text.contains(old), "edit does not apply: \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        let folder = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(folder) }
        let path = folder + "/Edited.xcmappingmodel"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try text.write(toFile: path + "/xcmapping.xml", atomically: true, encoding: .utf8)
        return MappingModelRun(path: path)
    }

    @Test(.needsShared) func namesTypesAndExpressionsAreMapcs() throws {
        guard let run = try Self.run(Self.coreDataPlus), let compiled = run.compiled else { return }
        #expect(
            compiled.entityMappings.map(\.name)
                == ["CarToCar", "LuxuryCarToLuxuryCar", "PersonToPerson", "SportCarToSportCar", "Maker"])
        #expect(compiled.entityMappings.map(\.type) == [.custom, .custom, .copy, .custom, .add])
        let maker = compiled.entityMappings[4]
        #expect(maker.sourceHash == nil && !maker.fetchesSource && maker.destinationHash?.count == 32)
        // Inherited attributes get mappings of their own, from `$source` (LuxuryCar -> SportCar -> Car).
        let luxury = compiled.entityMappings[1].attributeMappings
        #expect(luxury.map(\.name) == ["isLimitedEdition", "markedForDeletionAsOf", "model", "numberPlate"])
        #expect(luxury[2].expression == .keyPath(variable: "source", path: "model"))
        // An attribute the source lacks has no expression.
        #expect(maker.attributeMappings.map(\.expression) == [nil])
        // A relationship whose destination has subentities with mappings of their own.
        let person = compiled.entityMappings[2].relationshipMappings
        #expect(
            person[0].expression == .instancesOfSourceRelationship("cars", .keyPath(variable: "source", path: "cars")))
    }

    @Test(.needsShared) func aChosenSourceMappingAndKeyPathAreUsed() throws {
        guard let run = try Self.run(Self.richardpiazza), let compiled = run.compiled else { return }
        let author = try #require(compiled.entityMappings.first { $0.name == "AuthorToAuthor" })
        let authored = try #require(author.relationshipMappings.first { $0.name == "authoredBooks" })
        #expect(authored.expression == .instancesOfMapping("BookToBook", .keyPath(variable: "source", path: "books")))
        // Renamed relationship: Transform, not Copy.
        #expect(compiled.entityMappings.map(\.type) == [.transform, .transform])
    }

    @Test(.needsShared) func faultsAreLocatedErrorsAndNothingIsWritten() throws {
        let cases: [(String, [(String, String)], DiagnosticCode, String)] = [
            (
                Self.richardpiazza,
                [
                    (
                        "<attribute name=\"sourcekeypath\" type=\"string\">$source.books</attribute>",
                        "<attribute name=\"sourcekeypath\" type=\"string\">books +</attribute>"
                    )
                ],
                .mappingExpressionInvalid, "'books +'"
            ),
            (
                Self.richardpiazza,
                [
                    (
                        "<attribute name=\"sourcename\" type=\"string\">Author</attribute>",
                        "<attribute name=\"sourcename\" type=\"string\">Writer</attribute>"
                    )
                ],
                .mappingModelMalformed, "source entity 'Writer'"
            ),
            (
                Self.richardpiazza,
                [
                    (
                        "<attribute name=\"mappingnumber\" type=\"int16\">2</attribute>",
                        "<attribute name=\"mappingnumber\" type=\"int16\">2</attribute>"
                            + "<attribute name=\"name\" type=\"string\">BookToBook</attribute>"
                    )
                ],
                .mappingModelMalformed, "two entity mappings are named 'BookToBook'"
            ),
            (
                Self.richardpiazza,
                [
                    (
                        "<attribute name=\"mappingnumber\" type=\"int16\">2</attribute>",
                        "<attribute name=\"mappingnumber\" type=\"int16\">two</attribute>"
                    )
                ],
                .mappingModelMalformed, "mappingnumber"
            ),
            (
                Self.richardpiazza,
                [
                    (
                        "<attribute name=\"sourcemodeldata\" type=\"binary\">YnBsaXN0MDDU",
                        "<attribute name=\"sourcemodeldata\" type=\"binary\">AAAAYnBsaXN0MDDU"
                    )
                ],
                .xcode3ArchiveMalformed, "in the source model snapshot"
            ),
        ]
        for (vector, edits, code, message) in cases {
            guard let run = try Self.run(vector, edits) else { return }
            #expect(run.cdm == nil)
            let error = try #require(run.diagnostics.first { $0.severity == .error }, "\(message)")
            #expect(error.code == code && error.message.contains(message), "\(error)")
            #expect(error.location.file.hasSuffix("Edited.xcmappingmodel/xcmapping.xml") && error.location.line > 0)
        }
    }

    @Test(.needsShared) func aDamagedTypedExpressionIsAnErrorAtItsMapping() throws {
        guard let shared = SharedFolder.require() else { return }
        let text = try String(
            contentsOfFile: shared + "/mapping/" + Self.coreDataPlus + "/xcmapping.xml", encoding: .utf8)
        // The first typed expression, its archive's object list cut short (a reference then points past the end).
        let start = try #require(text.range(of: "<attribute name=\"valueexpressiondata\" type=\"binary\">"))
        let end = try #require(text.range(of: "</attribute>", range: start.upperBound..<text.endIndex))
        var bytes = try #require(
            MappingModelBuilder.binary(
                .init(
                    type: "binary", text: String(text[start.upperBound..<end.lowerBound]),
                    location: SourceLocation(file: ""))))
        let plist = try BinaryPropertyListReader.read(bytes)
        guard case .dictionary(var entries) = plist,
            let index = entries.firstIndex(where: { $0.key == .string("$objects") }),
            case .array(let objects) = entries[index].value
        else { Issue.record("not an archive"); return }
        entries[index].value = .array(Array(objects.prefix(4)))
        bytes = BinaryPropertyListWriter.data(for: .dictionary(entries))
        let edited = Data(bytes).base64EncodedString()
        guard let run = try Self.run(Self.coreDataPlus, [(String(text[start.upperBound..<end.lowerBound]), edited)])
        else { return }
        #expect(run.cdm == nil)
        let error = try #require(run.diagnostics.first)
        #expect(error.code == .mappingExpressionInvalid && error.message.contains("is damaged"), "\(error)")
    }

    @Test(.needsShared) func theSameInputGivesTheSameBytes() throws {
        guard let first = try Self.run(Self.coreDataPlus), let second = try Self.run(Self.coreDataPlus) else { return }
        #expect(first.cdm != nil && first.cdm == second.cdm)
    }

}
