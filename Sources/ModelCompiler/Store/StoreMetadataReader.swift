/// `Z_METADATA.Z_PLIST`, a binary plist dictionary; only the model keys are read, app keys are left alone.
enum StoreMetadataReader {
    /// The metadata, or what is wrong with the plist (completing "the metadata plist ...").
    static func metadata(plist bytes: [UInt8], uuid: String?) -> Result<StoreMetadata, StoreProblem> {
        let value: PropertyListValue
        do { value = try BinaryPropertyListReader.read(bytes) } catch {
            return .failure(StoreProblem(bytes.isEmpty ? "is empty" : "is not a readable binary plist (\(error))"))
        }
        guard case .dictionary = value else { return .failure("is not a dictionary") }
        guard case .dictionary(let entries)? = value["NSStoreModelVersionHashes"] else {
            return .failure("has no NSStoreModelVersionHashes dictionary")
        }
        var hashes: [String: [UInt8]] = [:]
        for entry in entries {
            guard let name = entry.key.stringValue, let hash = entry.value.dataValue, hash.count == 32 else {
                return .failure("has an NSStoreModelVersionHashes entry that is not an entity name with a 32-byte hash")
            }
            hashes[name] = hash
        }
        var identifiers: [String] = []
        if case .array(let items)? = value["NSStoreModelVersionIdentifiers"] {
            identifiers = items.compactMap(\.stringValue).filter { !$0.isEmpty }
        }
        var framework: Int?
        if case .integer(let number)? = value["NSPersistenceFrameworkVersion"] { framework = Int(clamping: number) }
        return .success(
            StoreMetadata(
                uuid: uuid, storeType: value["NSStoreType"]?.stringValue, frameworkVersion: framework,
                entityHashes: hashes, versionIdentifiers: identifiers,
                checksum: value["NSStoreModelVersionChecksumKey"]?.stringValue,
                digest: value["NSStoreModelVersionHashesDigest"]?.stringValue))
    }
}
