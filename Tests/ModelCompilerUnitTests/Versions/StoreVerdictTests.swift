import Foundation
import Testing
@testable import ModelCompiler

/// The current version's verdict on a store, with Core Data's error when it will not open.
@Suite struct StoreVerdictTests {
    static let v1 = StoreReaderTests.model

    /// A store written by `written` (a model body), checked against a bundle of `versions` (the last is current).
    static func verdict(storeOf written: String, bundle versions: [String]) throws -> StoreResult {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Fixtures.writeBundle(
            in: directory, name: "Library",
            versions: versions.enumerated().map {
                ($0.offset == 0 ? "Library" : "Library \($0.offset + 1)", Fixtures.contents($0.element))
            })
        try StoreFixture(writtenBy: try StoreReaderTests.version(written)).write(to: directory + "/Library.sqlite")
        let before = try StoreFixture.fingerprint(directory)
        let result = store(path: directory + "/Library.sqlite", models: [bundle])
        #expect(try StoreFixture.fingerprint(directory) == before, "the store's folder changed")
        return result
    }

    static func adding(_ attribute: String) -> String {
        v1.replacingOccurrences(
            of: #"<attribute name="name" optional="YES" attributeType="String"/>"#,
            with: #"<attribute name="name" optional="YES" attributeType="String"/>"# + attribute)
    }

    @Test func anOptionalAdditionMigrates() throws {
        let result = try Self.verdict(
            storeOf: Self.v1,
            bundle: [Self.v1, Self.adding(#"<attribute name="born" optional="YES" attributeType="Date"/>"#)])
        guard case .opensAfterMigration(let from, let report)? = result.verdict else {
            Issue.record("\(String(describing: result.verdict))")
            return
        }
        #expect(from == "Library" && report.verdict == .inferable)
        #expect(result.report?.verdict?.kind == "migrates")
    }

    @Test func aRequiredAttributeWithoutDefaultFailsWith134110() throws {
        let result = try Self.verdict(
            storeOf: Self.v1, bundle: [Self.v1, Self.adding(#"<attribute name="born" attributeType="Date"/>"#)])
        guard case .fails(let error, let reason, _)? = result.verdict else {
            Issue.record("\(String(describing: result.verdict))")
            return
        }
        #expect(error == 134110 && reason.contains("Author.born"), "\(reason)")
    }

    @Test func aTypeChangeFailsWith134140() throws {
        let changed = Self.v1.replacingOccurrences(
            of: #"name="title" optional="YES" attributeType="String""#,
            with: #"name="title" optional="YES" attributeType="Integer 32""#)
        let result = try Self.verdict(storeOf: Self.v1, bundle: [Self.v1, changed])
        guard case .fails(let error, _, _)? = result.verdict else {
            Issue.record("\(String(describing: result.verdict))")
            return
        }
        #expect(error == 134140)
    }

    @Test func aStoreNoVersionWroteFailsWith134130() throws {
        let edited = Self.adding(#"<attribute name="born" optional="YES" attributeType="Date"/>"#)
        let result = try Self.verdict(storeOf: edited, bundle: [Self.v1])
        guard case .fails(let error, let reason, _)? = result.verdict else {
            Issue.record("\(String(describing: result.verdict))")
            return
        }
        #expect(error == 134130 && reason.contains("edited after it shipped or removed from the bundle"))
        let report = try #require(result.report)
        #expect(report.writtenBy.isEmpty && report.nearest == "Library")
        #expect(report.differences == ["the store's Author has born, Library does not"])
        #expect(
            report.text.contains(
                "written by: none\nnearest version: Library (1 difference)\n"
                    + "  - the store's Author has born, Library does not\n"))
    }

    /// #48: a model that shares no entity with the store is the wrong model, not an edited version.
    @Test func aModelWithNoEntityInCommonIsCalledTheWrongModel() throws {
        let other =
            #"<entity name="Invoice" representedClassName="Invoice" syncable="YES">"#
            + #"<attribute name="total" optional="YES" attributeType="Double" usesScalarValueType="YES"/></entity>"#
        let result = try Self.verdict(storeOf: Self.v1, bundle: [other])
        guard case .fails(let error, let reason, _)? = result.verdict else {
            Issue.record("\(String(describing: result.verdict))")
            return
        }
        #expect(
            error == 134130 && reason.contains("the store has no entity in common with Library")
                && reason.contains("this looks like another model's store, not an edited version"), "\(reason)")
        #expect(!reason.contains("edited after it shipped"))
    }

    @Test func theCurrentVersionsOwnStoreOpensAsIs() throws {
        let result = try Self.verdict(storeOf: Self.v1, bundle: [Self.v1])
        guard case .opensAsIs(let version)? = result.verdict else {
            Issue.record("\(String(describing: result.verdict))")
            return
        }
        #expect(version == "Library")
        #expect(result.report?.text.contains("verdict for Library (current): opens as is, no migration") == true)
    }

    @Test func theModelIsFoundUnderTheWorkingFolderOnlyWhenThereIsExactlyOne() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        try StoreFixture(writtenBy: try StoreReaderTests.version()).write(to: directory + "/App.sqlite")
        let none = store(path: directory + "/App.sqlite", searchRoot: directory)
        #expect(none.inputFailed && none.diagnostics.codes == [.storeModelNotFound])
        try Fixtures.writeBundle(
            in: directory + "/Sources/App", name: "Library", versions: [("Library", Fixtures.contents(Self.v1))])
        let one = store(path: directory + "/App.sqlite", searchRoot: directory)
        #expect(one.match?.writtenBy.map { $0.map(\.version) } == [["Library"]])
        try Fixtures.writeBundle(
            in: directory + "/Sources/Other", name: "Other", versions: [("Other", Fixtures.contents(Self.v1))])
        let several = store(path: directory + "/App.sqlite", searchRoot: directory)
        #expect(several.inputFailed && several.diagnostics.first?.message.contains("several models") == true)
    }
}
