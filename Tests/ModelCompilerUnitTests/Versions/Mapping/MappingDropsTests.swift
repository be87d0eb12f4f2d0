import Foundation
import Testing
@testable import ModelCompiler

/// What a mapping model drops is reported like any drop: on the plugin example's Notes model, whose mapping model
/// maps every attribute of its one entity.
@Suite struct MappingDropsTests {
    /// A copy of the Notes bundle (its first version marked shipped) and its mapping model.
    static func copy() throws -> String {
        let directory = try Fixtures.temporaryDirectory()
        for name in ["Notes.xcdatamodeld", "NotesToNotes2.xcmappingmodel"] {
            try FileManager.default.copyItem(
                atPath: StoreVerdictMappingTests.example + "/" + name,
                toPath: directory + "/" + name)
        }
        return directory
    }

    static func drops(_ result: CheckResult) -> [Diagnostic] {
        result.diagnostics.filter {
            MigrationHistoryRule.droppedData.contains($0.code) || $0.code == .migrationEntityDropped
        }
    }

    @Test func theCompleteMappingModelDropsNothing() throws {
        let directory = try Self.copy()
        defer { Fixtures.remove(directory) }
        let result = check(paths: [directory + "/Notes.xcdatamodeld"])
        #expect(Self.drops(result).isEmpty, "\(Self.drops(result))")
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
    }

    /// Without its attribute mapping, `rating` gets no value: the text the store held is gone.
    @Test func anAttributeWithoutAValueExpressionIsADrop() throws {
        let directory = try Self.copy()
        defer { Fixtures.remove(directory) }
        let path = directory + "/NotesToNotes2.xcmappingmodel/xcmapping.xml"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let start = try #require(text.range(of: #"<object type="XDDEVATTRIBUTEMAPPING" id="z104">"#))
        let end = try #require(text.range(of: "</object>", range: start.upperBound..<text.endIndex))
        try (String(text[..<start.lowerBound]) + String(text[end.upperBound...]))
            .replacingOccurrences(of: "z102 z103 z104 z105", with: "z102 z103 z105")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = check(paths: [directory + "/Notes.xcdatamodeld"])
        let drops = Self.drops(result)
        try #require(drops.count == 1, "\(result.diagnostics)")
        // The bundle records 'Notes' as shipped: a drop on the way to the version in development fails the build.
        #expect(drops[0].code == .migrationDataDropped && drops[0].severity == .error)
        #expect(
            drops[0].message.contains(
                "'Note.rating' has no value expression in 'NoteToNote' of "
                    + "'NotesToNotes2.xcmappingmodel': the data of 'Note.rating' in the store are dropped"),
            "\(drops[0].message)")
        #expect(drops[0].message.contains("(upgrading from 'Notes')"))
        #expect(drops[0].location.file == path && drops[0].location.line > 0)
        #expect(drops[0].subjects == ["Note.rating"])
        // Like any drop, it can be acknowledged.
        let acknowledged = acknowledge(
            bundle: directory + "/Notes.xcdatamodeld", subject: "Note.rating",
            reason: "ratings are recomputed")
        #expect(!acknowledged.diagnostics.hasErrors, "\(acknowledged.diagnostics)")
        #expect(Self.drops(check(paths: [directory + "/Notes.xcdatamodeld"])).isEmpty)
    }

    /// An entity no entity mapping reads loses its rows; one whose ancestor is read does not.
    @Test func anEntityWithoutAnEntityMappingIsDropped() throws {
        let directory = try Self.copy()
        defer { Fixtures.remove(directory) }
        let run = MappingModelRun(path: directory + "/NotesToNotes2.xcmappingmodel")
        let mappings = try #require(run.compiled).entityMappings
        let hop = MappingModelRule.Hop(
            mappingModel: "NotesToNotes2.xcmappingmodel", sources: ["Notes"],
            destinations: ["Notes 2"], destination: "Notes 2", entityMappings: mappings,
            location: SourceLocation(file: "NotesToNotes2.xcmappingmodel/xcmapping.xml"))
        let note = #"""
            <entity name="Note">
                <attribute name="rating" optional="YES" attributeType="String"/>
            </entity>
            <entity name="Checklist" parentEntity="Note"/>
            <entity name="Tag"><attribute name="label" optional="YES" attributeType="String"/></entity>
            """#
        var source = try Fixtures.model(note)
        source.versionName = "Notes"
        var destination = try Fixtures.model(note.replacingOccurrences(of: "String", with: "Integer 16"))
        destination.versionName = "Notes 2"
        let changes = MappingDrops.changes(
            hop, from: VersionCompiler.compile(source),
            to: VersionCompiler.compile(destination))
        #expect(changes.map(\.subject) == ["Tag"], "\(changes.map(\.message))")
        #expect(changes.first?.code == .migrationEntityDropped)
        #expect(
            changes.first?.message == "Notes -> Notes 2: entity 'Tag' has no entity mapping in "
                + "'NotesToNotes2.xcmappingmodel': every row of it in the store is dropped; add an entity mapping for it"
        )
    }
}
