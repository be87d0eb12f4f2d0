/// A fetch request: a model-level template (`<fetchRequest>` under `<model>`) or the request of a
/// fetched property.
public struct FetchRequest: Hashable, Sendable {
    /// The fetch request's name.
    public var name: String
    /// `entity`; nil when missing.
    public var entityName: String?
    var predicate: PredicateText?
    var resultType: Int?
    var includesSubentities: Bool?
    var includesPropertyValues: Bool?
    var includesPendingChanges: Bool?
    var returnsObjectsAsFaults: Bool?
    var returnsDistinctResults: Bool?
    var fetchLimit: Int?
    var fetchBatchSize: Int?
    var span: SourceSpan

    init(name: String, span: SourceSpan) {
        self.name = name
        self.span = span
    }

    /// Where the `<fetchRequest>` element is.
    public var location: SourceLocation { span.element }
}

/// A `<fetchedProperty>`: a weak, one-way relationship computed by a fetch request.
public struct FetchedProperty: Hashable, Sendable {
    /// The fetched property's name.
    public var name: String
    var isOptional = false
    var fetchRequest: FetchRequest?
    var userInfo = UserInfo()
    var span: SourceSpan

    init(name: String, span: SourceSpan) {
        self.name = name
        self.span = span
    }

    /// Where the `<fetchedProperty>` element is.
    public var location: SourceLocation { span.element }
}
