import Testing

@testable import ModelCompiler

/// A compiled version works each level of its hashes out once, on first use, whatever a stage asks first: no caller
/// picks a cheaper accessor to avoid hashing twice.
@Suite struct CompiledVersionTests {
    static let xml = """
        <entity name="Shelf" representedClassName="Shelf"><attribute name="name" attributeType="String"/>
        <relationship name="books" toMany="YES" deletionRule="Nullify" destinationEntity="Book" inverseName="shelf"/></entity>
        <entity name="Book" representedClassName="Book" parentEntity="Item"><attribute name="title" attributeType="String"/>
        <relationship name="shelf" maxCount="1" deletionRule="Nullify" destinationEntity="Shelf" inverseName="books"/></entity>
        <entity name="Item" representedClassName="Item" isAbstract="YES"><attribute name="added" attributeType="Date"/></entity>
        """

    /// How many times the version was hashed while `asking` ran on a freshly compiled one.
    static func hashings(_ asking: (CompiledVersion) -> Void) throws -> Int {
        let model = try Fixtures.model(xml)
        let trace = StageTrace()
        StageTrace.$current.withValue(trace) { asking(VersionCompiler.compile(model)) }
        return trace.recorded.filter { $0.key.hasPrefix("hashed ") }.values.reduce(0, +)
    }

    @Test func eachLevelIsWorkedOutOnceWhateverIsAskedFirst() throws {
        #expect(try Self.hashings { _ = $0.model } == 0)
        #expect(try Self.hashings { _ = ($0.entityHashes, $0.versionChecksum, $0.versionHash) } == 1)
        #expect(try Self.hashings { _ = ($0.entityHashes, $0.hashes, $0.fingerprint, $0.entityHashes) } == 1)
        #expect(try Self.hashings { _ = ($0.fingerprint, $0.hashes, $0.versionChecksum) } == 1)
    }

    @Test func theLevelsAgreeWithHashingTheWholeModel() throws {
        let model = try Fixtures.model(Self.xml)
        let whole = VersionHasher.hashes(for: model)
        #expect(whole.propertyHashes["Book"]?.keys.sorted() == ["shelf", "title"])
        let entityFirst = VersionCompiler.compile(model)
        #expect(entityFirst.entityHashes == whole.entityHashes && entityFirst.versionHash == whole.versionHash)
        #expect(entityFirst.hashes == whole)
        let everyFirst = VersionCompiler.compile(model)
        #expect(everyFirst.hashes == whole && everyFirst.versionChecksum == whole.versionChecksum)
        #expect(everyFirst.fingerprint == entityFirst.fingerprint)
    }

    /// Restored from the compile cache: the entity level as kept, every property's hash read only when asked, and
    /// worked out again (never wrongly) when what was kept cannot be read.
    @Test func aRestoredVersionReadsItsPropertyHashesOnlyWhenAsked() throws {
        let model = try Fixtures.model(Self.xml)
        let whole = VersionHasher.hashes(for: model)
        let reads = Counter()
        func restored(_ tables: [String: [String: [UInt8]]]?) -> CompiledVersion {
            CompiledVersion(
                restoring: model, mom: [1],
                hashes: KnownHashes(
                    entityHashes: whole.entityHashes, versionHash: whole.versionHash,
                    propertyHashes: {
                        reads.add()
                        return tables
                    }))
        }
        let trace = StageTrace()
        StageTrace.$current.withValue(trace) {
            let version = restored(whole.propertyHashes)
            #expect(version.mom == [1] && version.entityHashes == whole.entityHashes)
            #expect(reads.value == 0)
            #expect(version.hashes == whole && version.hashes == whole)
            #expect(reads.value == 1)
            let unreadable = restored(nil)
            #expect(unreadable.hashes == whole)
        }
        #expect(trace.recorded["hashed \(model.versionName)"] == 1)
    }
}

/// Counts calls from a `@Sendable` closure.
private final class Counter: @unchecked Sendable {
    private let lock = Lock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
