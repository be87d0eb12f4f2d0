import Foundation
import Testing
@testable import ModelCompiler

/// #49: a migration policy class is looked for in the sources of the package around the model. One the sources
/// declare under its runtime name is silent (an `@objc(Name)` class without a module in the mapping model, as a
/// sideloading app ships); one they do not is a warning that says where it was looked for.
@Suite(.needsShared) struct PolicyClassLookupTests {
    /// Objc.io's Moody inside a package whose sources are Package.swift and `source`; the mapping model Moody 5 -> 6 names
    /// `policy`. The bundle's path.
    static func package(policy: String, source: String, in directory: String) throws -> String? {
        guard let moody = try MappingModelRuleTests.copy("objcio__core-data/Migrations/Migrations") else { return nil }
        let root = directory + "/App"
        try FileManager.default.createDirectory(atPath: root + "/Sources/Migrations", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: moody, toPath: root + "/Model")
        Fixtures.remove(moody.withoutLastPathComponent)
        try "// swift-tools-version:5.9".write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
        try source.write(toFile: root + "/Sources/Migrations/Policy.swift", atomically: true, encoding: .utf8)
        let mapping = root + "/Model/Moody 5-Moody 6.xcmappingmodel/xcmapping.xml"
        try MappingModelRuleTests.replace(">Migrations.Country5ToCountry6Policy<", with: ">\(policy)<", in: mapping)
        return root + "/Model/Moody.xcdatamodeld"
    }

    static func warnings(_ bundle: String, in directory: String) throws -> [Diagnostic] {
        let output = directory + "/out"
        let built = build(input: bundle, outputDirectory: output, moduleName: "Migrations")
        return built.diagnostics.filter { $0.code == .mappingPolicyNotQualified }
    }

    @Test func anObjcNamedClassIsFoundWithoutItsModule() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        guard
            let bundle = try Self.package(
                policy: "Country5ToCountry6Policy",
                source: """
                    @objc(Country5ToCountry6Policy)
                    final class Country5ToCountry6Policy: NSEntityMigrationPolicy {}
                    """, in: directory)
        else { return }
        #expect(try Self.warnings(bundle, in: directory).isEmpty)
        #expect(check(paths: [bundle]).diagnostics.filter { $0.code == .mappingPolicyNotQualified }.isEmpty)
    }

    @Test func aClassTheSourcesLackIsAWarningThatSaysWhereItLooked() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        guard
            let bundle = try Self.package(
                policy: "Country5ToCountry6Policy",
                source: """
                    final class Country5ToCountry6Policy: NSEntityMigrationPolicy {}
                    """, in: directory)
        else { return }
        let found = try Self.warnings(bundle, in: directory)
        #expect(found.count == 1 && found.first?.severity == .warning, "\(found)")
        let message = found.first?.message ?? ""
        #expect(
            message.contains("was looked for in the 2 Swift and Objective-C files under '\(directory)/App'"),
            "\(message)")
        #expect(message.contains("give the class @objc(Country5ToCountry6Policy)"), "\(message)")
    }

    @Test func aModuleQualifiedNameMatchesTheSwiftClassOrSaysItIsMissing() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        guard
            let bundle = try Self.package(
                policy: "Migrations.Country5ToCountry6Policy",
                source: """
                    final class Country5ToCountry6Policy: NSEntityMigrationPolicy {}
                    """, in: directory)
        else { return }
        #expect(try Self.warnings(bundle, in: directory).isEmpty)
        try MappingModelRuleTests.replace(
            ">Migrations.Country5ToCountry6Policy<", with: ">Migrations.Gone<",
            in: directory + "/App/Model/Moody 5-Moody 6.xcmappingmodel/xcmapping.xml")
        let found = try Self.warnings(bundle, in: directory)
        #expect(
            found.count == 1 && found.first?.message.contains("a Swift class 'Gone' in module 'Migrations'") == true,
            "\(found)")
    }
}
