import Testing
@testable import ModelCompiler

/// The false and missing findings an audit of 34 public apps' histories found (#37), each from the issue's two-version
/// bundle: the false ones are gone, the true ones kept.
@Suite struct AuditedFindingsTests {
    static func report(_ v1: String, _ v2: String) throws -> MigrationReport {
        try TrueFindingsTests.report([v1, v2], 1, 2)
    }

    static func toOne(_ name: String, _ destination: String, inverse: String) -> String {
        #"<relationship name="\#(name)" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="\#(destination)" inverseName="\#(inverse)" inverseEntity="\#(destination)"/>"#
    }

    /// A: a destination moved to a new parent of the old destination keeps every link: old rows are instances of it.
    @Test func aNewParentOfTheOldDestinationKeepsTheLinks() throws {
        let report = try Self.report(
            #"<entity name="Plan">\#(Self.toOne("task", "Task", inverse: "plan"))</entity>"#
                + #"<entity name="Task">\#(Self.toOne("plan", "Plan", inverse: "task"))</entity>"#,
            #"<entity name="Plan">\#(Self.toOne("task", "TaskBase", inverse: "plan"))</entity>"#
                + #"<entity name="Task" parentEntity="TaskBase"/>"#
                + #"<entity name="TaskBase" isAbstract="YES">\#(Self.toOne("plan", "Plan", inverse: "task"))</entity>"#)
        #expect(report.verdict == .inferable, "\(report.changes.map(\.message))")
        #expect(!report.changes.contains { $0.code == .migrationDestinationChange })
    }

    /// ... while a new child as the destination is still a true finding: old rows are not instances of it.
    @Test func aNewChildAsDestinationStillLosesTheLinks() throws {
        let report = try Self.report(
            #"<entity name="Plan">\#(Self.toOne("task", "Task", inverse: "plan"))</entity>"#
                + #"<entity name="Task">\#(Self.toOne("plan", "Plan", inverse: "task"))</entity>"#,
            #"<entity name="Plan">\#(Self.toOne("task", "UrgentTask", inverse: "plan"))</entity>"#
                + #"<entity name="Task"/>"#
                + #"<entity name="UrgentTask" parentEntity="Task">\#(Self.toOne("plan", "Plan", inverse: "task"))</entity>"#
        )
        #expect(report.changes.contains { $0.code == .migrationDestinationChange })
    }

    /// B: one added entity is not the new name of two removed ones that are equally like it.
    @Test func noEntityRenameHintBetweenEquallyLikelyCandidates() throws {
        let serial = #"<attribute name="serial" optional="YES" attributeType="String"/>"#
        let report = try Self.report(
            #"<entity name="Blucon">\#(serial)</entity><entity name="Droplet">\#(serial)</entity>"#,
            #"<entity name="DexcomG7">\#(serial)</entity>"#)
        let removals = report.changes.filter { $0.code == .migrationEntityDropped }
        #expect(removals.count == 2)
        #expect(!removals.contains { $0.message.contains("looks like its new name") }, "\(removals.map(\.message))")
        // One removed entity alike one added one is still hinted, and only when their properties' kinds agree.
        let single = try Self.report(
            #"<entity name="Blucon">\#(serial)</entity>"#, #"<entity name="DexcomG7">\#(serial)</entity>"#)
        #expect(single.changes.contains { $0.message.contains("'DexcomG7' looks like its new name") })
        let otherType = try Self.report(
            #"<entity name="Blucon">\#(serial)</entity>"#,
            #"<entity name="DexcomG7"><attribute name="serial" optional="YES" attributeType="Integer 64"/></entity>"#)
        #expect(!otherType.changes.contains { $0.message.contains("looks like its new name") })
    }

    /// C: `date` is as like `deletedDate` as `startDate`: no hint; the drop is still said.
    @Test func noPropertyRenameHintBetweenEquallyAlikeCandidates() throws {
        let report = try Self.report(
            #"<entity name="Outcome"><attribute name="date" attributeType="Date"/></entity>"#,
            #"<entity name="Outcome"><attribute name="deletedDate" optional="YES" attributeType="Date"/>"#
                + #"<attribute name="startDate" optional="YES" attributeType="Date"/></entity>"#)
        #expect(report.changes.map(\.code) == [.migrationDataDropped, .migrationInferable, .migrationInferable])
        #expect(report.changes.first?.subject == "Outcome.date")
    }

    /// C: a relationship candidate that keeps the old inverse is likelier than one that does not.
    @Test func theRelationshipKeepingTheInverseIsTheHint() throws {
        let v1 =
            #"<entity name="Note">\#(Self.toOne("folder", "Folder", inverse: "notes"))</entity>"#
            + #"<entity name="Folder"><relationship name="notes" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Note" inverseName="folder" inverseEntity="Note"/></entity>"#
        let v2 =
            #"<entity name="Note">\#(Self.toOne("folderRef", "Folder", inverse: "notes"))"#
            + #"<relationship name="folderCopy" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Folder"/></entity>"#
            + #"<entity name="Folder"><relationship name="notes" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Note" inverseName="folderRef" inverseEntity="Note"/></entity>"#
        let report = try Self.report(v1, v2)
        let hint = report.changes.first { $0.code == .migrationProbableRename }
        #expect(hint?.message.contains("rename of folder to folderRef") == true, "\(report.changes.map(\.message))")
    }

    /// C: a property removed two versions before another appears is not renamed to it.
    @Test func aRenameHintNeedsOneStep() throws {
        let date = { (name: String) in #"<attribute name="\#(name)" optional="YES" attributeType="Date"/>"# }
        let models = try MigrationAnalyzerTests.models([
            #"<entity name="Outcome">\#(date("date"))</entity>"#, #"<entity name="Outcome"/>"#,
            #"<entity name="Outcome">\#(date("startDate"))</entity>"#,
        ])
        let report = MigrationAnalyzerTests.verdict(models, 1, 3)
        #expect(!report.changes.contains { $0.code == .migrationProbableRename }, "\(report.changes.map(\.message))")
        #expect(report.changes.contains { $0.code == .migrationDataDropped && $0.subject == "Outcome.date" })
        // Renamed in one step, further along the history: still hinted.
        let oneStep = try MigrationAnalyzerTests.models([
            #"<entity name="Outcome">\#(date("date"))</entity>"#, #"<entity name="Outcome">\#(date("date"))</entity>"#,
            #"<entity name="Outcome">\#(date("startDate"))</entity>"#,
        ])
        #expect(MigrationAnalyzerTests.verdict(oneStep, 1, 3).changes.contains { $0.code == .migrationProbableRename })
    }

    /// D: Integer 32 -> Integer 64 is numeric widening, which inferred migration converts; narrowing is a numeric
    /// conversion nobody has shown either way (#49): a warning, not "not inferable".
    @Test func numericWideningIsInferable() throws {
        let count = { (type: String) in
            #"<entity name="Item"><attribute name="count" optional="YES" attributeType="\#(type)"/></entity>"#
        }
        for (from, to) in [("Integer 32", "Integer 64"), ("Integer 16", "Integer 32"), ("Float", "Double")] {
            let report = try Self.report(count(from), count(to))
            #expect(
                report.verdict == .inferable && report.changes.first?.message.contains("widens") == true,
                "\(from) -> \(to)")
        }
        let narrowing = try Self.report(count("Integer 64"), count("Integer 32"))
        #expect(narrowing.verdict == .inferable && narrowing.changes.map(\.code) == [.migrationNumericConversion])
        #expect(try Self.report(count("Integer 32"), count("Double")).verdict == .inferable)
        #expect(try Self.report(count("Integer 32"), count("String")).verdict == .notInferable)
    }

    /// E: a one-to-one turned one-to-many keeps its links in the surviving to-one's column.
    @Test func aOneToOneTurnedOneToManyKeepsItsLinks() throws {
        let report = try Self.report(
            #"<entity name="Revision">\#(Self.toOne("thumbnail", "Thumbnail", inverse: "revision"))</entity>"#
                + #"<entity name="Thumbnail">\#(Self.toOne("revision", "Revision", inverse: "thumbnail"))</entity>"#,
            #"<entity name="Revision"><relationship name="thumbnails" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Thumbnail" inverseName="revision" inverseEntity="Thumbnail"/></entity>"#
                + #"<entity name="Thumbnail">\#(Self.toOne("revision", "Revision", inverse: "thumbnails"))</entity>"#)
        #expect(report.verdict == .inferable, "\(report.changes.map(\.message))")
        #expect(report.changes.first?.message.contains("its links live in the column of 'Thumbnail.revision'") == true)
    }

    @Test func anEntityMadeAbstractIsReported() throws {
        let name = #"<attribute name="name" optional="YES" attributeType="String"/>"#
        let report = try Self.report(
            #"<entity name="Shape">\#(name)</entity>"#,
            #"<entity name="Shape" isAbstract="YES">\#(name)</entity><entity name="Circle" parentEntity="Shape"/>"#)
        #expect(report.verdict == .notInferable)
        #expect(report.changes.contains { $0.code == .migrationEntityMadeAbstract && $0.subject == "Shape" })
        // Abstract on both sides: nothing to say.
        let always = try Self.report(
            #"<entity name="Shape" isAbstract="YES">\#(name)</entity><entity name="Circle" parentEntity="Shape"/>"#,
            #"<entity name="Shape" isAbstract="YES">\#(name)</entity><entity name="Circle" parentEntity="Shape"/><entity name="Square" parentEntity="Shape"/>"#
        )
        #expect(!always.changes.contains { $0.code == .migrationEntityMadeAbstract })
    }

    /// A retirement's replacement must be able to hold the retired data: a Date `createdAt` retires no UUID.
    @Test func aDateIsNoReplacementForAUUID() throws {
        let uuid = #"<attribute name="identifier" optional="YES" attributeType="UUID"/>"#
        let date = #"<attribute name="createdAt" optional="YES" attributeType="Date"/>"#
        let uuid2 = #"<attribute name="uniqueID" optional="YES" attributeType="UUID"/>"#
        let item = { (body: String) in "<entity name=\"Item\">\(body)</entity>" }
        let dropped = try TrueFindingsTests.report([item(uuid), item(uuid + date), item(date)], 2, 3)
        #expect(dropped.verdict == .dataLoss && dropped.changes.contains { $0.code == .migrationDataDropped })
        let retired = try TrueFindingsTests.report([item(uuid), item(uuid + uuid2), item(uuid2)], 2, 3)
        #expect(retired.verdict == .inferable, "\(retired.changes.map(\.message))")
    }
}
