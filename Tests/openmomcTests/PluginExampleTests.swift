import Foundation
import TestSupport
import Testing

/// Builds and tests SampleModels/PluginExample, a package that uses the CoreDataModelPlugin on the sample
/// model, with the toolchain's `swift`, as a user would. Builds use scratch folders in the temporary
/// directory, so a developer's own `.build` is left alone.
@Suite(.serialized) struct PluginExampleTests {
    static let example = EndToEndTests.packageRoot + "/SampleModels/PluginExample"
    /// One build folder per checkout: SwiftPM cannot share one between packages at different paths.
    static let scratch =
        NSTemporaryDirectory() + "openmomc-plugin-example-build" + example.replacingOccurrences(of: "/", with: "_")

    static func swift(
        _ arguments: [String], in directory: String, scratch: String
    ) throws -> (status: Int32, output: String) {
        // Options go right after the subcommand: after a plugin's verb they would be the plugin's arguments.
        try Program.run(["swift", arguments[0], "--scratch-path", scratch] + arguments.dropFirst(), in: directory)
    }

    /// A copy of the example whose model is a real copy (to edit) and whose `openmomc` link points at this checkout.
    static func scratchCopy() throws -> String {
        let directory = NSTemporaryDirectory() + "openmomc-plugin-example-" + UUID().uuidString
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: directory + "/Sources/LibraryStore", withIntermediateDirectories: true)
        try fileManager.copyItem(atPath: example + "/Package.swift", toPath: directory + "/Package.swift")
        try fileManager.copyItem(atPath: example + "/Tests", toPath: directory + "/Tests")
        for name in ["LibraryStore.swift", "openmomc.json", "Notes.xcdatamodeld", "NotesToNotes2.xcmappingmodel"] {
            try fileManager.copyItem(
                atPath: example + "/Sources/LibraryStore/" + name, toPath: directory + "/Sources/LibraryStore/" + name)
        }
        try fileManager.copyItem(
            atPath: EndToEndTests.packageRoot + "/SampleModels/Library.xcdatamodeld",
            toPath: directory + "/Sources/LibraryStore/Library.xcdatamodeld")
        try fileManager.createSymbolicLink(
            atPath: directory + "/openmomc", withDestinationPath: EndToEndTests.packageRoot)
        return directory
    }

    static let modelStep = "Compiling Core Data model Library.xcdatamodeld"

    /// SwiftPM 6.3 relinks a plugin's tool once more on the build after a clean one (its plugin-tools plan and
    /// the main plan both write the tool's link file list), and a build command reruns when its tool changes.
    /// One build absorbs that; the builds after it show the plugin's own incrementality.
    static func settle(_ directory: String, scratch: String) throws {
        #expect(try swift(["build"], in: directory, scratch: scratch).status == 0)
    }

    @Test func theExampleBuildsOnceAndPassesItsTests() throws {
        let first = try Self.swift(["build"], in: Self.example, scratch: Self.scratch)
        #expect(first.status == 0, "\(first.output.suffix(3000))")
        // A user's build prints no warning that openmomc causes (its plugins and sources compile cleanly).
        let warnings = first.output.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.isEmpty, "\(warnings.prefix(5))")
        try Self.settle(Self.example, scratch: Self.scratch)
        let again = try Self.swift(["build"], in: Self.example, scratch: Self.scratch)
        #expect(
            again.status == 0 && !again.output.contains(Self.modelStep), "a build without changes runs no model command"
        )
        let tests = try Self.swift(["test"], in: Self.example, scratch: Self.scratch)
        #expect(tests.status == 0, "\(tests.output.suffix(3000))")
        #expect(tests.output.contains("Test run with 4 tests"), "\(tests.output.suffix(2000))")
    }

    /// On a scratch copy (with its own build folder: SwiftPM does not share one between packages).
    @Test func changesToTheModelRerunItAndFaultsFailTheBuildAtTheirFile() throws {
        let copy = try Self.scratchCopy()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let scratch = copy + "/.build"
        let model = copy + "/Sources/LibraryStore/Library.xcdatamodeld"
        let built = try Self.swift(["build"], in: copy, scratch: scratch)
        #expect(built.status == 0 && built.output.contains(Self.modelStep), "\(built.output.suffix(2000))")
        // A fresh build compiles openmomc's plugins too: none of it may warn.
        #expect(
            !built.output.contains("warning:"),
            "\(built.output.split(separator: "\n").filter { $0.contains("warning:") }.prefix(5))")
        try Self.settle(copy, scratch: scratch)
        #expect(!(try Self.swift(["build"], in: copy, scratch: scratch)).output.contains(Self.modelStep))
        try FileManager.default.setAttributes(
            [.modificationDate: Date()], ofItemAtPath: copy + "/Sources/LibraryStore/LibraryStore.swift")
        #expect(
            !(try Self.swift(["build"], in: copy, scratch: scratch)).output.contains(Self.modelStep),
            "editing the target's Swift does not rerun the model command")
        try FileManager.default.setAttributes(
            [.modificationDate: Date()], ofItemAtPath: model + "/Library 3.xcdatamodel/contents")
        let touched = try Self.swift(["build"], in: copy, scratch: scratch)
        #expect(
            touched.status == 0 && touched.output.contains(Self.modelStep),
            "touching a version's contents reruns the model command")

        func editing(_ file: String, _ old: String, _ new: String, expect message: String) throws {
            let original = try String(contentsOfFile: model + "/" + file, encoding: .utf8)
            defer { try? original.write(toFile: model + "/" + file, atomically: true, encoding: .utf8) }
            try original.replacingOccurrences(of: old, with: new).write(
                toFile: model + "/" + file, atomically: true, encoding: .utf8)
            let result = try Self.swift(["build"], in: copy, scratch: scratch)
            #expect(result.status != 0, "\(file) edit did not fail the build")
            #expect(result.output.contains(message), "\(result.output.suffix(3000))")
        }
        try editing(
            "Library 2.xcdatamodel/contents", #"name="issue" attributeType="Integer 32""#,
            #"name="issue" attributeType="Integer 64""#,
            expect: "Library 2.xcdatamodel/contents:21:9: error: shipped version 'Library 2' was edited")
        // The fix names the command plugin the package has, not an openmomc its users do not.
        try editing(
            "Library 2.xcdatamodel/contents", #"name="issue" attributeType="Integer 32""#,
            #"name="issue" attributeType="Integer 64""#,
            expect: "run `swift package --allow-writing-to-package-directory new-model-version --model "
                + "Sources/LibraryStore/Library.xcdatamodeld`")
        try editing(
            ".xccurrentversion", "Library 3.xcdatamodel", "Library 2.xcdatamodel",
            expect: ".xccurrentversion:6:2: error: the current version is 'Library 2' but 'Library 3' is newer")
        #expect(
            try Self.swift(["build"], in: copy, scratch: scratch).status == 0,
            "restoring the model makes the build pass again")

        // The mapping model: touching it recompiles its .cdm and reruns the guard of the models.
        try FileManager.default.setAttributes(
            [.modificationDate: Date()],
            ofItemAtPath: copy + "/Sources/LibraryStore/NotesToNotes2.xcmappingmodel/xcmapping.xml")
        let remapped = try Self.swift(["build"], in: copy, scratch: scratch)
        #expect(
            remapped.status == 0
                && remapped.output.contains("Compiling Core Data mapping model NotesToNotes2.xcmappingmodel")
                && remapped.output.contains("Compiling Core Data model Notes.xcdatamodeld"),
            "\(remapped.output.suffix(2000))")

        // The command plugins, with the permission SwiftPM asks for (the target has two models: each names one).
        let library = ["--model", "Sources/LibraryStore/Library.xcdatamodeld"]
        let created = try Self.swift(
            ["package", "--allow-writing-to-package-directory", "new-model-version"] + library,
            in: copy, scratch: scratch)
        #expect(
            created.output.contains("created 'Library 4' from 'Library 3' and made it the current version"),
            "\(created.output.suffix(2000))")
        let marked = try Self.swift(
            ["package", "--allow-writing-to-package-directory", "mark-shipped", "--version", "Library 3"]
                + library, in: copy, scratch: scratch)
        #expect(marked.output.contains("marked 'Library 3' shipped"), "\(marked.output.suffix(2000))")
        let record = try String(contentsOfFile: model + "/ShippedVersions.json", encoding: .utf8)
        #expect(record.contains("\"Library 3\" : {"))
        #expect(try Self.swift(["build"], in: copy, scratch: scratch).status == 0)

        // A retirement in the version being edited drops data: with versions shipped it fails the build, until the
        // team acknowledges it.
        let current = model + "/Library 4.xcdatamodel/contents"
        let contents = try String(contentsOfFile: current, encoding: .utf8)
        try contents.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains(#"name="born""#) }
            .joined(separator: "\n").write(toFile: current, atomically: true, encoding: .utf8)
        let retired = try Self.swift(["build"], in: copy, scratch: scratch)
        #expect(
            retired.status != 0
                && retired.output.contains("error: 'Author.born' is removed: column ZBORN of every Author row"),
            "\(retired.output.suffix(2000))")
        try Self.rootConfigurationIsReadByBothTheBuildAndTheCommandLine(copy, scratch: scratch)
        let acknowledged = try Self.swift(
            [
                "package", "--allow-writing-to-package-directory", "acknowledge-change",
                "Author.born", "--reason", "birth dates are no longer collected",
            ] + library,
            in: copy, scratch: scratch)
        #expect(
            acknowledged.output.contains("acknowledged that 'Author.born' drops its data"),
            "\(acknowledged.output.suffix(2000))")
        let quiet = try Self.swift(["build"], in: copy, scratch: scratch)
        #expect(quiet.status == 0 && !quiet.output.contains("Author.born"), "\(quiet.output.suffix(2000))")
    }

    /// The `openmomc.json` at the package root (none nearer the model) is the one the plugin passes and the one
    /// `openmomc check` finds for the same bundle: a severity it sets changes both the same way.
    static func rootConfigurationIsReadByBothTheBuildAndTheCommandLine(_ copy: String, scratch: String) throws {
        let manager = FileManager.default
        try manager.removeItem(atPath: copy + "/Sources/LibraryStore/openmomc.json")
        let manifest = copy + "/Package.swift"
        try String(contentsOfFile: manifest, encoding: .utf8).replacingOccurrences(
            of: #", "openmomc.json"]"#, with: "]"
        )
        .write(toFile: manifest, atomically: true, encoding: .utf8)
        let root = copy + "/openmomc.json"
        try #"{"style": "xcode", "diagnostics": {"migration-data-dropped": "warning"}}"#
            .write(toFile: root, atomically: true, encoding: .utf8)
        let built = try swift(["build"], in: copy, scratch: scratch)
        #expect(
            built.status == 0 && built.output.contains("warning: 'Author.born' is removed"),
            "\(built.output.suffix(2000))")
        let checked = try Program.run(
            [EndToEndTests.executable, "check", "Sources/LibraryStore/Library.xcdatamodeld"], in: copy)
        #expect(
            checked.status == 0 && checked.output.contains("warning: 'Author.born' is removed")
                && checked.output.contains("settings from \(root)"), "\(checked.output)")
        // Without the setting, both fail again: the build reran because the file changed.
        try #"{"style": "xcode"}"#.write(toFile: root, atomically: true, encoding: .utf8)
        #expect(try swift(["build"], in: copy, scratch: scratch).status != 0)
        #expect(
            try Program.run([EndToEndTests.executable, "check", "Sources/LibraryStore/Library.xcdatamodeld"], in: copy)
                .status == 1)
    }
}
