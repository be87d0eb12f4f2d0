/// One model version: the typed content of a `.xcdatamodel/contents` file.
public struct ManagedObjectModel: Hashable, Sendable {
    /// The version name (`Model 2`), from the `.xcdatamodel` directory.
    public var versionName: String
    public var file: String
    public var metadata = Metadata()
    public var entities: [Entity] = []
    public var composites: [Composite] = []
    public var fetchRequests: [FetchRequest] = []
    public var configurations: [Configuration] = []
    public var span: SourceSpan

    public init(versionName: String, file: String, span: SourceSpan) {
        self.versionName = versionName
        self.file = file
        self.span = span
    }

    /// The `<model>` element's own attributes. Tool versions are kept for reporting only: they never
    /// change what the compiled model contains.
    public struct Metadata: Hashable, Sendable {
        public var documentVersion: String?
        public var lastSavedToolsVersion: String?
        public var systemVersion: String?
        public var minimumToolsVersion: String?
        public var sourceLanguage: String?
        /// `userDefinedModelVersionIdentifier`, Core Data's `versionIdentifiers`.
        public var versionIdentifier: String?
        public var usedWithSwiftData = false
        /// `usedWithCloudKit` on `<model>`: the Default configuration syncs with CloudKit.
        public var usedWithCloudKit = false
    }

    /// Entities by name; the first of duplicates wins (duplicates are an error reported elsewhere).
    public var entitiesByName: [String: Entity] {
        var result: [String: Entity] = [:]
        for entity in entities where result[entity.name] == nil { result[entity.name] = entity }
        return result
    }
}

/// A model-level `<composite>`: a named group of attributes stored by a Composite attribute.
public struct Composite: Hashable, Sendable {
    public var name: String
    public var attributes: [Attribute]
    public var span: SourceSpan

    public var location: SourceLocation { span.element }
}

/// A `<configuration>`: a named subset of entities, optionally synced with CloudKit.
public struct Configuration: Hashable, Sendable {
    public struct Member: Hashable, Sendable {
        public var entityName: String
        public var location: SourceLocation
    }

    public var name: String
    public var members: [Member]
    public var usedWithCloudKit = false
    public var span: SourceSpan

    public var location: SourceLocation { span.element }
}
