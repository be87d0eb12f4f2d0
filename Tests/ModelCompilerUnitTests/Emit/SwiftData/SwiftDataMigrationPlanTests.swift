import Testing
@testable import ModelCompiler

/// #52: the migration plan's custom stages call code the app writes, and until it does, a deprecated stand-in says
/// what the code must do, in a warning of bounded size whatever the hop, with a stranger's names escaped.
@Suite struct SwiftDataMigrationPlanTests {
    static func drop(_ subject: String, _ verdict: MigrationVerdict = .dataLoss) -> MigrationChange {
        MigrationChange(
            verdict: verdict, code: "migration-data-dropped", subject: subject,
            message: "A -> B: '\(subject)' is removed", location: SourceLocation(file: "contents"))
    }

    @Test func aHopInferenceDoesAllOfIsLightweightAndHasNoHooks() {
        let report = MigrationReport(from: "A", to: "B", changes: [Self.drop("Note.body", .inferable)])
        #expect(SwiftDataMigrationPlan.customStage(report, suffix: "V1toV2") == nil)
        let text = SwiftDataMigrationPlan.text(
            "Notes", .init(schemas: [1, 2], hops: [report]), options: SwiftDataOptions(versioned: true),
            available: false, sd: { $0 })
        #expect(text.contains(".lightweight(fromVersion: NotesSchemaV1.self, toVersion: NotesSchemaV2.self)"))
        #expect(!text.contains("NotesMigrationPlanDefaults"), "no stand-ins without a custom stage")
    }

    @Test func anAcknowledgedDropNeedsNoCode() {
        var change = Self.drop("Note.body")
        change.acknowledgement = "not used"
        #expect(
            SwiftDataMigrationPlan.customStage(MigrationReport(from: "A", to: "B", changes: [change]), suffix: "")
                == nil
        )
    }

    @Test func theWarningIsBoundedWhateverTheHop() throws {
        let changes = (0..<10_000).map { Self.drop("Entity\($0).value") } + [Self.drop("Entity0.value")]
        let stage = try #require(
            SwiftDataMigrationPlan.customStage(
                MigrationReport(from: "A", to: "B", changes: changes), suffix: "V1toV2"))
        #expect(stage.dropped.count == 10_000, "each subject once")
        let warning = SwiftDataMigrationPlan.warning(stage, plan: "NotesMigrationPlan")
        #expect(warning.contains("'Entity4.value' and 9995 more: to keep it"), "\(warning)")
        #expect(warning.utf8.count < 400)
    }

    @Test func aStrangersNamesStayInsideTheirLiteralAndComment() throws {
        let name = "N\"ote\\\n\u{7}#warning(\"x\")"
        let report = MigrationReport(from: "A\nB", to: "C", changes: [Self.drop(name + ".body")])
        let text = SwiftDataMigrationPlan.text(
            "Notes", .init(schemas: [1, 2], hops: [report]), options: SwiftDataOptions(versioned: true),
            available: true, sd: { $0 })
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // No line of the file starts with what a name brought: every line is the generator's.
        #expect(!lines.contains { $0.hasPrefix("#warning") || $0.hasPrefix("B") || $0.hasPrefix("ote") })
        let deprecation = try #require(lines.first { $0.contains("@available(*, deprecated") })
        #expect(deprecation.contains(#"'N\"ote\\  #warning(\"x\").body'"#), "\(deprecation)")
        #expect(text.contains("@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)\nextension Notes"))
    }

    /// SwiftData tells schemas apart by checksum and refuses two with one: each is listed once, at its last version.
    @Test func eachStoreSchemaIsListedOnceAtItsLastVersion() {
        #expect(SwiftDataVersioned.listed(["a", "b", "c"]) == [0, 1, 2])
        #expect(SwiftDataVersioned.listed(["a", "a", "b"]) == [1, 2], "a default changed: one schema")
        #expect(SwiftDataVersioned.listed(["a", "b", "a"]) == [1, 2], "a change undone: the store of 'a' opens as is")
        #expect(SwiftDataVersioned.listed(["a", "a", "a"]) == [2])
        #expect(SwiftDataVersioned.listed([]) == [])
        let many = (0..<100_000).map { String($0 % 7) }
        #expect(SwiftDataVersioned.listed(many) == Array(99_993..<100_000))
    }

    /// A stage is named by the first version of each run of versions with one checksum: a new version's copy of the
    /// current one, listed in its place, leaves the names of the stages (and of the app's code) as they were.
    @Test func stageNamesOutliveANewVersionsCopy() {
        #expect(SwiftDataVersioned.stageNumbers(["a", "b", "c"]) == [1, 2, 3])
        #expect(SwiftDataVersioned.stageNumbers(["a", "b", "c", "c"]) == [1, 2, 3, 3])
        #expect(SwiftDataVersioned.stageNumbers(["a", "b", "a"]) == [1, 2, 3], "only a run of consecutive versions")
        let report = MigrationReport(from: "B", to: "C", changes: [Self.drop("Note.body")])
        let before = SwiftDataMigrationPlan.text(
            "Notes", .init(schemas: [1, 2, 3], hops: [report, report]), options: SwiftDataOptions(versioned: true),
            available: false, sd: { $0 })
        // Version 4, a copy of version 3, is listed in its place: the stage into it keeps its name.
        let numbers = SwiftDataVersioned.stageNumbers(["a", "b", "c", "c"])
        let copied = SwiftDataMigrationPlan.text(
            "Notes",
            .init(schemas: [1, 2, 4], stageNumbers: [numbers[0], numbers[1], numbers[3]], hops: [report, report]),
            options: SwiftDataOptions(versioned: true), available: false, sd: { $0 })
        for name in ["migrateV2toV3", "willMigrateV2toV3", "didMigrateV2toV3"] {
            #expect(before.contains(name) && copied.contains(name), "\(name)")
        }
        #expect(copied.contains("fromVersion: NotesSchemaV2.self, toVersion: NotesSchemaV4.self"))
    }
}
