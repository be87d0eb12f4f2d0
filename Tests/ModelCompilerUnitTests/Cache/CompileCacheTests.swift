import Foundation
import Testing
@testable import ModelCompiler

/// The compile cache may only save time: whatever is in it, the output is the bytes a compile without it writes.
@Suite struct CompileCacheTests {
    static let versions = ["Library", "Library 2", "Library 3"]

    /// A copy of the sample bundle, a cache folder and an output folder, in a fresh directory.
    struct Setup {
        let directory: String
        var bundle: String { directory + "/Library.xcdatamodeld" }
        var cacheFolder: String { directory + "/cache" }

        init() throws {
            directory = try Fixtures.temporaryDirectory()
            try FileManager.default.copyItem(atPath: Fixtures.sampleBundle, toPath: directory + "/Library.xcdatamodeld")
        }

        func cache(tool: String? = "openmomc test") -> CompileCache { CompileCache(directory: cacheFolder, tool: tool) }

        /// Compiles into a new folder; returns every output file's bytes by name and the versions archived.
        func compile(cache: CompileCache?) throws -> (files: [String: [UInt8]], archived: [String]) {
            let output = directory + "/out-" + UUID().uuidString
            let trace = StageTrace()
            let result = StageTrace.$current.withValue(trace) {
                ModelCompiler.compile(input: bundle, outputDirectory: output, cache: cache)
            }
            #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
            let momd = output + "/Library.momd"
            var files: [String: [UInt8]] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: momd) {
                files[name] = try [UInt8](Data(contentsOf: URL(fileURLWithPath: momd + "/" + name)))
            }
            let archived = trace.recorded.filter { $0.key.hasPrefix("archived ") }
            // A version the cache lacks is archived once, in its own job or at output, never in both.
            #expect(archived.values.allSatisfy { $0 == 1 }, "\(archived)")
            return (files, archived.keys.map { String($0.dropFirst(9)) }.sorted())
        }

        var entries: [String] {
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: cacheFolder)) ?? []
            return folders.flatMap { folder in
                ((try? FileManager.default.contentsOfDirectory(atPath: cacheFolder + "/" + folder)) ?? [])
                    .map { cacheFolder + "/" + folder + "/" + $0 }
            }.sorted()
        }

        func edit(_ version: String, _ change: (String) -> String) throws {
            let path = bundle + "/" + version + ".xcdatamodel/contents"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            try change(text).write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    @Test func aWarmCacheArchivesNothingAndWritesTheSameBytes() throws {
        let setup = try Setup()
        defer { Fixtures.remove(setup.directory) }
        let plain = try setup.compile(cache: nil)
        let cold = try setup.compile(cache: setup.cache())
        #expect(cold.archived == Self.versions)
        #expect(setup.entries.count == 3)
        let warm = try setup.compile(cache: setup.cache())
        #expect(warm.archived.isEmpty)
        #expect(cold.files == plain.files)
        #expect(warm.files == plain.files)
        #expect(plain.files.count == 4)
    }

    @Test func anEditedVersionAloneIsArchivedAgain() throws {
        let setup = try Setup()
        defer { Fixtures.remove(setup.directory) }
        _ = try setup.compile(cache: setup.cache())
        try setup.edit("Library 3") { text in
            let close = text.range(of: "</entity>")!
            return text.replacingCharacters(
                in: close,
                with: "<attribute name=\"cacheProbe\" optional=\"YES\" "
                    + "attributeType=\"String\"/></entity>")
        }
        let edited = try setup.compile(cache: setup.cache())
        #expect(edited.archived == ["Library 3"])
        #expect(edited.files == (try setup.compile(cache: nil)).files)
        // Touching the file without changing a byte keeps the entry: only the bytes count.
        try setup.edit("Library 3") { $0 }
        #expect((try setup.compile(cache: setup.cache())).archived.isEmpty)
    }

    @Test func damagedEntriesAreIgnoredAndReplaced() throws {
        let setup = try Setup()
        defer { Fixtures.remove(setup.directory) }
        let plain = try setup.compile(cache: nil)
        _ = try setup.compile(cache: setup.cache())
        let entries = setup.entries
        try #require(entries.count == 3)
        // One byte changed far into the .mom, one file cut in half, one replaced by something else entirely.
        var first = try [UInt8](Data(contentsOf: URL(fileURLWithPath: entries[0])))
        first[first.count - 100] ^= 0x01
        try Data(first).write(to: URL(fileURLWithPath: entries[0]))
        let second = try Data(contentsOf: URL(fileURLWithPath: entries[1]))
        try second.prefix(second.count / 2).write(to: URL(fileURLWithPath: entries[1]))
        try Data("not an entry".utf8).write(to: URL(fileURLWithPath: entries[2]))
        let rebuilt = try setup.compile(cache: setup.cache())
        #expect(rebuilt.archived == Self.versions)
        #expect(rebuilt.files == plain.files)
        let again = try setup.compile(cache: setup.cache())
        #expect(again.archived.isEmpty)
        #expect(again.files == plain.files)
    }

    @Test func everyOneByteChangeOfAnEntryIsNoticed() throws {
        let model = try Fixtures.model(
            """
            <entity name="Item" representedClassName="Item"><attribute name="title" attributeType="String"/></entity>
            """)
        let input = Array("contents".utf8)
        let entry = CompileCache.Entry(
            mom: ModelArchiver.momData(for: model), hashes: VersionHasher.hashes(for: model),
            findings: Self.findings)
        let bytes = CompileCache.encode(entry, tool: "t", version: "V", file: "f", input: input)
        let decoded = try #require(CompileCache.decode(bytes, tool: "t", version: "V", file: "f", input: input))
        #expect(decoded.mom == entry.mom && decoded.everyHash == entry.hashes && decoded.findings == Self.findings)
        let unnoticed = bytes.indices.filter { offset in
            var damaged = bytes
            damaged[offset] ^= 0x20
            return CompileCache.decode(damaged, tool: "t", version: "V", file: "f", input: input) != nil
        }
        #expect(unnoticed.isEmpty, "changes at these offsets of \(bytes.count) went unnoticed: \(unnoticed.prefix(10))")
        for count in [0, 1, CompileCache.magic.count, CompileCache.magic.count + 4, bytes.count - 1] {
            #expect(
                CompileCache.decode(Array(bytes.prefix(count)), tool: "t", version: "V", file: "f", input: input) == nil
            )
        }
        #expect(CompileCache.decode(bytes + [0], tool: "t", version: "V", file: "f", input: input) == nil)
    }

    @Test func anEntryIsForItsOwnInputVersionAndTool() throws {
        let model = try Fixtures.model("<entity name=\"Item\" representedClassName=\"Item\"/>")
        let entry = CompileCache.Entry(mom: ModelArchiver.momData(for: model), hashes: VersionHasher.hashes(for: model))
        let bytes = CompileCache.encode(entry, tool: "openmomc 1", version: "V", file: "f", input: [1, 2, 3])
        #expect(CompileCache.decode(bytes, tool: "openmomc 1", version: "V", file: "f", input: [1, 2, 3]) != nil)
        #expect(CompileCache.decode(bytes, tool: "openmomc 2", version: "V", file: "f", input: [1, 2, 3]) == nil)
        #expect(CompileCache.decode(bytes, tool: "openmomc 1", version: "W", file: "f", input: [1, 2, 3]) == nil)
        // Its findings point at the file it was read from: another path is another entry.
        #expect(CompileCache.decode(bytes, tool: "openmomc 1", version: "V", file: "g", input: [1, 2, 3]) == nil)
        #expect(CompileCache.decode(bytes, tool: "openmomc 1", version: "V", file: "f", input: [1, 2, 4]) == nil)
        #expect(CompileCache.decode(bytes, tool: "openmomc 1", version: "V", file: "f", input: [1, 2, 3, 4]) == nil)
    }

    /// Findings of every shape an entry keeps: a place in an archive, one without a column, a migration finding's
    /// versions and subjects, text beyond ASCII.
    static let findings: [Diagnostic] = {
        var migration = Diagnostic.warning(
            .migrationDataDropped, "'A.b' is removed", at: SourceLocation(file: "f", line: 7))
        migration.upgradingFrom = ["V1", "V2"]
        migration.subjects = ["A.b"]
        return [
            .warning(
                .missingInverse, "A.r should have an inverse — «r»", at: SourceLocation(file: "f", line: 3, column: 5)),
            .note(.renamingIdentifierSpelling, "", at: SourceLocation(file: "f", element: "A.r")),
            migration,
        ]
    }()

    /// A code this openmomc does not report, or a severity it does not know, makes the entry unsound even when its
    /// checksum holds (another build of the cache's format, or a hand-made file).
    @Test func anEntryWithAFindingThisOpenmomcWouldNotWriteIsIgnored() throws {
        let model = try Fixtures.model("<entity name=\"Item\" representedClassName=\"Item\"/>")
        for unknown in [
            Diagnostic.warning("no-such-code", "m", at: SourceLocation(file: "f")),
            Diagnostic(Severity.warning, .missingInverse, "m", at: SourceLocation(file: "f")),
        ] {
            let entry = CompileCache.Entry(
                mom: ModelArchiver.momData(for: model),
                hashes: VersionHasher.hashes(for: model), findings: [unknown])
            var bytes = CompileCache.encode(entry, tool: "t", version: "V", file: "f", input: [1])
            if unknown.code == .missingInverse {
                // The checksum steps over the input's copy: after the format and three strings (each after its
                // 8-byte length), the input's length, then its one byte.
                func sealed(_ bytes: [UInt8]) -> [UInt8] {
                    var bytes = bytes
                    let payload = Array(bytes[(CompileCache.magic.count + 4)...])
                    let inputStart = 8 + (8 + 1) * 3 + 8
                    let sum = CompileCache.checksum([payload[..<inputStart], payload[(inputStart + 1)...]])
                    for index in 0..<4 {
                        bytes[CompileCache.magic.count + index] = UInt8(truncatingIfNeeded: sum >> (24 - 8 * index))
                    }
                    return bytes
                }
                #expect(sealed(bytes) == bytes)
                // "warning" -> "wArning", checksum made good again: only the severity is wrong.
                let at = try #require(
                    bytes.indices.first { Array(bytes[$0..<min($0 + 7, bytes.count)]) == Array("warning".utf8) })
                bytes[at + 1] = UInt8(ascii: "A")
                bytes = sealed(bytes)
            }
            #expect(CompileCache.decode(bytes, tool: "t", version: "V", file: "f", input: [1]) == nil)
        }
    }

    /// A version the cache has is not validated again: its warnings come from the entry, the same as a run without
    /// the cache reports them, and an edited version is validated afresh.
    @Test func aCachedVersionsWarningsAreThoseOfAFreshRun() throws {
        let setup = try Setup()
        defer { Fixtures.remove(setup.directory) }
        // Without the shipped record, an older version may have warnings of its own too.
        try FileManager.default.removeItem(atPath: setup.bundle + "/ShippedVersions.json")
        for version in ["Library 2", "Library 3"] {
            try setup.edit(version) { text in
                let close = text.range(of: "</entity>")!
                return text.replacingCharacters(
                    in: close,
                    with: "<relationship name=\"probe\" optional=\"YES\" "
                        + "maxCount=\"1\" deletionRule=\"Nullify\" destinationEntity=\"Shelf\"/></entity>")
            }
        }
        func run(_ cache: CompileCache?) -> (diagnostics: [Diagnostic], validated: [String]) {
            let trace = StageTrace()
            let result = StageTrace.$current.withValue(trace) {
                ModelCompiler.compile(input: setup.bundle, outputDirectory: setup.directory + "/out", cache: cache)
            }
            let validated = trace.recorded.keys.filter { $0.hasPrefix("validated ") }.map { String($0.dropFirst(10)) }
            return (result.diagnostics, validated.sorted())
        }
        let plain = run(nil)
        // The current version's warning in full, the older one's counted in a note.
        #expect(
            plain.diagnostics.map(\.code).filter { [.missingInverse, .frozenVersionFindings].contains($0) }
                == [.frozenVersionFindings, .missingInverse], "\(plain.diagnostics)")
        let cold = run(setup.cache())
        #expect(cold.validated == Self.versions)
        let warm = run(setup.cache())
        #expect(warm.validated.isEmpty)
        #expect(warm.diagnostics == plain.diagnostics)
        #expect(cold.diagnostics == plain.diagnostics)
        try setup.edit("Library 3") { $0.replacingOccurrences(of: "name=\"probe\"", with: "name=\"probe2\"") }
        let edited = run(setup.cache())
        #expect(edited.validated == ["Library 3"])
        #expect(edited.diagnostics == run(nil).diagnostics)
    }

    /// A version the cache has is neither parsed nor typed again: its entry holds the typed model and what typing
    /// found. The findings, the compiled files and the generated code are those of a run without the cache.
    @Test func aCachedVersionIsNeitherParsedNorTypedAgain() throws {
        let setup = try Setup()
        defer { Fixtures.remove(setup.directory) }
        try FileManager.default.removeItem(atPath: setup.bundle + "/ShippedVersions.json")
        // An attribute typing does not know: a warning of the typing stage, in every version.
        for version in Self.versions {
            try setup.edit(version) {
                $0.replacingOccurrences(of: "<entity name=\"Shelf\"", with: "<entity cacheProbe=\"1\" name=\"Shelf\"")
            }
        }
        func run(_ cache: CompileCache?) throws -> (diagnostics: [Diagnostic], typed: [String], code: [String]) {
            let trace = StageTrace()
            let output = setup.directory + "/out-" + UUID().uuidString
            let result = StageTrace.$current.withValue(trace) {
                ModelCompiler.build(input: setup.bundle, outputDirectory: output, cache: cache)
            }
            let code = try result.written.filter { $0.hasSuffix(".swift") }.sorted()
                .map { try String(contentsOfFile: $0, encoding: .utf8) }
            let typed = trace.recorded.keys.filter { $0.hasPrefix("read ") || $0.hasPrefix("typed ") }
            return (result.diagnostics, typed.sorted(), code)
        }
        let plain = try run(nil)
        #expect(plain.diagnostics.filter { $0.code == .unknownXMLAttribute }.count == 1, "\(plain.diagnostics)")
        #expect(!plain.code.isEmpty)
        let cold = try run(setup.cache())
        #expect(cold.typed.count == 6)
        let warm = try run(setup.cache())
        #expect(warm.typed.isEmpty)
        #expect(warm.diagnostics == plain.diagnostics && warm.code == plain.code)
        try setup.edit("Library 3") { $0.replacingOccurrences(of: "cacheProbe=\"1\"", with: "cacheProbe=\"2\"") }
        let edited = try run(setup.cache())
        #expect(edited.typed == ["read Library 3", "typed Library 3"])
        #expect(edited.diagnostics == (try run(nil)).diagnostics && edited.code == plain.code)
    }

    /// An entry's typed model is checked like the rest of it: one that does not read back whole is not used.
    @Test func anEntryWhoseModelDoesNotReadBackIsIgnored() throws {
        let text = Fixtures.contents("<entity name=\"Item\" representedClassName=\"Item\"/>")
        let input = Array(text.utf8)
        let root = try XMLDocumentReader.parse(bytes: input, file: "f").get()
        let model = try #require(ModelBuilder.build(root, versionName: "V", file: "f").0)
        let typing = [Diagnostic.warning(.unknownXMLAttribute, "typing", at: SourceLocation(file: "f", line: 3))]
        let entry = CompileCache.Entry(
            mom: ModelArchiver.momData(for: model), hashes: VersionHasher.hashes(for: model),
            typed: .init(model: model, findings: typing))
        let bytes = CompileCache.encode(entry, tool: "t", version: "V", file: "f", input: input)
        let read = try #require(CompileCache.decode(bytes, tool: "t", version: "V", file: "f", input: input))
        #expect(read.typed?.model.entities.map(\.name) == ["Item"] && read.typed?.findings == typing)
        #expect(read.typed?.model.entities.first?.location == model.entities.first?.location)
        // Another version's name inside the model (written by no openmomc, checksum made to match) is refused.
        let other = try #require(ModelBuilder.build(root, versionName: "W", file: "f").0)
        let mismatched = CompileCache.Entry(
            mom: entry.mom, hashes: entry.hashes,
            typed: .init(model: other, findings: []))
        #expect(
            CompileCache.decode(
                CompileCache.encode(mismatched, tool: "t", version: "V", file: "f", input: input),
                tool: "t", version: "V", file: "f", input: input) == nil)
    }

    /// A version from the cache is not hashed again: its entry holds its hashes, read back to the level the run needs
    /// (every property's only for a shipped record's fingerprints). Only an edited version is hashed.
    @Test func aCachedVersionIsNotHashedAgain() throws {
        let setup = try Setup()
        defer { Fixtures.remove(setup.directory) }
        func hashed(_ run: () -> Void) -> [String] {
            let trace = StageTrace()
            StageTrace.$current.withValue(trace) { run() }
            return trace.recorded.keys.filter { $0.hasPrefix("hashed ") }.map { String($0.dropFirst(7)) }.sorted()
        }
        let out = setup.directory + "/out"
        let compile = { _ = ModelCompiler.compile(input: setup.bundle, outputDirectory: out, cache: setup.cache()) }
        let build = { _ = ModelCompiler.build(input: setup.bundle, outputDirectory: out, cache: setup.cache()) }
        // The sample has a shipped record: its fingerprints need every property's hash, read back from the entries.
        #expect(hashed(compile) == Self.versions)
        #expect(hashed(compile).isEmpty)
        #expect(hashed(build).isEmpty)
        try FileManager.default.removeItem(atPath: setup.bundle + "/ShippedVersions.json")
        #expect(hashed(compile).isEmpty)
        #expect(hashed(build).isEmpty)
        try setup.edit("Library 3") { $0 + "\n<!-- edited -->\n" }
        #expect(hashed(build) == ["Library 3"])
        #expect(hashed(compile).isEmpty)
        let plain = try setup.compile(cache: nil).files
        #expect(try setup.compile(cache: setup.cache()).files == plain)
    }

    /// An entry's property hashes are stepped over when it is read (checked whole all the same) and read when a
    /// stage asks: a build without a shipped record never does.
    @Test func propertyHashesAreReadBackWhenAsked() throws {
        let model = try Fixtures.model(
            """
            <entity name="Item" representedClassName="Item"><attribute name="title" attributeType="String"/></entity>
            <entity name="Tag" representedClassName="Tag"><attribute name="name" attributeType="String"/></entity>
            """)
        let hashes = VersionHasher.hashes(for: model)
        let entry = CompileCache.Entry(mom: ModelArchiver.momData(for: model), hashes: hashes, findings: Self.findings)
        let bytes = CompileCache.encode(entry, tool: "t", version: "V", file: "f", input: [1])
        let read = try #require(CompileCache.decode(bytes, tool: "t", version: "V", file: "f", input: [1]))
        #expect(read.hashes.propertyHashes.isEmpty && !read.storedPropertyHashes.isEmpty)
        #expect(read.hashes.entityHashes == hashes.entityHashes && read.hashes.versionHash == hashes.versionHash)
        #expect(read.everyHash == hashes && read.everyHash?.propertyHashes["Tag"]?["name"] != nil)
        #expect(read.mom == entry.mom && read.findings == Self.findings)
        for count in [read.storedPropertyHashes.count - 1, read.storedPropertyHashes.count / 2] {
            #expect(CompileCache.propertyHashes(Array(read.storedPropertyHashes.prefix(count))) == nil)
        }
    }
}

extension CompileCache.Entry {
    /// Every hash of an entry read back, as a restored version would have them.
    fileprivate var everyHash: VersionHashes? {
        known.propertyHashes().map {
            VersionHashes(entityHashes: hashes.entityHashes, propertyHashes: $0, versionHash: hashes.versionHash)
        }
    }
}
