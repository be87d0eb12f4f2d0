import Foundation
@testable import ModelCompiler
import Testing

/// `compile`, `hashes` and `dump` as a user runs them.
@Suite struct CompileEndToEndTests {
    let tool = EndToEndTests()

    @Test func compileWritesTheMomdAndHashesReadItBack() throws {
        let output = NSTemporaryDirectory() + "openmomc-e2e-out-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: output) }
        let compiled = try tool.run("compile", "SampleModels/Library.xcdatamodeld", output)
        #expect(compiled.status == 0, "\(compiled.stderr)")
        #expect(compiled.stdout == "wrote \(output)/Library.momd\n")
        let fromSource = try tool.run("hashes", "SampleModels/Library.xcdatamodeld")
        let fromCompiled = try tool.run("hashes", output + "/Library.momd")
        #expect(fromSource.status == 0 && fromCompiled.status == 0)
        // The same checksums and entity hashes, whether computed from the XML or read from VersionInfo.plist.
        let strip = { (text: String) in
            text.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1).last.map(String.init) ?? "" }
        }
        #expect(
            strip(fromSource.stdout).filter { !$0.contains("Library") }
                == strip(fromCompiled.stdout).filter { !$0.contains("Library") })
        #expect(fromCompiled.stdout.contains("Library 3 (current)"))
        #expect(fromCompiled.stdout.contains("versionChecksum "))
        // Columns are labelled, once per version.
        #expect(fromSource.stdout.contains("Library.xcdatamodeld: version Library 3 (current)\n"))
        #expect(
            fromSource.stdout.split(separator: "\n").filter {
                $0.hasPrefix("  entity ") && $0.contains("versionHash (hex)")
            }.count == 3)

        let json = try tool.run("hashes", "--format", "json", output + "/Library.momd")
        let reports = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(reports.map { $0["version"] as? String } == ["Library", "Library 2", "Library 3"])
        let entities = try #require(reports.last?["entities"] as? [String: [String: String]])
        #expect(entities["Book"]?["hex"]?.count == 64 && entities["Book"]?["base64"]?.count == 44)
        // One name for the checksum in text and JSON; Xcode 14 and older recorded none (null).
        #expect(reports.allSatisfy { $0.keys.contains("versionChecksum") && !$0.keys.contains("checksum") })
    }

    /// A lone `.mom` records no hashes; they are computed from the model it holds, equal to the source's.
    @Test func hashesOfALoneMomEqualItsSourceVersions() throws {
        let output = NSTemporaryDirectory() + "openmomc-e2e-mom-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: output) }
        _ = try tool.run("compile", "SampleModels/Library.xcdatamodeld", output)
        for version in ["Library", "Library 2", "Library 3"] {
            let lone = try tool.run("hashes", output + "/Library.momd/\(version).mom")
            #expect(lone.status == 0, "\(lone.stderr)")
            let source = try tool.run("hashes", "SampleModels/Library.xcdatamodeld/\(version).xcdatamodel")
            let body = { (text: String) in text.split(separator: "\n").dropFirst().joined(separator: "\n") }
            #expect(!body(lone.stdout).isEmpty && body(lone.stdout) == body(source.stdout), "\(version)")
        }
        // Commands that read sources say what a compiled model is read by, instead of "not a model".
        for path in [output + "/Library.momd", output + "/Library.momd/Library.mom"] {
            let checked = try tool.run("check", path)
            #expect(checked.status == 2)
            #expect(
                checked.stderr.contains(
                    "a compiled model, not a source one: this command reads .xcdatamodeld and "
                        + ".xcdatamodel folders; `openmomc hashes` and `openmomc dump` read .momd and .mom [not-a-model]"
                ),
                "\(checked.stderr)")
        }
    }

    /// A damaged `.mom` (its model's entities point past its objects) is never printed as an empty model.
    @Test func hashesAndDumpOfADamagedMomExitNonZero() throws {
        let folder = NSTemporaryDirectory() + "openmomc-e2e-damaged-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let model = PropertyListValue.dictionary([("NSEntities", .uid(999)), ("$class", .uid(2))])
        let modelClass = PropertyListValue.dictionary([
            ("$classname", .string("NSManagedObjectModel")),
            ("$classes", .array([.string("NSManagedObjectModel"), .string("NSObject")])),
        ])
        let bytes = BinaryPropertyListWriter.data(
            for: .dictionary([
                ("$version", .integer(100_000)), ("$archiver", .string("NSKeyedArchiver")),
                ("$top", .dictionary([("root", .uid(1))])),
                ("$objects", .array([.string("$null"), model, modelClass])),
            ]))
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/Model.mom"))
        for verb in ["hashes", "dump"] {
            let run = try tool.run(verb, folder + "/Model.mom")
            #expect(run.status != 0, "\(verb): \(run.stdout)")
            #expect(
                run.stderr.contains(
                    "error: the compiled model is damaged: object 1's 'NSEntities' refers to object 999"),
                "\(verb): \(run.stderr)")
        }
        #expect(try tool.run("dump", folder + "/Model.mom").stdout.contains("damaged: object 1's 'NSEntities'"))
    }

    @Test func dumpShowsTheSameGraphForSourceAndCompiledModel() throws {
        let output = NSTemporaryDirectory() + "openmomc-e2e-dump-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: output) }
        _ = try tool.run("compile", "SampleModels/Library.xcdatamodeld", output)
        let compiled = try tool.run("dump", output + "/Library.momd")
        let source = try tool.run("dump", "SampleModels/Library.xcdatamodeld")
        #expect(compiled.status == 0 && source.status == 0)
        #expect(compiled.stdout == source.stdout)
        #expect(
            compiled.stdout.contains(
                "Library 3:root.NSEntities[Book].NSProperties[synopsis].NSRenamingIdentifier: string \"summary\""))
        let json = try tool.run("dump", "--format", "json", output + "/Library.momd/Library.mom")
        let lines = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: String]])
        #expect(lines.first == ["path": "root", "value": "NSManagedObjectModel"])
    }

    @Test func compileErrorsExitOneAndWriteNothing() throws {
        let output = NSTemporaryDirectory() + "openmomc-e2e-bad-" + UUID().uuidString
        let model = output + "/Bad.xcdatamodel"
        try FileManager.default.createDirectory(atPath: model, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: output) }
        try "<model><entity name=\"A\" parentEntity=\"B\"/></model>".write(
            toFile: model + "/contents", atomically: true, encoding: .utf8)
        let result = try tool.run("compile", model, output)
        #expect(result.status == 1)
        #expect(result.stderr.contains("[parent-entity-not-found]"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: output) == ["Bad.xcdatamodel"])
        // A missing output folder is created; a file where the folder should be is bad usage.
        let missingFolder = try tool.run("compile", "SampleModels/Library.xcdatamodeld", output + "/missing/deeper")
        #expect(
            missingFolder.status == 0 && FileManager.default.fileExists(atPath: output + "/missing/deeper/Library.momd")
        )
        let notAFolder = try tool.run("compile", "SampleModels/Library.xcdatamodeld", model + "/contents")
        #expect(notAFolder.status == 2 && notAFolder.stderr.contains("[output-not-a-folder]"))
        let usage = try tool.run("compile", "SampleModels/Library.xcdatamodeld")
        #expect(usage.status == 2)
        let notAMom = try tool.run("dump", model + "/contents.mom")
        #expect(notAMom.status == 2)
    }
}
