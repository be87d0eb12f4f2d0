import Testing
@testable import ModelCompiler

/// #49: a rename whose new name arrives one version after the old one was removed is still hinted when the new name
/// extends the old one or differs only by case (`votingStatus` -> `votingStatusRaw`, `linkType` -> `linkTypeRaw`,
/// `firstname` -> `firstName`); `date` -> `startDate` one version late (#37) and anything two versions late are not.
@Suite struct LateRenameHintTests {
    static func attribute(_ name: String, _ type: String) -> String {
        #"<attribute name="\#(name)" optional="YES" attributeType="\#(type)"/>"#
    }

    /// V1 has `old`, V2 neither, V3 `new` (with `gap` more empty versions between): the hints on V1 -> last.
    static func hints(_ old: (String, String), _ new: (String, String), gap: Int = 0) throws -> [MigrationChange] {
        let bodies =
            [#"<entity name="Poll">\#(attribute(old.0, old.1))</entity>"#]
            + Array(repeating: #"<entity name="Poll"/>"#, count: 1 + gap)
            + [#"<entity name="Poll">\#(attribute(new.0, new.1))</entity>"#]
        let models = try MigrationAnalyzerTests.models(bodies)
        return MigrationAnalyzerTests.verdict(models, 1, models.count).changes
            .filter { $0.code == .migrationProbableRename }
    }

    @Test(arguments: [
        (("votingStatus", "Integer 16"), ("votingStatusRaw", "Integer 16")),
        (("linkType", "Integer 16"), ("linkTypeRaw", "Integer 16")),
        (("firstname", "String"), ("firstName", "String")),
    ])
    func oneVersionLateIsStillAHint(_ old: (String, String), _ new: (String, String)) throws {
        let hints = try Self.hints(old, new)
        #expect(hints.count == 1 && hints.first?.subject == "Poll.\(old.0)", "\(hints.map(\.message))")
        #expect(hints.first?.message.contains("\(new.0)") == true)
        #expect(try Self.hints(old, new, gap: 1).isEmpty, "two versions late is not a rename")
    }

    @Test func aNameThatOnlyEndsLikeTheOldOneIsNot() throws {
        #expect(try Self.hints(("date", "Date"), ("startDate", "Date")).isEmpty)
    }
}
