import Testing
@testable import ModelCompiler

/// #49: one verdict per one-to-one link per upgrade. A one-to-one whose side `X.owner` is removed keeps its links in
/// the surviving side `User.x`; when a new required `X.user` is that side's inverse, it is filled from those links,
/// never also "empty in every row".
@Suite struct OneToOneVerdictTests {
    static func toOne(_ name: String, _ destination: String, inverse: String, optional: Bool = true) -> String {
        #"<relationship name="\#(name)" optional="\#(optional ? "YES" : "NO")" maxCount="1" deletionRule="Nullify" "#
            + #"destinationEntity="\#(destination)" inverseName="\#(inverse)" inverseEntity="\#(destination)"/>"#
    }

    static func report(ownerIsOptional: Bool) throws -> MigrationReport {
        try AuditedFindingsTests.report(
            #"<entity name="X">\#(toOne("owner", "User", inverse: "x", optional: ownerIsOptional))</entity>"#
                + #"<entity name="User">\#(toOne("x", "X", inverse: "owner"))</entity>"#,
            #"<entity name="X">\#(toOne("user", "User", inverse: "x", optional: false))</entity>"#
                + #"<entity name="User">\#(toOne("x", "X", inverse: "user"))</entity>"#)
    }

    @Test func aRequiredRelationshipFilledFromTheSurvivingSide() throws {
        let required = try Self.report(ownerIsOptional: false)
        #expect(required.verdict == .inferable, "\(required.changes.map(\.message))")
        #expect(required.changes.contains { $0.message.contains("its links live in the column of 'User.x'") })
        #expect(required.changes.contains { $0.message.contains("filled from 'User.x'") })
        #expect(!required.changes.contains { $0.message.contains("existing rows have none") })
    }

    /// The old side was optional: the rows it did not link get no link now, and only those fail.
    @Test func anOptionalOldSideLeavesTheUnlinkedRowsEmpty() throws {
        let optional = try Self.report(ownerIsOptional: true)
        let required = optional.changes.filter { $0.code == .migrationRequiredWithoutDefault }
        #expect(
            required.count == 1 && required.first?.message.contains("rows that had no link have none") == true,
            "\(optional.changes.map(\.message))")
        #expect(!optional.changes.contains { $0.message.contains("existing rows have none") })
        #expect(optional.changes.contains { $0.message.contains("its links live in the column of 'User.x'") })
    }

    /// Without a surviving inverse the new required relationship is empty in every existing row, as before.
    @Test func withoutASurvivingSideItIsStillEmpty() throws {
        let report = try AuditedFindingsTests.report(
            #"<entity name="X"/><entity name="User"/>"#,
            #"<entity name="X">\#(Self.toOne("user", "User", inverse: "x", optional: false))</entity>"#
                + #"<entity name="User">\#(Self.toOne("x", "X", inverse: "user"))</entity>"#)
        #expect(report.changes.contains { $0.message.contains("existing rows have none") })
    }
}
