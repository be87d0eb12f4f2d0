import Foundation
import Testing
@testable import ModelCompiler

/// #49: a history kept one version per bundle (`Moody_3.xcdatamodeld`, `Moody_4.xcdatamodeld`, ... with the mapping
/// models between them beside them), built from objc.io's Moody: each bundle alone says which bundle beside it its
/// mapping model reaches; checked together they are one history, and a stale mapping model there is found.
@Suite(.needsShared) struct BundleLinksTests {
    /// Moody 3 to 6 in four bundles of one version each, with the three mapping models between them.
    static func split() throws -> String? {
        guard let shared = SharedFolder.require() else { return nil }
        let source = shared + "/corpus/objcio__core-data/Migrations/Migrations"
        let directory = try Fixtures.temporaryDirectory()
        for number in 3...6 {
            let bundle = directory + "/Moody_\(number).xcdatamodeld"
            try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: source + "/Moody.xcdatamodeld/Moody \(number).xcdatamodel",
                toPath: bundle + "/Moody \(number).xcdatamodel")
            guard number < 6 else { continue }
            let mapping = "Moody \(number)-Moody \(number + 1).xcmappingmodel"
            try FileManager.default.copyItem(atPath: source + "/" + mapping, toPath: directory + "/" + mapping)
        }
        return directory
    }

    static func bundles(_ directory: String, _ numbers: ClosedRange<Int> = 3...6) -> [String] {
        numbers.map { directory + "/Moody_\($0).xcdatamodeld" }
    }

    @Test func aloneEachBundleNamesTheBundleItsMappingModelReaches() throws {
        guard let directory = try Self.split() else { return }
        defer { Fixtures.remove(directory) }
        let result = check(paths: [directory + "/Moody_4.xcdatamodeld"])
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        let links = result.diagnostics.filter { $0.code == .mappingModelLinksBundles }.map(\.message).sorted()
        #expect(links.count == 2, "the hop into it and the hop out of it: \(links)")
        #expect(
            links.contains {
                $0.hasPrefix(
                    "'Moody 3-Moody 4.xcmappingmodel' maps 'Moody 3' of 'Moody_3.xcdatamodeld'"
                        + " -> 'Moody 4', linking 'Moody_4.xcdatamodeld'")
            })
        #expect(
            links.contains {
                $0.hasPrefix(
                    "'Moody 4-Moody 5.xcmappingmodel' maps 'Moody 4' -> 'Moody 5' of "
                        + "'Moody_5.xcdatamodeld'")
            })
        #expect(links.allSatisfy { $0.contains("`openmomc check ") && $0.contains("checks them as one") })
        #expect(result.diagnostics.filter { $0.code == .mappingModelStale }.isEmpty)
    }

    @Test func togetherTheyAreOneHistory() throws {
        guard let directory = try Self.split() else { return }
        defer { Fixtures.remove(directory) }
        // In any order on the command line: the mapping models give the history's order.
        let result = check(paths: Self.bundles(directory).reversed())
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.filter { $0.severity == .error })")
        let together = result.diagnostics.filter { $0.code == .bundlesCheckedTogether }
        #expect(together.count == 1)
        #expect(together.first?.message.contains("'Moody 3' -> 'Moody 4' -> 'Moody 5' -> 'Moody 6'") == true)
        #expect(together.first?.location.file.hasSuffix("Moody_6.xcdatamodeld") == true)
        let hops = result.diagnostics.filter { $0.code == .mappingModelHops }.map(\.message).sorted()
        #expect(
            hops
                == (3...5).map {
                    "'Moody \($0)-Moody \($0 + 1).xcmappingmodel' maps 'Moody \($0)' -> 'Moody \($0 + 1)'"
                })
        #expect(result.diagnostics.filter { $0.code == .mappingModelLinksBundles }.isEmpty, "said by the history")
        // The upgrades are analysed: the chain of mapping models into the current version makes the plan step by
        // step, as in the bundle the versions came from.
        let paths = result.diagnostics.filter { $0.code == .upgradePaths }
        #expect(paths.count == 1 && paths.first?.message.contains("step by step") == true, "\(paths)")
    }

    @Test func aStaleMappingModelBetweenThemIsFound() throws {
        guard let directory = try Self.split() else { return }
        defer { Fixtures.remove(directory) }
        // Moody 5's Mood gains an attribute after its mapping models were made: 'Moody 4-Moody 5' no longer matches.
        try MappingModelRuleTests.replace(
            "<entity name=\"Mood\" syncable=\"YES\">",
            with: "<entity name=\"Mood\" "
                + "syncable=\"YES\">\n<attribute name=\"extraField\" optional=\"YES\" attributeType=\"String\"/>",
            in: directory + "/Moody_5.xcdatamodeld/Moody 5.xcdatamodel/contents")
        for paths in [[directory + "/Moody_4.xcdatamodeld"], Self.bundles(directory)] {
            let stale = check(paths: paths).diagnostics.filter { $0.code == .mappingModelStale }
            #expect(
                stale.contains { $0.message.hasPrefix("'Moody 4-Moody 5.xcmappingmodel' is stale: the destination") },
                "\(paths.count) bundle(s): \(stale)")
            #expect(stale.allSatisfy { $0.severity == .error })
        }
    }

    @Test func aMappingModelNamedForTheWrongModelIsAWarning() throws {
        guard let directory = try Self.split() else { return }
        defer { Fixtures.remove(directory) }
        let named = directory + "/Moody 5-Moody 6.xcmappingmodel"
        let result = check(paths: [directory + "/Moody_3.xcdatamodeld"], mappingModels: [named])
        let other = result.diagnostics.filter { $0.code == .mappingModelOtherModel }
        #expect(other.count == 1 && other.first?.severity == .warning, "\(result.diagnostics)")
        #expect(
            other.first?.message.contains(
                "maps none of its versions: its source snapshot matches 'Moody 5' of "
                    + "'Moody_5.xcdatamodeld' and its destination snapshot matches 'Moody 6' of 'Moody_6.xcdatamodeld'")
                == true)
        // Found beside it rather than named, another bundle's mapping model is that bundle's business.
        let found = check(paths: [directory + "/Moody_3.xcdatamodeld"]).diagnostics
        #expect(!found.contains { $0.location.file.hasPrefix(named) && $0.code != .mappingModelLinksBundles })
    }

    /// The build plugin names every mapping model of its target for every model: one that maps another model is
    /// that model's, and the build says nothing about it.
    @Test func thePluginsListIsNotANaming() throws {
        guard let directory = try Self.split() else { return }
        defer { Fixtures.remove(directory) }
        var configuration = BuildConfiguration()
        configuration.mappingModels = [directory + "/Moody 5-Moody 6.xcmappingmodel"]
        let output = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(output) }
        let built = build(
            input: directory + "/Moody_3.xcdatamodeld", outputDirectory: output,
            configuration: configuration, mappingModelsOfTarget: true)
        #expect(!built.diagnostics.contains { $0.code == .mappingModelOtherModel }, "\(built.diagnostics)")
        let named = build(
            input: directory + "/Moody_3.xcdatamodeld", outputDirectory: output,
            configuration: configuration)
        #expect(named.diagnostics.contains { $0.code == .mappingModelOtherModel })
    }

    /// Groups and their order come from the links alone.
    @Test func theOrderFollowsTheLinks() {
        #expect(BundleLinks.ordered([0, 1, 2], edges: [(2, 0), (0, 1)]) == [2, 0, 1])
        #expect(BundleLinks.ordered([0, 1], edges: [(0, 1), (1, 0)]) == [0, 1], "a cycle keeps the order given")
        #expect(BundleLinks.ordered([3], edges: []) == [3])
    }
}
