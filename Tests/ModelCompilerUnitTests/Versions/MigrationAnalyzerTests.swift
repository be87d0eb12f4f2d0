import Foundation
import Testing
@testable import ModelCompiler

/// The field notes' scenarios, each as a small multi-version bundle with its exact expected verdicts.
@Suite struct MigrationAnalyzerTests {
    /// Version bodies (an entity block each) -> the bundle's models, in order.
    static func models(_ bodies: [String], modelAttributes: String = "") throws -> [ManagedObjectModel] {
        try bodies.enumerated().map { index, body in
            var model = try Fixtures.model(body, modelAttributes: modelAttributes)
            model.versionName = "v\(index + 1)"
            return model
        }
    }

    static func verdict(_ models: [ManagedObjectModel], _ from: Int, _ to: Int) -> MigrationReport {
        MigrationAnalyzer.analyze(
            from: VersionCompiler.compile(models[from - 1]), to: VersionCompiler.compile(models[to - 1]),
            history: models)
    }

    static func car(_ attribute: String) -> String {
        "<entity name=\"Car\">\n    \(attribute)\n</entity>"
    }

    static let color = #"<attribute name="color" optional="YES" attributeType="String"/>"#
    static let paintColor = #"<attribute name="paintColor" optional="YES" attributeType="String" elementID="color"/>"#

    @Test(arguments: [
        (
            #"<attribute name="primaryColor" optional="YES" attributeType="String" elementID="color"/>"#,
            [MigrationVerdict.inferable, .inferable, .inferable]
        ),
        (
            #"<attribute name="primaryColor" optional="YES" attributeType="String" elementID="paintColor"/>"#,
            [.inferable, .dataLoss, .dataLoss]
        ),
        (
            #"<attribute name="primaryColor" optional="YES" attributeType="String"/>"#,
            [.inferable, .dataLoss, .dataLoss]
        ),
    ])
    func colorRenameChain(_ v3: String, _ expected: [MigrationVerdict]) throws {
        let models = try Self.models([Self.car(Self.color), Self.car(Self.paintColor), Self.car(v3)])
        let verdicts = [Self.verdict(models, 1, 2), Self.verdict(models, 2, 3), Self.verdict(models, 1, 3)].map(
            \.verdict)
        #expect(verdicts == expected)
        if expected[1] == .dataLoss {
            let change = try #require(Self.verdict(models, 2, 3).changes.first { $0.verdict == .dataLoss })
            #expect(change.message.hasPrefix("v2 -> v3: "))
        }
    }

    @Test func payloadRenamedWithoutAnIdentifierDropsTheColumn() throws {
        let models = try Self.models([
            "<entity name=\"Message\">\n<attribute name=\"payload\" optional=\"YES\" attributeType=\"Binary\"/>\n</entity>",
            "<entity name=\"Message\">\n<attribute name=\"payloadBlob\" optional=\"YES\" attributeType=\"Binary\"/>\n</entity>",
            "<entity name=\"Message\">\n<attribute name=\"payloadBlob\" optional=\"YES\" attributeType=\"Binary\" elementID=\"payload\"/>\n</entity>",
        ])
        let lossy = Self.verdict(models, 1, 2)
        #expect(lossy.verdict == .dataLoss)
        let warning = try #require(lossy.changes.first { $0.code == .migrationProbableRename })
        #expect(
            warning.message
                == "v1 -> v2: looks like a rename of payload to payloadBlob: the column's data will be dropped; "
                + "set the renaming ID of payloadBlob to payload")
        #expect(warning.location.line == 4)
        #expect(Self.verdict(models, 1, 3).verdict == .inferable)
    }

    /// wibosco's fixture history: v2 renames color to hexColor (elementID "color"), v3 drops the elementID and content.
    /// Each change is said once and truly: content is removed; hexColor lost its renaming ID, so Core Data (which
    /// matches by renaming ID) drops its column; not "a rename of content to hexColor", nor "hexColor is added".
    @Test func aLostRenamingIDIsSaidOnceAndNotTakenForARenameOfAnother() throws {
        let models = try Self.models([
            Self.car(
                #"<attribute name="content" optional="YES" attributeType="String"/>"#
                    + #"<attribute name="hexColor" optional="YES" attributeType="String" elementID="color"/>"#),
            Self.car(#"<attribute name="hexColor" optional="YES" attributeType="String"/>"#),
        ])
        let report = Self.verdict(models, 1, 2)
        #expect(report.verdict == .dataLoss)
        #expect(
            report.changes.map(\.message) == [
                "v1 -> v2: 'Car.content' is removed: column ZCONTENT of every Car row is dropped on this path; if it "
                    + "matters, ship an interim version that declares both the old and the new attribute and copies the data, "
                    + "then retire it",
                "v1 -> v2: 'Car.hexColor' lost its renaming ID 'color': Core Data matches properties by renaming ID, so it "
                    + "drops the column's data and adds an empty one; set the renaming ID of hexColor back to color",
            ])
    }

    /// Threema's Conversation.messages: the to-many side of a relationship whose to-one inverse survives. The links
    /// are Message's ZCONVERSATION column, so removing the to-many side drops nothing; removing the to-one drops it.
    @Test func removingAToManySideWhoseToOneInverseSurvivesDropsNothing() throws {
        func body(messages: Bool, conversation: Bool) -> String {
            """
            <entity name="Conversation">
                <attribute name="title" optional="YES" attributeType="String"/>
                \(messages ? #"<relationship name="messages" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Message" inverseName="conversation" inverseEntity="Message"/>"# : "")
            </entity>
            <entity name="Message">
                <attribute name="text" optional="YES" attributeType="String"/>
                \(conversation ? #"<relationship name="conversation" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Conversation"\#(messages ? #" inverseName="messages" inverseEntity="Conversation""# : "")/>"# : "")
            </entity>
            """
        }
        let models = try Self.models([
            body(messages: true, conversation: true), body(messages: false, conversation: true),
            body(messages: false, conversation: false),
        ])
        let toManyGone = Self.verdict(models, 1, 2)
        #expect(toManyGone.verdict == .inferable, "\(toManyGone.changes.map(\.message))")
        #expect(
            toManyGone.changes.map(\.message).contains(
                "v1 -> v2: 'Conversation.messages' is removed; no data is dropped: "
                    + "its links live in the column of 'Message.conversation', which stays"))
        let bothGone = Self.verdict(models, 1, 3)
        #expect(bothGone.verdict == .dataLoss)
        #expect(
            bothGone.changes.filter { $0.code == .migrationDataDropped }.map(\.message) == [
                "v1 -> v3: 'Conversation.messages' is removed: the links from every Conversation row are dropped on this path; if "
                    + "it matters, ship an interim version that declares both the old and the new attribute and copies the data, "
                    + "then retire it",
                "v1 -> v3: 'Message.conversation' is removed: column ZCONVERSATION (the link) of every Message row is dropped on "
                    + "this path; if it matters, ship an interim version that declares both the old and the new attribute and "
                    + "copies the data, then retire it",
            ])
    }

    @Test func addingARequiredAttributeNeedsADefault() throws {
        let base = #"<attribute name="title" optional="YES" attributeType="String"/>"#
        let models = try Self.models([
            Self.car(base),
            Self.car(base + #"<attribute name="year" attributeType="Integer 16" usesScalarValueType="YES"/>"#),
            Self.car(
                base
                    + #"<attribute name="year" attributeType="Integer 16" defaultValueString="2000" usesScalarValueType="YES"/>"#
            ),
            Self.car(#"<attribute name="title" attributeType="String"/>"#),
        ])
        let missing = Self.verdict(models, 1, 2)
        #expect(missing.verdict == .notInferable)
        #expect(missing.changes.first { $0.verdict == .notInferable }?.message.contains("134110") == true)
        #expect(Self.verdict(models, 1, 3).verdict == .inferable)
        #expect(Self.verdict(models, 1, 4).verdict == .notInferable, "optional -> non-optional without a default")
    }

    @Test func aTypeChangeIsNeverInferred() throws {
        let models = try Self.models([
            Self.car(#"<attribute name="createdAt" optional="YES" attributeType="String"/>"#),
            Self.car(#"<attribute name="createdAt" optional="YES" attributeType="Date"/>"#),
        ])
        let report = Self.verdict(models, 1, 2)
        #expect(report.verdict == .notInferable)
        #expect(report.changes.map(\.code) == [.migrationTypeChange])
        #expect(report.changes[0].message.contains("from String to Date"))
    }

    @Test func theRenameAddBackfillRecipe() throws {
        let models = try Self.models([
            Self.car(#"<attribute name="createdAt" optional="YES" attributeType="String"/>"#),
            Self.car(
                #"<attribute name="createdAt_str" optional="YES" attributeType="String" elementID="createdAt"/>"#
                    + #"<attribute name="createdAt" optional="YES" attributeType="Date" elementID="createdAtDate"/>"#),
            Self.car(#"<attribute name="createdAt" optional="YES" attributeType="Date" elementID="createdAtDate"/>"#),
        ])
        #expect(Self.verdict(models, 1, 2).verdict == .inferable)  // renamed and added: nothing lost
        #expect(Self.verdict(models, 2, 3).verdict == .inferable)  // retired after the backfill release
        #expect(Self.verdict(models, 1, 3).verdict == .dataLoss)  // skipping the backfill release drops the strings
        // Written as the field note has it, the new attribute's identifier is its name, which the renamed
        // one claims too: Core Data cannot tell them apart.
        let naive = Fixtures.diagnostics(
            forBody: Self.car(
                #"<attribute name="createdAt_str" optional="YES" attributeType="String" elementID="createdAt"/>"#
                    + #"<attribute name="createdAt" optional="YES" attributeType="Date"/>"#))
        #expect(naive.codes == [.duplicateRenamingIdentifier])
    }

    @Test func theTwoBuildRetirement() throws {
        let models = try Self.models([
            "<entity name=\"Thing\">\n<attribute name=\"retiredName\" optional=\"YES\" attributeType=\"Binary\"/>\n</entity>",
            "<entity name=\"Thing\">\n<attribute name=\"retiredName\" optional=\"YES\" attributeType=\"Binary\"/>\n<attribute name=\"newName\" optional=\"YES\" attributeType=\"Binary\"/>\n</entity>",
            "<entity name=\"Thing\">\n<attribute name=\"newName\" optional=\"YES\" attributeType=\"Binary\"/>\n</entity>",
        ])
        #expect(Self.verdict(models, 1, 2).verdict == .inferable)
        #expect(Self.verdict(models, 2, 3).verdict == .inferable)
        let skipped = Self.verdict(models, 1, 3)
        #expect(skipped.verdict == .dataLoss)
        #expect(skipped.changes.contains { $0.message.contains("retiredName") })
    }

    @Test func aCloudKitMirroredSchemaIsAdditiveOnly() throws {
        let cloud = #"usedWithCloudKit="YES""#
        let models = try Self.models(
            [
                "<entity name=\"Note\">\n<attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>\n</entity>",
                "<entity name=\"Note\">\n<attribute name=\"title\" optional=\"YES\" attributeType=\"String\"/>\n<attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/>\n</entity>",
                "<entity name=\"Note\">\n<attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/>\n</entity>",
                "<entity name=\"Note\">\n<attribute name=\"heading\" optional=\"YES\" attributeType=\"String\" elementID=\"title\"/>\n</entity>",
            ], modelAttributes: cloud)
        #expect(Self.verdict(models, 1, 2).verdict == .inferable)
        let removed = Self.verdict(models, 2, 3)
        #expect(
            removed.verdict == .notInferable && removed.changes.contains { $0.code == .migrationCloudKitNotAdditive })
        #expect(Self.verdict(models, 1, 4).changes.map(\.code) == [.migrationCloudKitNotAdditive])
    }

    @Test func moreStructuralChanges() throws {
        let models = try Self.models([
            """
            <entity name="A"/>
            <entity name="B"/>
            <entity name="Owner">
                <relationship name="pet" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="A"/>
            </entity>
            """,
            """
            <entity name="Root"/>
            <entity name="A" parentEntity="Root"/>
            <entity name="B" parentEntity="Root"/>
            <entity name="Owner">
                <relationship name="pet" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="B"/>
            </entity>
            """,
        ])
        let report = Self.verdict(models, 1, 2)
        #expect(report.changes.contains { $0.code == .migrationHierarchyMerge })
        #expect(report.changes.contains { $0.code == .migrationDestinationChange })
        #expect(report.verdict == .notInferable)
        // The same with the destination's index shared, as the history analyses every path into one version.
        let shared = MigrationAnalyzer.analyze(
            from: VersionCompiler.compile(models[0]),
            to: VersionCompiler.compile(models[1]), history: models,
            destinationIndex: StoredProperties(models[1]))
        #expect(shared.changes.map(\.message) == report.changes.map(\.message))
        // What `check` asks for (the matched properties that cannot fail are skipped): the same failing changes.
        let asked = MigrationAnalyzer.analyze(
            from: VersionCompiler.compile(models[0]),
            to: VersionCompiler.compile(models[1]), history: models,
            destinationIndex: StoredProperties(models[1]), lowestVerdict: .dataLoss)
        #expect(asked.changes.map(\.message) == report.changes.filter { $0.verdict >= .dataLoss }.map(\.message))
        #expect(asked.changes.contains { $0.code == .migrationDestinationChange })
        #expect(StoredProperties(models[1]).hierarchies.map(\.root) == ["Root"])
        #expect(StoredProperties(models[1]).hierarchies.map(\.members) == [["Root", "A", "B"]])
    }

    /// The step-by-step routes ask only for the changes that cannot be inferred; a removed entity (a drop, so
    /// skipped there) beside a failing change once indexed a change that was never kept, and crashed.
    @Test func onlyTheFailingChangesOfAPairWithARemovedEntity() throws {
        let models = try Self.models([
            "<entity name=\"Gone\"/>\n" + Self.car(#"<attribute name="color" attributeType="String"/>"#),
            Self.car(
                #"<relationship name="color" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Car"/>"#
            ),
        ])
        let all = Self.verdict(models, 1, 2)
        #expect(all.changes.contains { $0.code == .migrationEntityDropped })
        let failing = MigrationAnalyzer.analyze(
            from: VersionCompiler.compile(models[0]),
            to: VersionCompiler.compile(models[1]), history: models,
            lowestVerdict: .notInferable)
        #expect(failing.changes.map(\.code) == [.migrationKindChange])
        #expect(failing.changes.map(\.message) == all.changes.filter { $0.verdict == .notInferable }.map(\.message))
    }

    @Test func aVersionAgainstItselfNeedsNoMigration() throws {
        let models = try Self.models([Self.car(Self.color)])
        let version = VersionCompiler.compile(models[0])
        let report = MigrationAnalyzer.analyze(from: version, to: version)
        #expect(report.verdict == .noMigrationNeeded && report.changes.isEmpty)
        #expect(report.verdict.description == "no migration needed")
        let sample = diff(bundle: Fixtures.sampleBundle, from: "Library 2", to: "Library 2")
        #expect(sample.reports.map(\.verdict) == [.noMigrationNeeded])
    }

}

@Suite struct MigrationHistoryTests {
    @Test func checkReportsNonInferableChangesAsErrorsOnceVersionsShipped() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Fixtures.writeBundle(
            in: directory,
            versions: [
                (
                    "Model",
                    Fixtures.contents(
                        MigrationAnalyzerTests.car(
                            #"<attribute name="createdAt" optional="YES" attributeType="String"/>"#))
                ),
                (
                    "Model 2",
                    Fixtures.contents(
                        MigrationAnalyzerTests.car(
                            #"<attribute name="createdAt" optional="YES" attributeType="Date"/>"#))
                ),
            ], currentVersion: Fixtures.pointerFile("Model 2.xcdatamodel"))
        let before = check(paths: [bundle]).diagnostics.with(.migrationTypeChange)
        #expect(before.map(\.severity) == [.warning])
        #expect(
            before.first?.location.file.hasSuffix("Model 2.xcdatamodel/contents") == true
                && before.first?.location.line == 4)
        _ = markShipped(bundle: bundle, versions: ["Model"])
        let after = check(paths: [bundle]).diagnostics.with(.migrationTypeChange)
        #expect(after.map(\.severity) == [.error])
        #expect(compile(input: bundle, outputDirectory: directory).outputPath == nil)
    }

    @Test func renamingIdentifierChecks() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Fixtures.writeBundle(
            in: directory,
            versions: [
                (
                    "Model",
                    Fixtures.contents(
                        MigrationAnalyzerTests.car(#"<attribute name="color" optional="YES" attributeType="String"/>"#))
                ),
                (
                    "Model 2",
                    Fixtures.contents(
                        MigrationAnalyzerTests.car(
                            #"<attribute name="tint" optional="YES" attributeType="String" renamingIdentifier="colour"/>"#
                        ))
                ),
            ], currentVersion: Fixtures.pointerFile("Model 2.xcdatamodel"))
        let diagnostics = check(paths: [bundle]).diagnostics
        // The old spelling is honoured but flagged with its fix, and an ID naming nothing earlier is flagged too.
        let spelling = try #require(diagnostics.with(.renamingIdentifierSpelling).first)
        #expect(spelling.severity == .warning && spelling.message.contains("elementID=\"colour\""))
        #expect(diagnostics.with(.renamingIdentifierUnknown).count == 1)
        #expect(diagnostics.contains { $0.code == .migrationBrokenRenameChain || $0.code == .migrationDataDropped })
    }

    @Test func absentNamesMustBeGoneFromTheCurrentVersion() throws {
        let present = check(paths: [Fixtures.sampleBundle], absent: ["Book.isbn", "Book.summary", "Ghost.x"])
        #expect(Set(present.diagnostics.codes) == [.retiredNamePresent, .retiredNameUnknown])
        #expect(present.diagnostics.with(.retiredNamePresent).first?.message.contains("'Book.isbn'") == true)
        // No version ever had a Ghost: a typo, most likely, which would otherwise pass forever.
        #expect(present.diagnostics.with(.retiredNameUnknown).first?.message.contains("'Ghost.x'") == true)
        #expect(check(paths: [Fixtures.sampleBundle], absent: ["Book.summary"]).diagnostics.isEmpty)
        #expect(check(paths: [Fixtures.sampleBundle], absent: ["Shelf"]).diagnostics.codes == [.retiredNamePresent])
    }
}
