import Testing
@testable import ModelCompiler

/// Migration findings say what the store really loses, once: no rename between unrelated names, no "prepared
/// retirement" that skipped the interim build, one finding for a parent's column, links go with their entity.
@Suite struct TrueFindingsTests {
    static func entity(_ name: String, _ body: String, parent: String? = nil) -> String {
        "<entity name=\"\(name)\"\(parent.map { " parentEntity=\"\($0)\"" } ?? "")>\n\(body)\n</entity>"
    }

    static func string(_ name: String) -> String {
        #"<attribute name="\#(name)" optional="YES" attributeType="String"/>"#
    }

    static func report(_ bodies: [String], _ from: Int, _ to: Int) throws -> MigrationReport {
        MigrationAnalyzerTests.verdict(try MigrationAnalyzerTests.models(bodies), from, to)
    }

    @Test func anUnrelatedNameOfTheSameTypeIsARemovalAndAnAdditionNotARename() throws {
        let report = try Self.report(
            [
                Self.entity("Contact", Self.string("abFirstName")),
                Self.entity("Contact", Self.string("csi")),
            ], 1, 2)
        #expect(report.changes.map(\.code) == [.migrationDataDropped, .migrationInferable])
        #expect(report.changes.map(\.subject) == ["Contact.abFirstName", "Contact.csi"])
        let alike = try Self.report(
            [
                Self.entity("Conversation", Self.string("distributionListId")),
                Self.entity("Conversation", Self.string("distributionListID")),
            ], 1, 2)
        #expect(alike.changes.map(\.code) == [.migrationProbableRename])
    }

    /// The interim build is the last version with the old attribute; a store from any other version never ran
    /// its copy, and an attribute the source introduced itself is not being retired there.
    @Test func onlyTheInterimBuildPreparesARetirement() throws {
        let old = Self.string("old"), new = Self.string("new")
        let kept = try MigrationAnalyzerTests.models([
            Self.entity("T", old), Self.entity("T", old + new),
            Self.entity("T", old + new), Self.entity("T", new),
        ])
        #expect(MigrationAnalyzerTests.verdict(kept, 2, 4).verdict == .dataLoss, "v3 still had 'old': v2 is no interim")
        #expect(MigrationAnalyzerTests.verdict(kept, 3, 4).verdict == .dataLoss, "v3 introduced nothing")
        let introducedTogether = try Self.report(
            [
                Self.entity("T", ""), Self.entity("T", old + new),
                Self.entity("T", new),
            ], 2, 3)
        #expect(introducedTogether.verdict == .dataLoss)
        let interim = try Self.report(
            [Self.entity("T", old), Self.entity("T", old + new), Self.entity("T", new)], 2, 3)
        #expect(interim.verdict == .inferable)
    }

    /// A parent's attribute is one column of the shared table: removed, it is said once, on the parent, for the
    /// rows of the parent and its sub-entities; an attribute added to a parent is said once too.
    @Test func aParentsPropertyIsSaidOnceOnTheParent() throws {
        let required = #"<attribute name="rank" attributeType="Integer 16" usesScalarValueType="YES"/>"#
        let report = try Self.report(
            [
                Self.entity("Shape", Self.string("color"))
                    + Self.entity("Circle", Self.string("radius"), parent: "Shape"),
                Self.entity("Shape", required) + Self.entity("Circle", Self.string("radius"), parent: "Shape"),
            ], 1, 2)
        #expect(report.changes.filter { $0.verdict >= .dataLoss }.map(\.subject) == ["Shape.color", "Shape.rank"])
        #expect(
            report.changes.first { $0.code == .migrationDataDropped }?.message
                == "v1 -> v2: 'Shape.color' is removed: column ZCOLOR of every row of Shape and its sub-entities is "
                + "dropped on this path; if it matters, ship an interim version that declares both the old and the new "
                + "attribute and copies the data, then retire it")
        // A sub-entity that leaves its parent loses the inherited column by itself: said on it.
        let leaves = try Self.report(
            [
                Self.entity("Shape", Self.string("color"))
                    + Self.entity("Circle", Self.string("radius"), parent: "Shape"),
                Self.entity("Shape", Self.string("color")) + Self.entity("Circle", Self.string("radius")),
            ], 1, 2)
        #expect(leaves.changes.filter { $0.code == .migrationDataDropped }.map(\.subject) == ["Circle.color"])
    }

    @Test func linksIntoARemovedEntityAreSaidWithItsRemoval() throws {
        let conversation = { (tags: Bool) in
            Self.entity(
                "Conversation",
                Self.string("title")
                    + (tags
                        ? #"<relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" "#
                            + #"destinationEntity="Tag" inverseName="conversations" inverseEntity="Tag"/>"#
                        : ""))
        }
        let tag = Self.entity(
            "Tag",
            Self.string("name")
                + #"<relationship name="conversations" optional="YES" toMany="YES" deletionRule="Nullify" "#
                + #"destinationEntity="Conversation" inverseName="tags" inverseEntity="Conversation"/>"#)
        let report = try Self.report([conversation(true) + tag, conversation(false)], 1, 2)
        #expect(report.changes.map(\.code) == [.migrationEntityDropped])
        #expect(
            report.changes.first?.message == "v1 -> v2: entity 'Tag' is removed: every row of it in the store is "
                + "dropped, with the links to it from 'Conversation.tags'")
    }
}
