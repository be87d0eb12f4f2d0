import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// #52: the migration plan's stages, type-checked against the stand-in SwiftData: a custom stage calls code the app
/// writes in a file of its own (a build warning until it does), each store schema is listed once, and a run of
/// lightweight stages that staged migration could not infer in one is run step by step.
@Suite struct SwiftDataPlanStageTests {
    @Test func aHopThatDropsOrCannotBeInferredIsACustomStageThatSaysWhatToDo() throws {
        // Without a shipped record these are warnings, so the code is written (with one, they fail the build first).
        let bundle = try SwiftDataVersionedTests.bundle(
            [SwiftDataVersionedTests.kept, SwiftDataVersionedTests.dropped, SwiftDataVersionedTests.retyped], shipped: 0
        )
        defer { Fixtures.remove(bundle.withoutLastPathComponent) }
        let files = SwiftDataVersionedTests.files(SwiftDataVersionedTests.generated(bundle))
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
        let warnings = SwiftDataVersionedTests.deprecations(checked.output)
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
        let after = SwiftDataVersionedTests.files(SwiftDataVersionedTests.generated(bundle))
        let afterPlan = try #require(after["NotesMigrationPlan.swift"])
        #expect(afterPlan.contains("(acknowledged: not used)"))
        #expect(afterPlan.contains(".lightweight(fromVersion: NotesSchemaV1.self, toVersion: NotesSchemaV2.self)"))
        #expect(!afterPlan.contains("willMigrateV1toV2"))
        let rechecked = try SwiftDataStandIn.typecheck(after)
        #expect(rechecked.ok, "\(SwiftDataTypeCheckTests.errors(rechecked.output))")
        #expect(SwiftDataVersionedTests.deprecations(rechecked.output).count == 1, "\(rechecked.output)")
    }

    /// The app writes a stage's code once, in a file of its own, as members of the plan: the warning goes, and the
    /// code outlives the plan's regeneration when a version is added (the build plugin regenerates it every build).
    @Test func theAppsStageCodeIsItsOwnAndSurvivesANewVersion() throws {
        let bundle = try SwiftDataVersionedTests.bundle(
            [SwiftDataVersionedTests.kept, SwiftDataVersionedTests.dropped], shipped: 0)
        defer { Fixtures.remove(bundle.withoutLastPathComponent) }
        let app = """
            import SwiftData

            extension NotesMigrationPlan {
                nonisolated(unsafe) static var bodies: [String] = []
                static func willMigrateV1toV2(_ context: ModelContext) throws { bodies = ["kept"] }
                static func didMigrateV1toV2(_ context: ModelContext) throws { bodies = [] }
            }

            """
        var files = SwiftDataVersionedTests.files(SwiftDataVersionedTests.generated(bundle))
        files["NotesMigrationCode.swift"] = app
        let checked = try SwiftDataStandIn.typecheck(files)
        #expect(checked.ok, "\(SwiftDataTypeCheckTests.errors(checked.output))")
        #expect(SwiftDataVersionedTests.deprecations(checked.output).isEmpty, "\(checked.output)")
        // A third version whose upgrade needs code too: only its stage warns, the app's code is used as it was.
        try FileManager.default.createDirectory(
            atPath: bundle + "/Notes 3.xcdatamodel", withIntermediateDirectories: true)
        try Fixtures.contents(SwiftDataVersionedTests.retyped).write(
            toFile: bundle + "/Notes 3.xcdatamodel/contents", atomically: true, encoding: .utf8)
        var next = SwiftDataVersionedTests.files(SwiftDataVersionedTests.generated(bundle))
        #expect(next["NotesSchemaV3.swift"] != nil)
        next["NotesMigrationCode.swift"] = app
        let rechecked = try SwiftDataStandIn.typecheck(next)
        #expect(rechecked.ok, "\(SwiftDataTypeCheckTests.errors(rechecked.output))")
        let warnings = SwiftDataVersionedTests.deprecations(rechecked.output)
        #expect(warnings.count == 1 && warnings[0].contains("'willMigrateV2toV3' is deprecated"), "\(warnings)")
        // Without the app's code the stage does nothing but warn: it is never presented as done.
        next["NotesMigrationCode.swift"] = nil
        #expect(SwiftDataVersionedTests.deprecations(try SwiftDataStandIn.typecheck(next).output).count == 2)
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
        let left = SwiftDataVersionedTests.deprecations(plugin.output)
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
        var files = SwiftDataVersionedTests.files(SwiftDataVersionedTests.generated(SwiftDataTypeCheckTests.sample))
        files["LibraryMigrationCode.swift"] = block
        let checked = try SwiftDataStandIn.typecheck(files)
        #expect(checked.ok, "\(SwiftDataTypeCheckTests.errors(checked.output))")
    }

    /// Versions with identical version hashes are one store schema to SwiftData, which refuses two schemas with one
    /// checksum: each keeps its type (the app's code may name it), the plan lists only the last of them.
    @Test func versionsWithIdenticalHashesAreListedOnce() throws {
        let retitled = SwiftDataVersionedTests.kept.replacingOccurrences(
            of: #"name="title" optional="YES" attributeType="String""#,
            with: #"name="title" optional="YES" attributeType="String" defaultValueString="Untitled""#)
        let bundle = try SwiftDataVersionedTests.bundle(
            [SwiftDataVersionedTests.kept, retitled, SwiftDataVersionedTests.dropped, SwiftDataVersionedTests.kept],
            shipped: 0)
        defer { Fixtures.remove(bundle.withoutLastPathComponent) }
        let files = SwiftDataVersionedTests.files(SwiftDataVersionedTests.generated(bundle))
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

    /// Staged migration runs consecutive lightweight stages as one inferred upgrade: where that would fail (a required
    /// attribute's default added in one version and dropped in the next), each step is a stage of its own, with no
    /// code to write.
    @Test func aRunOfLightweightStagesThatFailsInOneIsRunStepByStep() throws {
        let note = { (attributes: String) in
            "<entity name=\"Note\" representedClassName=\"Note\">\(attributes)</entity>"
        }
        let title = #"<attribute name="title" optional="YES" attributeType="String"/>"#
        let bundle = try SwiftDataVersionedTests.bundle(
            [
                note(title),
                note(title + #"<attribute name="count" attributeType="Integer 32" defaultValueString="0"/>"#),
                note(
                    title + #"<attribute name="count" attributeType="Integer 32"/>"#
                        + #"<attribute name="pinned" optional="YES" attributeType="Boolean"/>"#),
            ], shipped: 0)
        defer { Fixtures.remove(bundle.withoutLastPathComponent) }
        let files = SwiftDataVersionedTests.files(SwiftDataVersionedTests.generated(bundle))
        let plan = try #require(files["NotesMigrationPlan.swift"])
        for (from, to) in [(1, 2), (2, 3)] {
            #expect(
                plan.contains(
                    "        .custom(fromVersion: NotesSchemaV\(from).self, toVersion: NotesSchemaV\(to).self, "
                        + "willMigrate: nil, didMigrate: nil)\n"), "\(plan)")
        }
        #expect(
            plan.contains(
                "/// - A stage of its own: staged migration runs consecutive lightweight stages as one inferred upgrade, "
                    + "which from 'Notes' to 'Notes 3' would fail ('Note.count' is added as non-optional"))
        #expect(!plan.contains("willMigrateV"), "nothing for the app to write")
        let checked = try SwiftDataStandIn.typecheck(files)
        #expect(checked.ok, "\(SwiftDataTypeCheckTests.errors(checked.output))")
        #expect(SwiftDataVersionedTests.deprecations(checked.output).isEmpty)
    }

    /// A hop a mapping model covers is custom: SwiftData runs no mapping model, so the stage says what it did.
    @Test(.needsShared) func aMappingModelsHopIsACustomStage() throws {
        guard let moody = try MappingModelRuleTests.copy("objcio__core-data/Migrations/Migrations") else { return }
        defer { Fixtures.remove(moody.withoutLastPathComponent) }
        let files = SwiftDataVersionedTests.files(SwiftDataVersionedTests.generated(moody + "/Moody.xcdatamodeld"))
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
            SwiftDataVersionedTests.deprecations(checked.output).contains {
                $0.contains("'willMigrateV5toV6' is deprecated")
            },
            "\(checked.output)")
    }

    /// A run of lightweight stages is inferred as one, and no mapping model takes part (SwiftData runs none), even
    /// one covering the run's ends: the plugin example's Notes -> Notes 2 mapping model (a String `rating` becomes an
    /// Integer 16), its ends now 'Notes' and 'Notes 3', with 'Notes 2' between them dropping `rating` on purpose.
    @Test func aRunIsJudgedByInferenceWhereAMappingModelCoversItsEnds() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(folder) }
        let example = Fixtures.packageRoot + "/SampleModels/PluginExample/Sources/LibraryStore"
        let manager = FileManager.default
        for name in ["Notes.xcdatamodeld", "NotesToNotes2.xcmappingmodel"] {
            try manager.copyItem(atPath: example + "/" + name, toPath: folder + "/" + name)
        }
        let bundle = folder + "/Notes.xcdatamodeld"
        try manager.removeItem(atPath: bundle + "/ShippedVersions.json")
        try manager.moveItem(atPath: bundle + "/Notes 2.xcdatamodel", toPath: bundle + "/Notes 3.xcdatamodel")
        let first = try String(contentsOfFile: bundle + "/Notes.xcdatamodel/contents", encoding: .utf8)
        let withoutRating = first.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains(#"name="rating""#) }.joined(separator: "\n")
        try manager.createDirectory(atPath: bundle + "/Notes 2.xcdatamodel", withIntermediateDirectories: false)
        try withoutRating.write(toFile: bundle + "/Notes 2.xcdatamodel/contents", atomically: true, encoding: .utf8)
        try
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>Notes 3.xcdatamodel</string></dict></plist>"#
            .write(toFile: bundle + "/.xccurrentversion", atomically: true, encoding: .utf8)
        var acknowledgements = Acknowledgements()
        acknowledgements.acknowledged = [.init(subject: "Note.rating", reason: "ratings are recomputed")]
        try Data(acknowledgements.encoded).write(to: URL(fileURLWithPath: bundle + "/" + Acknowledgements.fileName))

        let plan = try #require(
            SwiftDataVersionedTests.files(SwiftDataVersionedTests.generated(bundle))["NotesMigrationPlan.swift"])
        #expect(plan.contains("[migrateV1toV2, migrateV2toV3]"), "\(plan)")
        #expect(
            plan.contains(
                "which from 'Notes' to 'Notes 3' would fail ('Note.rating' changes type from String to Integer 16"),
            "\(plan)")
        #expect(!plan.contains("custom migration by"), "no stage runs the mapping model")
    }
}
