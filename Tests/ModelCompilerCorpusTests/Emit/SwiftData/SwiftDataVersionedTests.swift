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

    @Test func aHopThatDropsOrCannotBeInferredIsACustomStageThatSaysWhatToDo() throws {
        // Without a shipped record these are warnings, so the code is written (with one, they fail the build first).
        let bundle = try Self.bundle([Self.kept, Self.dropped, Self.retyped], shipped: 0)
        defer { Fixtures.remove(bundle.withoutLastPathComponent) }
        let files = Self.files(Self.generated(bundle))
        let plan = try #require(files["NotesMigrationPlan.swift"])
        #expect(plan.contains("/// 'Notes' -> 'Notes 2': inferable, but data is dropped.\n"), "\(plan)")
        #expect(plan.contains("    /// - 'Note.body' is removed: column ZBODY of every Note row is dropped"))
        // The stage runs the app's code, which lives outside this generated file.
        #expect(
            plan.contains(
                "        .custom(\n            fromVersion: NotesSchemaV1.self, toVersion: NotesSchemaV2.self,\n"
                    + "            willMigrate: { context in try willMigrateV1toV2(context) },\n"
                    + "            didMigrate: { context in try didMigrateV1toV2(context) })\n"))
        // Until the app writes it, the build warns at the stage with what the code must do.
        let checked = try SwiftDataStandIn.typecheck(files)
        #expect(checked.ok, "\(SwiftDataTypeCheckTests.errors(checked.output))")
        let warnings = Self.deprecations(checked.output)
        #expect(warnings.count == 2, "\(checked.output)")
        #expect(
            warnings.first?.contains(
                "NotesMigrationPlan.swift:27:43: warning: 'willMigrateV1toV2' is deprecated: 'Notes' -> 'Notes 2' needs "
                    + "code in NotesMigrationPlan.willMigrateV1toV2, in an extension of your own. It drops the data of "
                    + "'Note.body': to keep it, read it in willMigrate and store it where the new schema holds it in "
                    + "didMigrate, or acknowledge the drop. [") == true, "\(warnings)")
        #expect(
            warnings.last?.contains("Inference cannot do this: 'Note.title' changes type from String to Date: ")
                == true,
            "\(warnings)")
        #expect(warnings.last?.contains("SwiftData still infers the migration between willMigrate") == true)
        // Acknowledged, the drop is what the team wants: the lightweight stage does it, and only one stage needs code.
        #expect(!acknowledge(bundle: bundle, subject: "Note.body", reason: "not used").diagnostics.hasErrors)
        let after = Self.files(Self.generated(bundle))
        let afterPlan = try #require(after["NotesMigrationPlan.swift"])
        #expect(afterPlan.contains("(acknowledged: not used)"))
        #expect(afterPlan.contains(".lightweight(fromVersion: NotesSchemaV1.self, toVersion: NotesSchemaV2.self)"))
        #expect(!afterPlan.contains("willMigrateV1toV2"))
        let rechecked = try SwiftDataStandIn.typecheck(after)
        #expect(rechecked.ok, "\(SwiftDataTypeCheckTests.errors(rechecked.output))")
        #expect(Self.deprecations(rechecked.output).count == 1, "\(rechecked.output)")
    }

    /// The compiler's deprecation warnings: how the generated plan says a custom stage's code is missing.
    static func deprecations(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter {
            $0.contains(": warning: ") && $0.contains("is deprecated: ")
        }
    }

    /// The app writes a stage's code once, in a file of its own, as members of the plan: the warning goes, and the
    /// code outlives the plan's regeneration when a version is added (the build plugin regenerates it every build).
    @Test func theAppsStageCodeIsItsOwnAndSurvivesANewVersion() throws {
        let bundle = try Self.bundle([Self.kept, Self.dropped], shipped: 0)
        defer { Fixtures.remove(bundle.withoutLastPathComponent) }
        let app = """
            import SwiftData

            extension NotesMigrationPlan {
                nonisolated(unsafe) static var bodies: [String] = []
                static func willMigrateV1toV2(_ context: ModelContext) throws { bodies = ["kept"] }
                static func didMigrateV1toV2(_ context: ModelContext) throws { bodies = [] }
            }

            """
        var files = Self.files(Self.generated(bundle))
        files["NotesMigrationCode.swift"] = app
        let checked = try SwiftDataStandIn.typecheck(files)
        #expect(checked.ok, "\(SwiftDataTypeCheckTests.errors(checked.output))")
        #expect(Self.deprecations(checked.output).isEmpty, "\(checked.output)")
        // A third version whose upgrade needs code too: only its stage warns, the app's code is used as it was.
        try FileManager.default.createDirectory(
            atPath: bundle + "/Notes 3.xcdatamodel", withIntermediateDirectories: true)
        try Fixtures.contents(Self.retyped).write(
            toFile: bundle + "/Notes 3.xcdatamodel/contents", atomically: true, encoding: .utf8)
        var next = Self.files(Self.generated(bundle))
        #expect(next["NotesSchemaV3.swift"] != nil)
        next["NotesMigrationCode.swift"] = app
        let rechecked = try SwiftDataStandIn.typecheck(next)
        #expect(rechecked.ok, "\(SwiftDataTypeCheckTests.errors(rechecked.output))")
        let warnings = Self.deprecations(rechecked.output)
        #expect(warnings.count == 1 && warnings[0].contains("'willMigrateV2toV3' is deprecated"), "\(warnings)")
        // Without the app's code the stage does nothing but warn: it is never presented as done.
        next["NotesMigrationCode.swift"] = nil
        #expect(Self.deprecations(try SwiftDataStandIn.typecheck(next).output).count == 2)
        // The build plugin's one file holds the same plan, and finds the app's code the same way.
        let output = bundle.withoutLastPathComponent + "/out"
        let built = build(
            input: bundle, outputDirectory: output, configuration: BuildConfiguration(style: "swiftdata-versioned"))
        let file = try String(contentsOfFile: output + "/Notes+CoreDataModel.swift", encoding: .utf8)
        #expect(built.written.count == 2 && file.contains("protocol NotesMigrationPlanDefaults {}"))
        let plugin = try SwiftDataStandIn.typecheck([
            "Notes+CoreDataModel.swift": file, "NotesMigrationCode.swift": app,
        ])
        #expect(plugin.ok, "\(SwiftDataTypeCheckTests.errors(plugin.output))")
        let left = Self.deprecations(plugin.output)
        #expect(left.count == 1 && left[0].contains("'willMigrateV2toV3' is deprecated"), "\(left)")
    }

    /// The guide's example of a stage's code, as written, beside the sample's schemas and plan.
    @Test func theGuidesStageCodeCompilesAsWritten() throws {
        let guide = try String(
            contentsOfFile: Fixtures.packageRoot + "/Sources/ModelCompiler/ModelCompiler.docc/SwiftData.md",
            encoding: .utf8)
        let blocks = guide.components(separatedBy: "```swift\n").dropFirst().map {
            $0.components(separatedBy: "```").first ?? ""
        }
        let block = try #require(blocks.first { $0.contains("extension LibraryMigrationPlan") })
        var files = Self.files(Self.generated(SwiftDataTypeCheckTests.sample))
        files["LibraryMigrationCode.swift"] = block
        let checked = try SwiftDataStandIn.typecheck(files)
        #expect(checked.ok, "\(SwiftDataTypeCheckTests.errors(checked.output))")
    }

    /// Versions with identical version hashes are one store schema to SwiftData, which refuses two schemas with one
    /// checksum: each keeps its type (the app's code may name it), the plan lists only the last of them.
    @Test func versionsWithIdenticalHashesAreListedOnce() throws {
        let retitled = Self.kept.replacingOccurrences(
            of: #"name="title" optional="YES" attributeType="String""#,
            with: #"name="title" optional="YES" attributeType="String" defaultValueString="Untitled""#)
        let bundle = try Self.bundle([Self.kept, retitled, Self.dropped, Self.kept], shipped: 0)
        defer { Fixtures.remove(bundle.withoutLastPathComponent) }
        let files = Self.files(Self.generated(bundle))
        #expect(files.count == 5, "four schemas and the plan")
        let plan = try #require(files["NotesMigrationPlan.swift"])
        // 'Notes' and 'Notes 2' differ by a default only, and 'Notes 4' undoes 'Notes 3': all three are one schema.
        #expect(plan.contains("        [NotesSchemaV3.self, NotesSchemaV4.self]\n"), "\(plan)")
        #expect(plan.contains("        [migrateV3toV4]\n"))
        #expect(plan.contains("/// 'Notes 3' -> 'Notes 4': inferable (lightweight migration).\n"))
        #expect(
            files["NotesSchemaV1.swift"]?.contains(
                "/// Its store schema is that of 'Notes 4' (identical version hashes), which the plan lists for both.\n"
            )
                == true)
        #expect(files["NotesSchemaV3.swift"]?.contains("Its store schema is") == false)
        let checked = try SwiftDataStandIn.typecheck(files)
        #expect(checked.ok, "\(SwiftDataTypeCheckTests.errors(checked.output))")
        // The analysis agrees: 'Notes' and 'Notes 4' hash alike, 'Notes 3' does not.
        let sums = ModelCompiler.hashes(path: bundle).reports.map(\.checksum)
        #expect(sums.count == 4 && sums[0] == sums[1] && sums[0] == sums[3] && sums[2] != sums[3], "\(sums)")
    }

    /// A hop a mapping model covers is custom: SwiftData runs no mapping model, so the stage says what it did.
    @Test(.needsShared) func aMappingModelsHopIsACustomStage() throws {
        guard let moody = try MappingModelRuleTests.copy("objcio__core-data/Migrations/Migrations") else { return }
        defer { Fixtures.remove(moody.withoutLastPathComponent) }
        let files = Self.files(Self.generated(moody + "/Moody.xcdatamodeld"))
        #expect(files.count == 7, "six schemas and the plan")
        let plan = try #require(files["MoodyMigrationPlan.swift"])
        #expect(plan.contains("/// 'Moody 5' -> 'Moody 6': custom migration by 'Moody 5-Moody 6.xcmappingmodel'.\n"))
        #expect(
            plan.contains(
                "'Moody 5' -> 'Moody 6' needs code in MoodyMigrationPlan.willMigrateV5toV6, in an extension of your "
                    + "own. SwiftData does not run mapping models: do what 'Moody 5-Moody 6.xcmappingmodel' and its "
                    + "policies do.\")"))
        let checked = try SwiftDataStandIn.typecheck(files)
        #expect(checked.ok, "\(SwiftDataTypeCheckTests.errors(checked.output))")
        #expect(
            Self.deprecations(checked.output).contains { $0.contains("'willMigrateV5toV6' is deprecated") },
            "\(checked.output)")
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
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("[migrateV1toV2, migrateV2toV4]"))
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
