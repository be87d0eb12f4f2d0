import Testing
@testable import ModelCompiler

/// The pointer is stale only when a later version of its own series exists by Xcode's numbering ("Model 10" after
/// "Model 9"); versions named otherwise are never ordered against it, alphabetically or at all.
@Suite struct CurrentVersionRuleTests {
    private func findings(versions: [String], current: String) throws -> [Diagnostic] {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let body = #"<entity name="A"><attribute name="x" optional="YES" attributeType="String"/></entity>"#
        let bundle = try Fixtures.writeBundle(
            in: directory, versions: versions.map { ($0, Fixtures.contents(body)) },
            currentVersion: Fixtures.pointerFile(current))
        return check(paths: [bundle]).diagnostics.with(.currentVersionStale)
    }

    @Test(arguments: [
        // Seen on shipping apps, all false under an alphabetical rule.
        (["0.9", "Shared"], "0.9"),
        (["ArtsyFolio v2.7.0", "ArtsyPartner 5"], "ArtsyFolio v2.7.0"),
        (["Model 8", "ModelIndexedKey"], "Model 8"),
        (["Model", "Model 2", "Model 10", "Model 9"], "Model 10"),
        (["Data 2", "DataV3"], "Data 2"),
    ])
    func aPointerAtTheLatestOfItsSeriesIsCurrent(_ versions: [String], _ current: String) throws {
        #expect(try findings(versions: versions, current: current).isEmpty)
    }

    @Test(arguments: [
        (["Model", "Model 2"], "Model", "Model 2"),
        (["Model 9", "Model 10", "Model 2"], "Model 9", "Model 10"),
        (["DataV2", "DataV3", "Shared"], "DataV2", "DataV3"),
        (["Data", "DataV2", "Data_3"], "Data", "Data_3"),
        (["SampleModel3", "SampleModel3_v2", "SampleModel3_v3"], "SampleModel3", "SampleModel3_v3"),
    ])
    func aLaterVersionOfTheSameSeriesMakesThePointerStale(
        _ versions: [String], _ current: String, _ later: String
    ) throws {
        let found = try findings(versions: versions, current: current)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("'\(later)' is newer") == true, "\(found)")
    }

    @Test func numberingReadsXcodesNames() {
        #expect(VersionNaming.numbering("Model").stem == VersionNaming.numbering("Model 2").stem)
        #expect(VersionNaming.numbering("Model 12").number == 12)
        #expect(VersionNaming.numbering("Model").number == 1)
        #expect(VersionNaming.numbering("Model " + String(repeating: "9", count: 40)).number == .max)
        #expect(VersionNaming.next(after: "Model " + String(repeating: "9", count: 40), existing: []) != "")
    }

    /// A pointer left on an older version is said once; the versions after it are not "upgraded" to it (each path
    /// would be a downgrade, every change of it reported backwards).
    @Test func aStalePointerIsSaidOnceNotAsDowngrades() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let a = #"<attribute name="a" optional="YES" attributeType="String"/>"#
        let b = #"<attribute name="b" optional="YES" attributeType="String"/>"#
        let bundle = try Fixtures.writeBundle(
            in: directory,
            versions: [
                ("Model", Fixtures.contents("<entity name=\"E\">\(a)</entity>")),
                ("Model 2", Fixtures.contents("<entity name=\"E\">\(a)</entity>")),
                ("Model 3", Fixtures.contents("<entity name=\"E\">\(a)\(b)</entity>")),
            ], currentVersion: Fixtures.pointerFile("Model 2"))
        let found = check(paths: [bundle], detail: .history).diagnostics
        #expect(found.with(.currentVersionStale).count == 1)
        #expect(!found.contains { $0.code.rawValue.hasPrefix("migration-") }, "\(found)")
    }
}
