/// One model version: the typed content of a `.xcdatamodel/contents` file.
public struct ManagedObjectModel: Hashable, Sendable {
    /// The version name (`Model 2`), from the `.xcdatamodel` directory.
    public var versionName: String
    var file: String
    var metadata = Metadata()
    /// The version's entities, in the file's order.
    public var entities: [Entity] = []
    var composites: [Composite] = []
    /// The version's fetch request templates.
    public var fetchRequests: [FetchRequest] = []
    var configurations: [Configuration] = []
    var span: SourceSpan

    init(versionName: String, file: String, span: SourceSpan) {
        self.versionName = versionName
        self.file = file
        self.span = span
    }

    /// The `<model>` element's own attributes. Tool versions are kept for reporting only: they never
    /// change what the compiled model contains.
    struct Metadata: Hashable, Sendable {
        var documentVersion: String?
        var lastSavedToolsVersion: String?
        var systemVersion: String?
        var minimumToolsVersion: String?
        var sourceLanguage: String?
        /// `userDefinedModelVersionIdentifier`, Core Data's `versionIdentifiers`.
        var versionIdentifier: String?
        var usedWithSwiftData = false
        /// `usedWithCloudKit` on `<model>`: the Default configuration syncs with CloudKit.
        var usedWithCloudKit = false
    }

    /// Entities by name; the first of duplicates wins (duplicates are an error reported elsewhere).
    var entitiesByName: [String: Entity] {
        var result: [String: Entity] = [:]
        for entity in entities where result[entity.name] == nil { result[entity.name] = entity }
        return result
    }
}

/// A model-level `<composite>`: a named group of attributes stored by a Composite attribute.
struct Composite: Hashable, Sendable {
    var name: String
    var attributes: [Attribute]
    var span: SourceSpan

    var location: SourceLocation { span.element }
}

/// A `<configuration>`: a named subset of entities, optionally synced with CloudKit.
struct Configuration: Hashable, Sendable {
    struct Member: Hashable, Sendable {
        var entityName: String
        var location: SourceLocation
    }

    var name: String
    var members: [Member]
    var usedWithCloudKit = false
    var span: SourceSpan

    var location: SourceLocation { span.element }
}
