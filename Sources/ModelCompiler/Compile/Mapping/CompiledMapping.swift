/// What mapc writes into a `.cdm`, worked out from a `MappingModel` (../shared/spec/mapping-model-format.md §3.1):
/// every name, mapping type, hash and expression, before it is archived.
struct CompiledMapping: Sendable {
    var name: String
    var entityMappings: [Entity]
    /// Every entity hash of the two snapshots, by entity name: what the guard compares with the bundle's versions.
    var sourceHashes: [String: [UInt8]]
    var destinationHashes: [String: [UInt8]]

    /// `NSEntityMappingType`.
    enum MappingType: Int64, Sendable {
        case custom = 1, add = 2, remove = 3, copy = 4, transform = 5
    }

    struct Entity: Sendable {
        var name: String
        var type: MappingType
        var sourceEntityName: String?
        var destinationEntityName: String?
        var sourceHash: [UInt8]?
        var destinationHash: [UInt8]?
        /// The FETCH source expression mapc writes for every mapping with a source entity.
        var fetchesSource: Bool { sourceEntityName != nil }
        var userInfo: [UInt8]?
        var migrationPolicyClassName: String?
        var attributeMappings: [Property]
        var relationshipMappings: [Property]
        var location: SourceLocation
    }

    struct Property: Sendable {
        var name: String
        var expression: Expression?
    }

    /// The value expressions mapc writes.
    indirect enum Expression: Sendable, Equatable {
        /// `$variable.path`.
        case keyPath(variable: String, path: String)
        /// `FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", "<mapping>", <instances>)`.
        case instancesOfMapping(String, Expression)
        /// `FUNCTION($manager, "destinationInstancesForSourceRelationshipNamed:sourceInstances:", "<name>", <instances>)`.
        case instancesOfSourceRelationship(String, Expression)
        /// An expression the user typed, as Xcode archived it: copied as it is.
        case archived([UInt8])
    }
}
