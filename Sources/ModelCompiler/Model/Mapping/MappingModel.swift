/// A mapping model (`.xcmappingmodel`) as Xcode saved it: the two model snapshots it was made from and its entity
/// mappings in `mappingnumber` order (../shared/spec/mapping-model-format.md §2). What mapc derives from it (names,
/// mapping types, expressions, hashes) is the Compile stage's.
struct MappingModel: Sendable {
    /// The `.xcmappingmodel` folder's name without its extension: the `.cdm`'s name.
    var name: String
    /// The `xcmapping.xml` file.
    var file: String
    /// The model version paths Xcode recorded (`ThreemaData.xcdatamodeld/ThreemaDataV5.xcdatamodel`). mapc does not
    /// read them (§2.4); they say which versions the mapping model was made for.
    var sourceModelPath: String?
    var destinationModelPath: String?
    /// The models as they were when the mapping model was made or last refreshed, embedded in the file.
    var source: ManagedObjectModel
    var destination: ManagedObjectModel
    var entityMappings: [EntityMapping]
    var location: SourceLocation

    /// The version name a recorded model path names: its last `.xcdatamodel` component without the extension.
    static func versionName(ofModelPath path: String?) -> String? {
        guard let path, let last = path.split(separator: "/").last(where: { $0.hasSuffix(".xcdatamodel") }) else {
            return nil
        }
        return String(last.dropLast(".xcdatamodel".count))
    }

    var sourceVersionName: String? { Self.versionName(ofModelPath: sourceModelPath) }
    var destinationVersionName: String? { Self.versionName(ofModelPath: destinationModelPath) }
}

/// One entity mapping as the editor saved it: which source entity becomes which destination entity.
struct EntityMapping: Sendable {
    /// The name the user gave it, if any; mapc names the others (`BookToBook`).
    var explicitName: String?
    var number: Int
    /// Nil for an Add mapping (a destination entity with no source).
    var sourceEntityName: String?
    /// Nil for a Remove mapping.
    var destinationEntityName: String?
    var migrationPolicyClassName: String?
    /// The entity mapping's user info: an archived dictionary, copied as it is.
    var userInfo: [UInt8]?
    var attributeMappings: [PropertyMapping]
    var relationshipMappings: [PropertyMapping]
    var location: SourceLocation
}

/// One property mapping: how a destination property gets its value.
struct PropertyMapping: Sendable {
    var name: String
    /// The value expression the user typed, as Xcode archived it (an NSExpression keyed archive); nil when none.
    var valueExpression: [UInt8]?
    /// For a relationship: the entity mapping whose destination instances it takes, and from which key path.
    var sourceMappingName: String?
    var sourceKeyPath: String?
    /// Whether the editor generates the expression (relationships; attributes always are).
    var generatesExpression: Bool
    var location: SourceLocation
}
