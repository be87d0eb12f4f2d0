import Foundation
import Testing
@testable import ModelCompiler

/// The classes an app's sources declare, as the Objective-C runtime names them.
@Suite struct DeclaredClassesTests {
    static func read(swift: String = "", objc: String = "") -> DeclaredClasses {
        var declared = DeclaredClasses()
        declared.read(swift, swift: true)
        declared.read(objc, swift: false)
        return declared
    }

    @Test func objcNamesOnClassesAndInterfaces() {
        let declared = Self.read(
            swift: """
                @objc(StoreAppToStoreAppMigrationPolicy)
                class StoreAppToStoreAppMigrationPolicy: NSEntityMigrationPolicy {}
                @objc(Renamed) public final class Original: NSEntityMigrationPolicy {
                    @objc(migrateThis:) func migrate(_ x: Int) {}
                    @objc(property) var value = 1
                    class func make() {}
                }
                @objc(WithActor) @MainActor class Acting {}
                """,
            objc: """
                @interface LegacyPolicy : NSEntityMigrationPolicy
                @end
                @implementation OtherPolicy
                @end
                """)
        #expect(
            declared.runtimeNames == [
                "StoreAppToStoreAppMigrationPolicy", "Renamed", "WithActor", "LegacyPolicy",
                "OtherPolicy",
            ])
        #expect(declared.swiftClasses.isSuperset(of: ["StoreAppToStoreAppMigrationPolicy", "Original", "Acting"]))
        #expect(!declared.runtimeNames.contains("migrateThis") && !declared.runtimeNames.contains("property"))
        #expect(!declared.swiftClasses.contains("func"))
    }

    @Test func aSwiftClassIsFoundByItsModuleQualifiedName() {
        let declared = Self.read(swift: "final class Country5ToCountry6Policy: NSEntityMigrationPolicy {}")
        #expect(declared.declares("Migrations.Country5ToCountry6Policy", module: "Migrations"))
        #expect(declared.declares("Migrations.Country5ToCountry6Policy", module: nil))
        #expect(!declared.declares("Other.Country5ToCountry6Policy", module: "Migrations"))
        #expect(!declared.declares("Country5ToCountry6Policy", module: "Migrations"), "a Swift name needs its module")
    }

    /// Folders of build products and dependencies are not read; the bounds hold on a big tree.
    @Test func aScanSkipsBuildFoldersAndStaysBounded() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let manager = FileManager.default
        try manager.createDirectory(atPath: directory + "/Sources/App", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: directory + "/.build/checkouts", withIntermediateDirectories: true)
        try "@objc(Found) class Found {}".write(
            toFile: directory + "/Sources/App/A.swift", atomically: true, encoding: .utf8)
        try "@objc(Hidden) class Hidden {}".write(
            toFile: directory + "/.build/checkouts/B.swift", atomically: true,
            encoding: .utf8)
        try "not code".write(toFile: directory + "/Sources/App/notes.txt", atomically: true, encoding: .utf8)
        let declared = DeclaredClasses.scan([directory])
        #expect(declared.files == 1 && declared.runtimeNames == ["Found"] && declared.searched == [directory])
        // A huge file is read up to its bound, without a crash.
        let huge = String(repeating: "class A {}\n", count: 300_000)
        try huge.write(toFile: directory + "/Sources/App/Huge.swift", atomically: true, encoding: .utf8)
        #expect(DeclaredClasses.scan([directory]).swiftClasses.contains("A"))
        #expect(DeclaredClasses.scan([directory + "/missing"]).files == 0)
    }
}
