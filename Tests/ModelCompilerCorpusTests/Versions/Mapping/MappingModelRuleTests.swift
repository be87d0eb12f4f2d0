import Foundation
import Testing
@testable import ModelCompiler

/// The mapping-model guard on the corpus's real apps: objc.io's Moody (four mapping models, one hop each) and
/// Threema (one mapping model whose mapped entities also match later versions).
@Suite struct MappingModelRuleTests {
    /// A copy of a corpus folder to edit; removed by the caller.
    static func copy(_ relative: String) throws -> String? {
        guard let shared = SharedFolder.require() else { return nil }
        let directory = try Fixtures.temporaryDirectory()
        let copy = directory + "/" + (relative as NSString).lastPathComponent
        try FileManager.default.copyItem(atPath: shared + "/corpus/" + relative, toPath: copy)
        return copy
    }

    static func replace(_ old: String, with new: String, in path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(old), "\(path) has no \(old)")
        try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func findings(_ result: CheckResult, _ code: DiagnosticCode) -> [Diagnostic] {
        result.diagnostics.filter { $0.code == code }
    }

    @Test(.needsShared) func moodysMappingModelsEachCoverTheirHop() throws {
        guard let moody = try Self.copy("objcio__core-data/Migrations/Migrations") else { return }
        defer { Fixtures.remove(moody.withoutLastPathComponent) }
        let result = check(paths: [moody + "/Moody.xcdatamodeld"])
        let hops = Self.findings(result, .mappingModelHops).map(\.message).sorted()
        #expect(
            hops
                == (2...5).map {
                    "'Moody \($0)-Moody \($0 + 1).xcmappingmodel' maps 'Moody \($0)' -> 'Moody \($0 + 1)'"
                })
        #expect(Self.findings(result, .mappingModelHops).allSatisfy { $0.location.file.hasSuffix("/xcmapping.xml") })
        #expect(Self.findings(result, .mappingModelStale).isEmpty)
        // Its one policy class is written with its module.
        #expect(Self.findings(result, .mappingPolicyNotQualified).isEmpty)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
    }

    /// The most common mapping-model bug: a mapped version edited after the mapping model was made.
    @Test(.needsShared) func editingAMappedVersionMakesItsMappingModelStale() throws {
        guard let moody = try Self.copy("objcio__core-data/Migrations/Migrations") else { return }
        defer { Fixtures.remove(moody.withoutLastPathComponent) }
        try Self.replace(
            #"<entity name="Country" syncable="YES">"#,
            with: #"""
                <entity name="Country" syncable="YES">
                        <attribute name="capital" optional="YES" attributeType="String" syncable="YES"/>
                """#, in: moody + "/Moody.xcdatamodeld/Moody 6.xcdatamodel/contents")
        let result = check(paths: [moody + "/Moody.xcdatamodeld"])
        let stale = Self.findings(result, .mappingModelStale)
        try #require(stale.count == 1, "\(result.diagnostics)")
        #expect(stale[0].severity == .error)
        #expect(stale[0].location.file == moody + "/Moody 5-Moody 6.xcmappingmodel/xcmapping.xml")
        #expect(stale[0].location.line > 0)
        #expect(stale[0].message.contains("the destination entities it maps match no version"))
        #expect(stale[0].message.contains("'Country' in the destination snapshot differs from 'Moody 6'"))
        #expect(stale[0].message.contains("attribute 'capital' is only there"), "\(stale[0].message)")
        #expect(stale[0].message.contains("Refresh"))
        // The others still cover their hops; the stale one covers none.
        let hops = Self.findings(result, .mappingModelHops).map(\.message)
        #expect(hops.count == 3 && !hops.contains { $0.contains("Moody 5-Moody 6") })
    }

    @Test(.needsShared) func anUnqualifiedSwiftPolicyClassIsFound() throws {
        guard let moody = try Self.copy("objcio__core-data/Migrations/Migrations") else { return }
        defer { Fixtures.remove(moody.withoutLastPathComponent) }
        let mapping = moody + "/Moody 5-Moody 6.xcmappingmodel/xcmapping.xml"
        try Self.replace(">Migrations.Country5ToCountry6Policy<", with: ">Country5ToCountry6Policy<", in: mapping)
        // Moody's model says nothing of its language, so only the module a build names makes it a Swift app.
        #expect(Self.findings(check(paths: [moody + "/Moody.xcdatamodeld"]), .mappingPolicyNotQualified).isEmpty)
        let built = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(built) }
        let result = build(input: moody + "/Moody.xcdatamodeld", outputDirectory: built, moduleName: "Migrations")
        let warnings = result.diagnostics.filter { $0.code == .mappingPolicyNotQualified }
        try #require(warnings.count == 1, "\(result.diagnostics)")
        #expect(warnings[0].severity == .warning && warnings[0].location.file == mapping)
        #expect(warnings[0].message.contains("'Migrations.Country5ToCountry6Policy'"))
        #expect(warnings[0].message.contains("'CountryToCountry'"))
    }

    @Test(.needsShared) func aMappingModelInsideTheBundleNeverReachesTheResources() throws {
        guard let moody = try Self.copy("objcio__core-data/Migrations/Migrations") else { return }
        defer { Fixtures.remove(moody.withoutLastPathComponent) }
        let inside = moody + "/Moody.xcdatamodeld/Moody 2-Moody 3.xcmappingmodel"
        try FileManager.default.moveItem(atPath: moody + "/Moody 2-Moody 3.xcmappingmodel", toPath: inside)
        let result = check(paths: [moody + "/Moody.xcdatamodeld"])
        let warnings = Self.findings(result, .mappingModelNotInResources)
        #expect(warnings.map(\.location.file) == [inside + "/xcmapping.xml"])
        #expect(warnings.first?.message.contains("move it beside the .xcdatamodeld") == true)
    }

    /// A mapping model kept elsewhere is read when the configuration or the command line names it.
    @Test(.needsShared) func aMappingModelElsewhereIsReadWhenNamed() throws {
        guard let moody = try Self.copy("objcio__core-data/Migrations/Migrations") else { return }
        defer { Fixtures.remove(moody.withoutLastPathComponent) }
        let elsewhere = moody.withoutLastPathComponent + "/Mapping Models"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            atPath: moody + "/Moody 5-Moody 6.xcmappingmodel",
            toPath: elsewhere + "/Moody 5-Moody 6.xcmappingmodel")
        let bundle = moody + "/Moody.xcdatamodeld"
        let covers = { (result: CheckResult) in
            Self.findings(result, .mappingModelHops).contains { $0.message.contains("'Moody 5' -> 'Moody 6'") }
        }
        #expect(!covers(check(paths: [bundle])))
        #expect(covers(check(paths: [bundle], mappingModels: [elsewhere + "/Moody 5-Moody 6.xcmappingmodel"])))
        // openmomc.json's paths are relative to the file.
        let configurationPath = moody + "/openmomc.json"
        try #"{"mappingModels": ["../Mapping Models/Moody 5-Moody 6.xcmappingmodel"]}"#
            .write(toFile: configurationPath, atomically: true, encoding: .utf8)
        let configuration = try BuildConfiguration.read(configurationPath).get()
        #expect(configuration.mappingModels == [moody + "/../Mapping Models/Moody 5-Moody 6.xcmappingmodel"])
        #expect(covers(check(paths: [bundle], mappingModels: configuration.mappingModels ?? [])))
        let built = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(built) }
        let result = build(input: bundle, outputDirectory: built, configuration: configuration)
        #expect(result.diagnostics.contains { $0.code == .mappingModelHops && $0.message.contains("'Moody 5' ->") })
        // A path that is not a mapping model is a configuration error, never silently ignored.
        try #"{"mappingModels": ["Moody.xcdatamodeld"]}"#.write(
            toFile: configurationPath, atomically: true,
            encoding: .utf8)
        guard case .failure(let problem) = BuildConfiguration.read(configurationPath) else {
            Issue.record("a model bundle was taken as a mapping model")
            return
        }
        #expect(problem.code == .configurationInvalid && problem.message.contains("not a .xcmappingmodel"))
    }
}
