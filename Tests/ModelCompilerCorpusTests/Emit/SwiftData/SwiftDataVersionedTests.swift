import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// #52: `--style swiftdata-versioned`: a `VersionedSchema` per version a store can come from and the migration plan
/// whose stages are the migration analysis's verdicts, type-checked against the stand-in SwiftData.
@Suite struct SwiftDataVersionedTests {
    static func generated(_ model: String) -> GenerateResult {
        var options = CodegenOptions()
        options.swiftData = SwiftDataOptions(versioned: true)
        return generate(input: model, options: options)
    }

    static func files(_ result: GenerateResult) -> [String: String] {
        Dictionary(result.files.map { ($0.name, $0.contents) }, uniquingKeysWith: { first, _ in first })
    }

    /// A bundle in a temporary folder, `Notes`, `Notes 2` ... made from the bodies given, the first `shipped` of them
    /// marked shipped.
    static func bundle(_ bodies: [String], shipped: Int) throws -> String {
        let folder = try Fixtures.temporaryDirectory()
        let bundle = folder + "/Notes.xcdatamodeld"
        for (index, body) in bodies.enumerated() {
            let version = bundle + "/Notes\(index == 0 ? "" : " \(index + 1)").xcdatamodel"
            try FileManager.default.createDirectory(atPath: version, withIntermediateDirectories: true)
            try Fixtures.contents(body).write(toFile: version + "/contents", atomically: true, encoding: .utf8)
        }
        if shipped > 0 {
            let names = (0..<shipped).map { $0 == 0 ? "Notes" : "Notes \($0 + 1)" }
            for name in names { #expect(!markShipped(bundle: bundle, versions: [name]).diagnostics.hasErrors) }
        }
        return bundle
    }

    @Test func theSampleHasASchemaPerShippedVersionAndTheCurrentOne() throws {
        let result = Self.generated(SwiftDataTypeCheckTests.sample)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        let files = Self.files(result)
        #expect(
            files.keys.sorted() == [
                "LibraryMigrationPlan.swift", "LibrarySchemaV1.swift", "LibrarySchemaV2.swift",
                "LibrarySchemaV3.swift",
            ])
        #expect(files["LibrarySchemaV1.swift"]?.contains("/// The models of 'Library': ") == true)
        #expect(files["LibrarySchemaV3.swift"]?.contains("    @Model public class Magazine {") == true)
        // The stages are the analysis's verdicts for each hop, as diff reports them.
        let plan = try #require(files["LibraryMigrationPlan.swift"])
        for (from, to, stage) in [
            ("Library", "Library 2", "migrateV1toV2"), ("Library 2", "Library 3", "migrateV2toV3"),
        ] {
            let report = try #require(diff(bundle: SwiftDataTypeCheckTests.sample, from: from, to: to).reports.first)
            let lightweight = report.verdict <= .inferable && report.mappingModel == nil
            let declaration = try #require(plan.range(of: "public static var \(stage): MigrationStage {\n"))
            let next = plan[declaration.upperBound...].drop { $0 == " " }
            #expect(next.hasPrefix(lightweight ? ".lightweight(" : ".custom("), "\(stage): \(report.verdict)")
        }
        let checked = try SwiftDataStandIn.typecheck(files)
        #expect(checked.ok, "\(SwiftDataTypeCheckTests.errors(checked.output))")
    }

    static let kept =
        #"<entity name="Note" representedClassName="Note"><attribute name="title" optional="YES" attributeType="String"/><attribute name="body" optional="YES" attributeType="String"/></entity>"#
    static let dropped =
        #"<entity name="Note" representedClassName="Note"><attribute name="title" optional="YES" attributeType="String"/></entity>"#
    static let retyped =
        #"<entity name="Note" representedClassName="Note"><attribute name="title" optional="YES" attributeType="Date"/></entity>"#

    /// The compiler's deprecation warnings: how the generated plan says a custom stage's code is missing.
    static func deprecations(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter {
            $0.contains(": warning: ") && $0.contains("is deprecated: ")
        }
    }

    /// `"style": "swiftdata-versioned"` for the build plugin: `build` writes the schemas and the plan as the one Swift
    /// file the plugin declares, and a version added since adds its schema and its stage.
    @Test func theBuildWritesThemAsTheOneFileThePluginDeclares() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(folder) }
        let bundle = folder + "/Library.xcdatamodeld"
        try FileManager.default.copyItem(atPath: SwiftDataTypeCheckTests.sample, toPath: bundle)
        let configuration = BuildConfiguration(style: "swiftdata-versioned")
        let built = build(input: bundle, outputDirectory: folder + "/out", configuration: configuration)
        #expect(!built.diagnostics.hasErrors, "\(built.diagnostics)")
        let file = folder + "/out/Library+CoreDataModel.swift"
        #expect(built.written == [folder + "/out/Library.momd", file])
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.components(separatedBy: "import SwiftData\n").count == 2, "one set of imports")
        #expect(text.contains("public enum LibrarySchemaV3: VersionedSchema {"))
        #expect(text.contains("[migrateV1toV2, migrateV2toV3]"))
        let checked = try SwiftDataStandIn.typecheck(["Library+CoreDataModel.swift": text])
        #expect(checked.ok, "\(SwiftDataTypeCheckTests.errors(checked.output))")
        // Library 3 ships and a new version is added: four schemas; as a copy of Library 3, it is the same store
        // schema, listed once, until it changes.
        #expect(!markShipped(bundle: bundle).diagnostics.hasErrors)
        #expect(!newVersion(bundle: bundle).diagnostics.hasErrors)
        _ = build(input: bundle, outputDirectory: folder + "/out", configuration: configuration)
        let copied = try String(contentsOfFile: file, encoding: .utf8)
        #expect(copied.contains("        [LibrarySchemaV1.self, LibrarySchemaV2.self, LibrarySchemaV4.self]\n"))
        // The stage keeps its name (and the app's code for it, its own) while the copy stands for Library 3.
        #expect(copied.contains("[migrateV1toV2, migrateV2toV3]"))
        #expect(copied.contains(".lightweight(fromVersion: LibrarySchemaV2.self, toVersion: LibrarySchemaV4.self)"))
        let added = bundle + "/Library 4.xcdatamodel/contents"
        try String(contentsOfFile: added, encoding: .utf8).replacingOccurrences(
            of: "</entity>", with: #"<attribute name="note" optional="YES" attributeType="String"/></entity>"#
        )
        .write(toFile: added, atomically: true, encoding: .utf8)
        _ = build(input: bundle, outputDirectory: folder + "/out", configuration: configuration)
        let after = try String(contentsOfFile: file, encoding: .utf8)
        #expect(after.contains("public enum LibrarySchemaV4: VersionedSchema {"))
        #expect(after.contains("[migrateV1toV2, migrateV2toV3, migrateV3toV4]"))
        // A shipped version edited fails the build, and the schemas written before stay as they were.
        let shipped = bundle + "/Library 2.xcdatamodel/contents"
        let text2 = try String(contentsOfFile: shipped, encoding: .utf8)
        try text2.replacingOccurrences(of: "name=\"isbn\"", with: "name=\"isbnNumber\"")
            .write(toFile: shipped, atomically: true, encoding: .utf8)
        let edited = build(input: bundle, outputDirectory: folder + "/out", configuration: configuration)
        #expect(
            edited.diagnostics.contains { $0.severity == .error && $0.code == .shippedVersionModified },
            "\(edited.diagnostics)")
        #expect(edited.written.isEmpty)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == after)
    }

    /// A schema is named by its version's place in the history: recording which versions shipped (one of them never
    /// did) renames no schema, so the app's code naming `NotesSchemaV3` keeps meaning the third version, and changes
    /// no `versionIdentifier`.
    @Test func aSchemaKeepsItsNameWhenAVersionBeforeItNeverShipped() throws {
        let attribute = { (name: String) in #"<attribute name="\#(name)" optional="YES" attributeType="String"/>"# }
        let note = { (names: [String]) in
            "<entity name=\"Note\" representedClassName=\"Note\">" + names.map(attribute).joined() + "</entity>"
        }
        let bundle = try Self.bundle(
            [note(["title"]), note(["title", "a"]), note(["title", "a", "b"]), note(["title", "a", "b", "c"])],
            shipped: 0)
        defer { Fixtures.remove(bundle.withoutLastPathComponent) }
        // Identifiers on every version but the one that never shipped: the whole history decides they are not used.
        for (version, identifier) in [("Notes", "1.0"), ("Notes 3", "1.2"), ("Notes 4", "1.3")] {
            let file = bundle + "/\(version).xcdatamodel/contents"
            try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(
                of: #"userDefinedModelVersionIdentifier="""#,
                with: #"userDefinedModelVersionIdentifier="\#(identifier)""#
            ).write(toFile: file, atomically: true, encoding: .utf8)
        }
        let before = Self.files(Self.generated(bundle))
        #expect(before["NotesSchemaV3.swift"]?.contains("/// The models of 'Notes 3'") == true)
        #expect(before["NotesSchemaV3.swift"]?.contains("Schema.Version(3, 0, 0)") == true)
        #expect(!markShipped(bundle: bundle, versions: ["Notes", "Notes 3"]).diagnostics.hasErrors)
        let files = Self.files(Self.generated(bundle))
        #expect(
            files.keys.sorted() == [
                "NotesMigrationPlan.swift", "NotesSchemaV1.swift", "NotesSchemaV3.swift", "NotesSchemaV4.swift",
            ])
        let third = try #require(files["NotesSchemaV3.swift"])
        #expect(third.contains("/// The models of 'Notes 3'") && third.contains("Schema.Version(3, 0, 0)"))
        let plan = try #require(files["NotesMigrationPlan.swift"])
        #expect(plan.contains("        [NotesSchemaV1.self, NotesSchemaV3.self, NotesSchemaV4.self]\n"))
        #expect(plan.contains("        [migrateV1toV3, migrateV3toV4]\n"))
        let checked = try SwiftDataStandIn.typecheck(files)
        #expect(checked.ok, "\(SwiftDataTypeCheckTests.errors(checked.output))")
    }

    /// A shipped version's schema says what SwiftData cannot hold in comments: that version is not edited any more,
    /// and the current schema's build warnings say what of it is still true (one warning per fact, not per version).
    @Test func onlyTheCurrentSchemaWarnsAtBuildTime() throws {
        let files = Self.files(Self.generated(SwiftDataTypeCheckTests.sample))
        let earlier = try #require(files["LibrarySchemaV2.swift"])
        let current = try #require(files["LibrarySchemaV3.swift"])
        #expect(!earlier.contains("#warning("))
        #expect(earlier.contains("        // Library 2.xcdatamodel/contents:25: 'Shelf.items' is ordered: "))
        #expect(current.contains("#warning(\"Library 3.xcdatamodel/contents:43: 'Shelf.items' is ordered: "))
    }

    /// The schemas come only from the history: a shipped version edited fails before any schema is written.
    @Test func anEditedShippedVersionWritesNoSchema() throws {
        let added = Self.kept.replacingOccurrences(
            of: "</entity>", with: #"<attribute name="pinned" optional="YES" attributeType="Boolean"/></entity>"#)
        let bundle = try Self.bundle([Self.kept, added], shipped: 2)
        defer { Fixtures.remove(bundle.withoutLastPathComponent) }
        let output = bundle.withoutLastPathComponent + "/out"
        #expect(Self.generated(bundle).files.count == 3, "two schemas and the plan")
        try Fixtures.contents(Self.dropped).write(
            toFile: bundle + "/Notes.xcdatamodel/contents", atomically: true,
            encoding: .utf8)
        var options = CodegenOptions()
        options.swiftData = SwiftDataOptions(versioned: true)
        let edited = generate(input: bundle, outputDirectory: output, options: options)
        #expect(edited.diagnostics.hasErrors && edited.files.isEmpty && edited.written.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output + "/NotesSchemaV1.swift"))
    }

    /// A model class named like a SwiftData type the schemas use does not take its place.
    @Test func aClassNamedSchemaDoesNotShadowSwiftData() throws {
        let schema =
            #"<entity name="Schema" representedClassName="Schema"><attribute name="name" optional="YES" attributeType="String"/></entity><entity name="MigrationStage" representedClassName="MigrationStage"><attribute name="step" optional="YES" attributeType="Integer 16"/></entity>"#
        // A `ModelContext` class in the first version only: its drop makes a custom stage, whose hooks take one.
        let context =
            #"<entity name="ModelContext" representedClassName="ModelContext"><attribute name="note" optional="YES" attributeType="String"/></entity>"#
        let bundle = try Self.bundle(
            [schema + context, schema.replacingOccurrences(of: "Integer 16", with: "Integer 32")],
            shipped: 0)
        defer { Fixtures.remove(bundle.withoutLastPathComponent) }
        let files = Self.files(Self.generated(bundle))
        #expect(
            files["NotesSchemaV1.swift"]?.contains("public static var versionIdentifier: SwiftData.Schema.Version")
                == true)
        #expect(
            files["NotesMigrationPlan.swift"]?.contains("public static var stages: [SwiftData.MigrationStage]") == true)
        #expect(
            files["NotesMigrationPlan.swift"]?.contains(
                "static func willMigrateV1toV2(_ context: SwiftData.ModelContext) throws {}") == true)
        let checked = try SwiftDataStandIn.typecheck(files)
        #expect(checked.ok, "\(SwiftDataTypeCheckTests.errors(checked.output))")
    }

    @Test func versionIdentifiersComeFromTheModelOrThePosition() throws {
        func model(_ identifier: String?) throws -> ManagedObjectModel {
            var model = try Fixtures.model(Self.kept)
            model.metadata.versionIdentifier = identifier
            return model
        }
        #expect(
            SwiftDataVersioned.versionIdentifiers([try model("1"), try model("1.2"), try model("2.0.1")])
                == ["1, 0, 0", "1, 2, 0", "2, 0, 1"])
        #expect(
            SwiftDataVersioned.versionIdentifiers([try model("1"), try model("1")]) == ["1, 0, 0", "2, 0, 0"],
            "the same identifier twice: positions")
        #expect(SwiftDataVersioned.versionIdentifiers([try model("beta"), try model(nil)]) == ["1, 0, 0", "2, 0, 0"])
        #expect(SwiftDataVersioned.typeName("My Model-2") == "MyModel2")
        #expect(SwiftDataVersioned.comment("a\nb\u{7}c") == "a b c")
    }
}
