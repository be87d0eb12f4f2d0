/// What a Core Data SQLite store says about the model that last wrote it (../shared/spec/store-format.md).
struct CoreDataStore: Sendable {
    var path: String
    var metadata: StoreMetadata
    /// `Z_PRIMARYKEY`, in entity-number order: a store migrated in place may still list old names here.
    var primaryKeys: [PrimaryKeyRow]
    /// Entity name -> number of rows of exactly that entity, for the entities whose table exists.
    var rowCounts: [String: Int]
    /// The writer's model from `Z_MODELCACHE` (framework 637 and later), inherited properties not repeated on
    /// subentities; nil when the store has none or it cannot be read.
    var modelCache: ManagedObjectModel?
    /// Table -> entity number -> column -> how many of that entity's rows hold a value (not NULL) there.
    var columnValues: [String: [Int: [String: Int]]] = [:]
    /// Many-to-many join tables (`Z_` and a digit) -> their columns.
    var joinTables: [String: Set<String>] = [:]
    /// Table -> column -> how many distinct objects its links name: each join-table column, and each entity-table
    /// column of a to-many without inverse (`Z` and a digit: `Z2MODIFIERS`).
    var linkedObjects: [String: [String: Int]] = [:]

    struct PrimaryKeyRow: Sendable, Equatable {
        var entityNumber: Int
        var name: String
        var superNumber: Int
        var maxPrimaryKey: Int
    }
}

/// `Z_METADATA`: the row's UUID and the keys of its plist that concern the model.
struct StoreMetadata: Sendable {
    var uuid: String?
    var storeType: String?
    var frameworkVersion: Int?
    /// `NSStoreModelVersionHashes`: entity name -> 32-byte version hash.
    var entityHashes: [String: [UInt8]]
    /// `NSStoreModelVersionIdentifiers` without empty strings: `[]` and `[""]` both mean none.
    var versionIdentifiers: [String]
    /// `NSStoreModelVersionChecksumKey` (framework 1333 and later).
    var checksum: String?
    /// `NSStoreModelVersionHashesDigest` (framework 977 and later).
    var digest: String?

    /// Entity names in ordinal (code point) order, the order the checksum and digest use.
    var ordinalNames: [String] {
        entityHashes.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    }

    /// The checksum the hashes give: SHA-256 over the 32-byte hashes in name order, momc's `versionChecksum`.
    var computedChecksum: String {
        Base64.encode(SHA256.hash(ordinalNames.flatMap { entityHashes[$0]! }))
    }

    /// The digest the hashes give: SHA-512 over each name's UTF-8 bytes then its hash, in name order.
    var computedDigest: String {
        Base64.encode(SHA512.hash(ordinalNames.flatMap { Array($0.utf8) + entityHashes[$0]! }))
    }
}

/// What is wrong with a part of a store, worded to follow the part's name ("the metadata plist is empty").
struct StoreProblem: Error, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    var text: String
    init(stringLiteral value: String) { text = value }
    init(_ text: String) { self.text = text }
}
