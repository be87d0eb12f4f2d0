import Foundation
import Testing
@testable import ModelCompiler

@Suite struct CompileTests {
    /// #50: `check` reads each model once, however often and however it is named (20,000 copies of a path took 35 s
    /// and 1.5 GB before).
    @Test func checkReadsEachModelOnce() {
        let sample = Fixtures.sampleBundle
        let spellings = Array(repeating: sample, count: 20_000) + [sample + "/", sample + "/../Library.xcdatamodeld"]
        let result = check(paths: spellings)
        #expect(result.bundles.count == 1 && !result.inputFailed, "\(result.bundles.count)")
        #expect(result.versionCount == 3)
    }

    private func files(in directory: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            result[name] = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
        }
        return result
    }

    @Test func sampleBundleCompilesToAMomdWithVersionInfo() throws {
        let output = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(output) }
        let result = compile(input: Fixtures.sampleBundle, outputDirectory: output)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.outputPath == output + "/Library.momd")
        let written = try files(in: output + "/Library.momd")
        #expect(Set(written.keys) == ["Library.mom", "Library 2.mom", "Library 3.mom", "VersionInfo.plist"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: output) == ["Library.momd"], "no temporary left behind")
        let info = try VersionInfo(propertyList: BinaryPropertyListReader.read([UInt8](written["VersionInfo.plist"]!)))
        #expect(info.currentVersionName == "Library 3")
        let (bundle, _) = checkBundle(at: Fixtures.sampleBundle)
        for model in try #require(bundle).models {
            let hashes = VersionHasher.hashes(for: model)
            #expect(info.versionHashes[model.versionName] == hashes.entityHashes)
            #expect(info.versionChecksums[model.versionName] == hashes.versionChecksum)
        }
        // Every .mom is an archive whose model holds the version's entities.
        let archive = try KeyedArchive(bytes: [UInt8](written["Library 3.mom"]!))
        let entities = ArchiveDump.lines(archive).filter { $0.value == "NSEntityDescription" }.map(\.path)
        #expect(entities == ["Author", "Book", "Item", "Magazine", "Shelf"].map { "root.NSEntities[\($0)]" })
    }

    @Test func checkedBundlesReleaseTheirElementTreesOnceTyped() throws {
        let (bundle, _) = checkBundle(at: Fixtures.sampleBundle)
        let checked = try #require(bundle)
        #expect(checked.models.count == 3)
        #expect(checked.source.versions.count == 3)
        #expect(
            checked.source.versions.allSatisfy { $0.root == nil },
            "typed trees are released to keep compile's peak down")
    }

    @Test func compilingTwiceGivesIdenticalBytes() throws {
        let first = try Fixtures.temporaryDirectory(), second = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(first); Fixtures.remove(second) }
        _ = compile(input: Fixtures.sampleBundle, outputDirectory: first)
        _ = compile(input: Fixtures.sampleBundle, outputDirectory: second)
        let a = try files(in: first + "/Library.momd"), b = try files(in: second + "/Library.momd")
        #expect(a.count == 4 && a == b)
    }

    @Test func standaloneVersionCompilesToAMom() throws {
        let output = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(output) }
        let result = compile(input: Fixtures.sampleBundle + "/Library 2.xcdatamodel", outputDirectory: output)
        #expect(result.outputPath == output + "/Library 2.mom")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output) == ["Library 2.mom"])
    }

    @Test func missingOrUnwritableOutputFailsCleanly() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        // A missing output folder is created with its parents, as compilers do.
        let missing = compile(input: Fixtures.sampleBundle, outputDirectory: directory + "/new/out")
        #expect(missing.diagnostics.isEmpty && missing.outputPath == directory + "/new/out/Library.momd")
        try "x".write(toFile: directory + "/file", atomically: true, encoding: .utf8)
        let notAFolder = compile(input: Fixtures.sampleBundle, outputDirectory: directory + "/file")
        #expect(notAFolder.diagnostics.codes == [.outputNotAFolder] && notAFolder.inputFailed)
        let below = compile(input: Fixtures.sampleBundle, outputDirectory: directory + "/file/out")
        #expect(below.diagnostics.codes == [.outputNotWritable] && below.outputPath == nil)
        #expect(below.diagnostics.first?.message == "cannot create the output folder: Not a directory")
        if geteuid() != 0 {
            let readOnly = directory + "/readonly"
            try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: false)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly)
            let result = compile(input: Fixtures.sampleBundle, outputDirectory: readOnly)
            #expect(result.diagnostics.codes == [.outputNotWritable])
            #expect(try FileManager.default.contentsOfDirectory(atPath: readOnly).isEmpty)
        }
    }

    @Test func aFailedCompileLeavesTheOldOutputUntouched() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let good = Fixtures.contents(
            #"<entity name="A"><attribute name="x" optional="YES" attributeType="String"/></entity>"#)
        let bundle = try Fixtures.writeBundle(in: directory, versions: [("Model", good)])
        let output = directory + "/out"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)
        #expect(compile(input: bundle, outputDirectory: output).outputPath != nil)
        let before = try files(in: output + "/Model.momd")
        try Fixtures.contents(#"<entity name="A" parentEntity="Missing"/>"#)
            .write(toFile: bundle + "/Model.xcdatamodel/contents", atomically: true, encoding: .utf8)
        let failed = compile(input: bundle, outputDirectory: output)
        #expect(failed.outputPath == nil && failed.diagnostics.hasErrors)
        #expect(try files(in: output + "/Model.momd") == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output) == ["Model.momd"])
    }

    @Test func aNewCompileReplacesTheOldOutput() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Fixtures.writeBundle(
            in: directory,
            versions: [
                ("Model", Fixtures.contents(#"<entity name="A"/>"#)),
                ("Model 2", Fixtures.contents(#"<entity name="B"/>"#)),
            ],
            currentVersion: Fixtures.pointerFile("Model 2.xcdatamodel"))
        _ = compile(input: bundle, outputDirectory: directory)
        try FileManager.default.removeItem(atPath: bundle + "/Model 2.xcdatamodel")
        try Fixtures.pointerFile("Model.xcdatamodel").write(
            toFile: bundle + "/.xccurrentversion", atomically: true, encoding: .utf8)
        _ = compile(input: bundle, outputDirectory: directory)
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: directory + "/Model.momd")) == [
                "Model.mom", "VersionInfo.plist",
            ])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [
                "Model.momd", "Model.xcdatamodeld",
            ])
    }

    @Test func bundleWithoutPointerHasNoCurrentVersionName() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let bundle = try Fixtures.writeBundle(in: directory, versions: [("Model", Fixtures.contents(""))])
        _ = compile(input: bundle, outputDirectory: directory)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/Model.momd/VersionInfo.plist")))
        let info = try VersionInfo(propertyList: BinaryPropertyListReader.read(bytes))
        #expect(info.currentVersionName == nil)
        #expect(info.versionHashes == ["Model": [:]])
    }

    @Test func minAndMaxValuesBecomeValidationPredicates() throws {
        let model = try Fixtures.model(
            """
            <entity name="A">
                <attribute name="n" optional="YES" attributeType="Integer 16" minValueString="1" maxValueString="9" usesScalarValueType="YES"/>
                <attribute name="s" optional="YES" attributeType="String" minValueString="2"/>
                <attribute name="d" optional="YES" attributeType="Date" maxDateTimeInterval="602395200"/>
            </entity>
            """)
        let archive = try KeyedArchive(bytes: ModelArchiver.momData(for: model))
        let lines = ArchiveDump.lines(archive).map(\.description)
        let n = "root.NSEntities[A].NSProperties[n]"
        #expect(lines.contains("\(n)._P: inline int 195"))  // 0x10 and 0x20 cleared: validation present
        #expect(lines.contains("\(n).NSValidationPredicates[0].NSPredicateOperator.NSOperatorType: inline int 3"))
        #expect(lines.contains("\(n).NSValidationPredicates[1].NSRightExpression.NSConstantValue: int 9"))
        #expect(lines.contains("\(n).NSValidationWarnings[0]: int 1620"))
        #expect(
            lines.contains(
                "root.NSEntities[A].NSProperties[s].NSValidationPredicates[0].NSLeftExpression.NSArguments[0].NSKeyPath: string \"length\""
            ))
        #expect(lines.contains("root.NSEntities[A].NSProperties[d].NSValidationWarnings[0]: int 1630"))
    }

    /// Older Xcode writes transient attributes without `attributeType`; Apple's momc compiled them as Undefined
    /// (spec §4.5, VERIFIED on a 2016 model: type 0, value class `$null`, `_P` 251), and hashes them that way.
    @Test func untypedTransientAttributesCompileAsUndefined() throws {
        let body = #"""
            <entity name="A" representedClassName="A" syncable="YES">
                <attribute name="remoteIdentifier" optional="YES" transient="YES" syncable="YES"/>
                <attribute name="name" optional="YES" attributeType="String" syncable="YES"/>
            </entity>
            """#
        let model = try Fixtures.model(body)
        #expect(Fixtures.diagnostics(forBody: body).filter { $0.severity != .note }.isEmpty)
        #expect(model.entities[0].attributes[0].type == .undefined)
        let lines = ArchiveDump.lines(try KeyedArchive(bytes: ModelArchiver.momData(for: model))).map(\.description)
        let attribute = "root.NSEntities[A].NSProperties[remoteIdentifier]"
        #expect(lines.contains("\(attribute).NSAttributeType: inline int 0"))
        #expect(lines.contains("\(attribute).NSAttributeValueClassName: nil"))
        #expect(lines.contains("\(attribute)._P: inline int 251"))
        let explicit = try Fixtures.model(
            body.replacingOccurrences(
                of: #"transient="YES""#,
                with: #"transient="YES" attributeType="Undefined""#))
        #expect(VersionHasher.hashes(for: model) == VersionHasher.hashes(for: explicit))
        #expect(
            VersionHasher.hashes(for: model)
                != VersionHasher.hashes(
                    for: try Fixtures.model(
                        body.replacingOccurrences(
                            of: #"transient="YES""#, with: #"transient="YES" attributeType="String""#))))
    }

    /// Facts VERIFIED on an Apple archive from Xcode 26.3 (spec §4.3-4.5).
    @Test func xcode26ArchiveFacts() throws {
        let model = try Fixtures.model(
            #"""
            <entity name="A" syncable="YES">
                <attribute name="blob" optional="YES" attributeType="Binary" storedInTruthFile="YES"/>
                <attribute name="value" optional="YES" attributeType="Transformable" valueTransformerName=""/>
            </entity>
            """#)
        let lines = ArchiveDump.lines(try KeyedArchive(bytes: ModelArchiver.momData(for: model))).map(\.description)
        #expect(lines.contains("root.NSEntities[A].NSClassNameForEntity: nil"))
        #expect(lines.contains("root.NSEntities[A].NSProperties[blob].NSIsStoredInTruth: inline bool true"))
        #expect(lines.contains("root.NSEntities[A].NSProperties[value].NSValueTransformerName: string \"\""))
    }

}
