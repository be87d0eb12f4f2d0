import CSQLite
import Foundation
import Testing
@testable import ModelCompiler

/// Reading a store: every bad file is one clean diagnostic, never a crash; the user's files never change.
@Suite struct StoreReaderTests {
    static let model = """
        <entity name="Author" representedClassName="Author">
            <attribute name="name" optional="YES" attributeType="String"/>
            <relationship name="books" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Book" inverseName="author" inverseEntity="Book"/>
        </entity>
        <entity name="Book" representedClassName="Book">
            <attribute name="title" optional="YES" attributeType="String"/>
            <relationship name="author" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Author" inverseName="books" inverseEntity="Author"/>
        </entity>
        <entity name="Novel" representedClassName="Novel" parentEntity="Book">
            <attribute name="genre" optional="YES" attributeType="String"/>
        </entity>
        """

    static func version(_ body: String = model, name: String = "Test") throws -> CompiledVersion {
        var model = try Fixtures.model(body)
        model.versionName = name
        return VersionCompiler.compile(model)
    }

    /// Reads `fixture` written into a fresh folder, checks that the folder is byte for byte the same afterwards
    /// (no `-shm`, no checkpoint), and returns what was read.
    static func read(
        _ fixture: StoreFixture, walOnly: Bool = false, name: String = "App.sqlite"
    )
        throws -> (CoreDataStore?, [Diagnostic])
    {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        try fixture.write(to: directory + "/" + name, walOnly: walOnly)
        return try readUnchanged(directory + "/" + name)
    }

    static func readUnchanged(_ path: String) throws -> (CoreDataStore?, [Diagnostic]) {
        let folder = (path as NSString).deletingLastPathComponent
        let before = try StoreFixture.fingerprint(folder)
        let read = StoreReader.read(path)
        #expect(try StoreFixture.fingerprint(folder) == before, "reading changed the store's folder")
        return read
    }

    @Test func readsMetadataPrimaryKeysRowCountsAndTheModelCache() throws {
        let version = try Self.version()
        let (store, diagnostics) = try Self.read(StoreFixture(writtenBy: version, rows: 3))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let read = try #require(store)
        #expect(read.metadata.entityHashes == version.hashes.entityHashes)
        #expect(read.metadata.frameworkVersion == 1333 && read.metadata.storeType == "SQLite")
        #expect(read.metadata.uuid == "6C0D5A2E-7F3B-4E65-9B0A-1D2E3F405162")
        #expect(read.metadata.versionIdentifiers.isEmpty, "[\"\"] means none")
        #expect(read.metadata.checksum == version.versionChecksum, "the store's checksum is momc's versionChecksum")
        #expect(read.primaryKeys.map(\.name) == ["Author", "Book", "Novel"])
        #expect(read.primaryKeys.map(\.superNumber) == [0, 0, 2])
        #expect(
            read.rowCounts == ["Author": 3, "Book": 3, "Novel": 3], "Novel's rows live in ZBOOK, told apart by Z_ENT")
        let cache = try #require(read.modelCache)
        #expect(VersionHasher.hashes(for: cache).entityHashes == version.hashes.entityHashes)
    }

    @Test func rowsThatLiveOnlyInTheWALAreRead() throws {
        let (store, diagnostics) = try Self.read(StoreFixture(writtenBy: try Self.version(), rows: 2), walOnly: true)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(store?.rowCounts["Author"] == 2)
        #expect(store?.metadata.entityHashes.count == 3)
        // Without its -wal the same main file has no metadata at all: the rows really are only in the -wal.
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        try StoreFixture(writtenBy: try Self.version(), rows: 2).write(to: directory + "/App.sqlite", walOnly: true)
        try FileManager.default.removeItem(atPath: directory + "/App.sqlite-wal")
        #expect(StoreReader.read(directory + "/App.sqlite").0 == nil)
    }

    /// A writer that holds its lock mid-transaction (or was killed there) leaves uncommitted pages in the file and
    /// the originals in a hot `-journal`: the store reads as last committed, and the user's files stay as they are.
    @Test func aStoreLockedMidTransactionReadsAsLastCommitted() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let path = directory + "/App.sqlite"
        try StoreFixture(writtenBy: try Self.version(), rows: 200).write(to: path)
        let writer = try StoreFixture.openUncommitted(path, deletingFrom: "ZAUTHOR", inserting: 20_000, into: "ZBOOK")
        defer { StoreFixture.close(writer) }
        #expect(
            FileManager.default.fileExists(atPath: path + "-journal"),
            "the writer spilled pages, so a hot journal exists")
        let (store, diagnostics) = try Self.readUnchanged(path)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(
            store?.rowCounts["Author"] == 200,
            "the journal is rolled back on the copy: uncommitted changes do not count")
    }

    @Test func aStoreWithoutModelCacheIsReadWithoutOne() throws {
        var fixture = StoreFixture(writtenBy: try Self.version())
        fixture.cache = nil
        let (store, diagnostics) = try Self.read(fixture)
        #expect(diagnostics.isEmpty && store != nil && store?.modelCache == nil)
    }

    @Test func aChecksumThatDisagreesWithTheHashesIsSaid() throws {
        var fixture = StoreFixture(writtenBy: try Self.version())
        fixture.checksum = Base64.encode([UInt8](repeating: 7, count: 32))
        let (store, diagnostics) = try Self.read(fixture)
        #expect(store != nil)
        #expect(diagnostics.codes == [.storeChecksumMismatch])
    }

    static let malformed: [(String, DiagnosticCode, String, @Sendable (inout StoreFixture) -> Void)] = [
        (
            "corrupt plist", .storeMetadataMalformed, "is not a readable binary plist",
            { $0.rawPlist = Array("bplist00 garbage".utf8) }
        ),
        ("empty plist", .storeMetadataMalformed, "is empty", { $0.rawPlist = [] }),
        (
            "plist without hashes", .storeMetadataMalformed, "has no NSStoreModelVersionHashes",
            { $0.rawPlist = BinaryPropertyListWriter.data(for: .dictionary([("NSStoreType", .string("SQLite"))])) }
        ),
        (
            "a short hash", .storeMetadataMalformed, "32-byte hash",
            {
                $0.rawPlist = BinaryPropertyListWriter.data(
                    for: .dictionary([
                        ("NSStoreModelVersionHashes", .dictionary([("A", .data([1, 2, 3]))]))
                    ]))
            }
        ),
        (
            "corrupt DEFLATE", .storeModelCacheUnreadable, "does not inflate",
            { $0.rawCache = [0xFF, 0xFF, 0x00, 0x13] }
        ),
        (
            "a cache that is no model", .storeModelCacheUnreadable, "is not an archived managed object model",
            { $0.rawCache = StoreFixture.deflate(Array("hello".utf8)) }
        ),
    ]

    @Test(arguments: 0..<malformed.count)
    func malformedPartsAreOneDiagnosticEach(_ index: Int) throws {
        let (label, code, phrase, change) = Self.malformed[index]
        var fixture = StoreFixture(writtenBy: try Self.version())
        change(&fixture)
        let (_, diagnostics) = try Self.read(fixture)
        #expect(diagnostics.codes == [code], "\(label): \(diagnostics)")
        #expect(diagnostics.first?.message.contains(phrase) == true, "\(label): \(diagnostics)")
    }

    @Test func filesThatAreNoStoreAreRefusedCleanly() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let real = directory + "/real.sqlite"
        try StoreFixture(writtenBy: try Self.version()).write(to: real)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: real))
        var random = SystemRandomNumberGenerator()
        let cases: [(String, Data?, DiagnosticCode)] = [
            ("text.sqlite", Data("not a database at all".utf8), .storeNotSQLite),
            ("empty.sqlite", Data(), .storeNotSQLite),
            (
                "encrypted.sqlite", Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &random) }),
                .storeNotSQLite
            ),
            ("truncated.sqlite", bytes.prefix(bytes.count / 3), .storeUnreadable),
            ("header-only.sqlite", bytes.prefix(100), .storeUnreadable),
            ("missing.sqlite", nil, .fileNotFound),
        ]
        for (name, contents, code) in cases {
            if let contents { try contents.write(to: URL(fileURLWithPath: directory + "/" + name)) }
            let (store, diagnostics) = try Self.readUnchanged(directory + "/" + name)
            #expect(store == nil && diagnostics.codes == [code], "\(name): \(diagnostics)")
        }
        let (_, folder) = StoreReader.read(directory)
        #expect(folder.codes == [.storeNotSQLite])
    }

    @Test func anSQLiteDatabaseThatIsNotACoreDataStoreIsSaidSo() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let other = directory + "/other.sqlite"
        try StoreFixture.plainSQLite(at: other)
        let (store, diagnostics) = try Self.readUnchanged(other)
        #expect(store == nil && diagnostics.codes == [.storeNotCoreData], "\(diagnostics)")
        #expect(diagnostics.first?.message.contains("no Z_METADATA table") == true)
    }

    @Test func theTemporaryCopyHoldsStoreAndWALAndIsRemovedAfterUse() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let path = directory + "/Moody 2.moody"
        try StoreFixture(writtenBy: try Self.version()).write(to: path, walOnly: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        var folder = ""
        do {
            let copy = try StoreCopy(of: path)
            folder = copy.folder
            #expect(
                Set(try FileManager.default.contentsOfDirectory(atPath: folder)) == [
                    "store.sqlite", "store.sqlite-wal",
                ])
            #expect(
                FileManager.default.isWritableFile(atPath: copy.path), "SQLite must be able to write the copy's -shm")
        }
        #expect(!folder.isEmpty && !FileManager.default.fileExists(atPath: folder), "the copy is removed when dropped")
    }
}

/// A table's name goes into SQL as a quoted identifier, every quote doubled, also one that a combining mark follows
/// (a store is anyone's file: its names can hold anything).
@Suite struct QuotedIdentifierTests {
    @Test func aQuoteBeforeACombiningMarkIsDoubled() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let path = directory + "/odd.sqlite"
        let name = "Z\"\u{301}T"
        #expect(SQLiteDatabase.quoted(name) == "\"Z\"\"\u{301}T\"")
        var db: OpaquePointer?
        try #require(sqlite3_open(path, &db) == SQLITE_OK)
        try #require(
            sqlite3_exec(
                db,
                "CREATE TABLE \(SQLiteDatabase.quoted(name)) (x INTEGER); "
                    + "INSERT INTO \(SQLiteDatabase.quoted(name)) VALUES (7)", nil, nil, nil) == SQLITE_OK)
        sqlite3_close(db)
        let database = try SQLiteDatabase(copy: path)
        let names = try database.rows("SELECT name FROM sqlite_master WHERE type = 'table'")
        #expect(names.count == 1)
        let rows = try database.rows("SELECT x FROM \(SQLiteDatabase.quoted(name))")
        #expect(rows.count == 1)
    }
}
