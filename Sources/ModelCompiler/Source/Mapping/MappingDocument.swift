/// A mapping model's `xcmapping.xml` as Xcode saved it: the objects of its Core Data XML store that the mapping
/// model reaches, with where each value is written (../shared/spec/mapping-model-format.md §2). Knows nothing of
/// what the values mean; the Model stage types them.
struct MappingDocument: Sendable {
    /// One `<object>` of the store: its `<attribute>` values by name and its `<relationship>` targets by name.
    struct Object: Sendable {
        var type: String
        var id: String
        var location: SourceLocation
        var attributes: [String: Value] = [:]
        var relationships: [String: [String]] = [:]

        func text(_ name: String) -> String? { attributes[name]?.text }
        func location(of name: String) -> SourceLocation { attributes[name]?.location ?? location }
    }

    struct Value: Sendable {
        /// The store's type of the attribute (`string`, `int16`, `bool`, `binary`).
        var type: String
        var text: String
        var location: SourceLocation
    }

    /// The `xcmapping.xml` path.
    var path: String
    /// The one `XDDEVMAPPINGMODEL`.
    var mappingModel: Object
    /// Its entity mappings in the file's `idrefs` order (which carries no meaning: the Model stage orders them by
    /// `mappingnumber`), each with its attribute and relationship mappings.
    var entityMappings: [EntityObject]

    struct EntityObject: Sendable {
        var object: Object
        var attributeMappings: [Object]
        var relationshipMappings: [Object]
    }
}
