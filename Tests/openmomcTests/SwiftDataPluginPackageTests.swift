import Foundation
import TestSupport
import Testing

/// #52: a package whose target uses the build plugin's versioned SwiftData output (`"style": "swiftdata-versioned"`):
/// its own code names the generated schemas and the migration plan, `swift build` compiles them, a version added
/// adds its schema and stage, and an edited shipped version fails the build before any schema changes. SwiftData
/// does not exist on Linux: the package's `SwiftData` target is the tests' stand-in, whose macros a compiler plugin
/// built from the toolchain's SwiftSyntax libraries expands.
@Suite(.serialized) struct SwiftDataPluginPackageTests {
    static let app = """
        import SwiftData

        /// The app's use of what the plugin generates from the model history.
        public enum LibraryMigration {
            public static var plan: any SchemaMigrationPlan.Type { LibraryMigrationPlan.self }
            public static var schemaCount: Int { LibraryMigrationPlan.schemas.count }
            public static func newBook() -> LibrarySchemaV3.Book { LibrarySchemaV3.Book() }
        }

        """

    /// A package with the stand-in `SwiftData` target and a `LibraryModels` target holding the sample model.
    static func package(plugin: String) throws -> String {
        let directory = NSTemporaryDirectory() + "openmomc-swiftdata-package-" + UUID().uuidString
        let manager = FileManager.default
        let sources = directory + "/Sources/LibraryModels"
        try manager.createDirectory(atPath: sources, withIntermediateDirectories: true)
        try manager.createDirectory(atPath: directory + "/Sources/SwiftData", withIntermediateDirectories: true)
        let flags = #"[.unsafeFlags(["-load-plugin-library", "\#(plugin)"])]"#
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "SwiftDataExample",
                dependencies: [.package(path: "openmomc")],
                targets: [
                    .target(name: "SwiftData", swiftSettings: \(flags)),
                    .target(
                        name: "LibraryModels", dependencies: ["SwiftData"],
                        exclude: ["Library.xcdatamodeld", "openmomc.json"], swiftSettings: \(flags),
                        plugins: [.plugin(name: "CoreDataModelPlugin", package: "openmomc")]),
                ]
            )

            """
        try manifest.write(toFile: directory + "/Package.swift", atomically: true, encoding: .utf8)
        try SwiftDataStandIn.module.write(
            toFile: directory + "/Sources/SwiftData/SwiftData.swift", atomically: true, encoding: .utf8)
        try app.write(toFile: sources + "/LibraryMigration.swift", atomically: true, encoding: .utf8)
        try #"{"style": "swiftdata-versioned"}"#.write(
            toFile: sources + "/openmomc.json", atomically: true, encoding: .utf8)
        try manager.copyItem(
            atPath: EndToEndTests.packageRoot + "/SampleModels/Library.xcdatamodeld",
            toPath: sources + "/Library.xcdatamodeld")
        try manager.createSymbolicLink(atPath: directory + "/openmomc", withDestinationPath: EndToEndTests.packageRoot)
        return directory
    }

    /// The generated file in the plugin's output folder.
    static func generated(_ scratch: String) -> String? {
        let found = FileManager.default.enumerator(atPath: scratch + "/plugins/outputs")?.compactMap { $0 as? String }
            .first { $0.hasSuffix("Library+CoreDataModel.swift") }
        return found.flatMap { try? String(contentsOfFile: scratch + "/plugins/outputs/" + $0, encoding: .utf8) }
    }

    #if os(Linux)
    @Test func aTargetUsesTheVersionedSchemasAndThePlanTheBuildGenerates() throws {
        let standIn = try SwiftDataStandIn.built.get()
        let copy = try Self.package(plugin: standIn + "/libStandInMacros.so")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let scratch = copy + "/.build"
        let model = copy + "/Sources/LibraryModels/Library.xcdatamodeld"
        let built = try PluginExampleTests.swift(["build"], in: copy, scratch: scratch)
        #expect(built.status == 0, "\(built.output.suffix(3000))")
        #expect(built.output.contains(PluginExampleTests.modelStep), "\(built.output.suffix(2000))")
        // The only warnings are the generated code's own, each naming a model line (none from openmomc's build).
        let warnings = built.output.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(
            warnings.allSatisfy { $0.contains("Library+CoreDataModel.swift") && $0.contains(".xcdatamodel/contents:") },
            "\(warnings.prefix(5))")
        let first = try #require(Self.generated(scratch))
        #expect(first.contains("public enum LibrarySchemaV3: VersionedSchema {"))
        #expect(first.contains("[migrateV1toV2, migrateV2toV3]"))

        // A new version after the current one ships, and changes: the next build adds its schema and its stage.
        let tool = EndToEndTests.executable
        #expect(try Program.run([tool, "mark-shipped", model], in: copy).status == 0)
        #expect(try Program.run([tool, "new-version", model], in: copy).status == 0)
        let changed = model + "/Library 4.xcdatamodel/contents"
        try String(contentsOfFile: changed, encoding: .utf8).replacingOccurrences(
            of: "</entity>", with: #"<attribute name="note" optional="YES" attributeType="String"/></entity>"#
        )
        .write(toFile: changed, atomically: true, encoding: .utf8)
        let added = try PluginExampleTests.swift(["build"], in: copy, scratch: scratch)
        #expect(added.status == 0, "\(added.output.suffix(3000))")
        let second = try #require(Self.generated(scratch))
        #expect(second.contains("public enum LibrarySchemaV4: VersionedSchema {"))
        #expect(second.contains("[migrateV1toV2, migrateV2toV3, migrateV3toV4]"))

        // A shipped version edited fails the build at its file, and the schemas stay as they were.
        let shipped = model + "/Library 2.xcdatamodel/contents"
        let original = try String(contentsOfFile: shipped, encoding: .utf8)
        try original.replacingOccurrences(of: #"name="isbn""#, with: #"name="isbnNumber""#)
            .write(toFile: shipped, atomically: true, encoding: .utf8)
        let edited = try PluginExampleTests.swift(["build"], in: copy, scratch: scratch)
        #expect(edited.status != 0, "\(edited.output.suffix(2000))")
        #expect(
            edited.output.contains("Library 2.xcdatamodel/contents")
                && edited.output.contains("error: shipped version 'Library 2' was edited"),
            "\(edited.output.suffix(3000))")
        #expect(Self.generated(scratch) == second)
    }
    #endif
}
