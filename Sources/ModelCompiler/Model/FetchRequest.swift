/// A fetch request: a model-level template (`<fetchRequest>` under `<model>`) or the request of a
/// fetched property.
public struct FetchRequest: Hashable, Sendable {
    public var name: String
    /// `entity`; nil when missing.
    public var entityName: String?
    public var predicate: PredicateText?
    public var resultType: Int?
    public var includesSubentities: Bool?
    public var includesPropertyValues: Bool?
    public var includesPendingChanges: Bool?
    public var returnsObjectsAsFaults: Bool?
    public var returnsDistinctResults: Bool?
    public var fetchLimit: Int?
    public var fetchBatchSize: Int?
    public var span: SourceSpan

    public init(name: String, span: SourceSpan) {
        self.name = name
        self.span = span
    }

    public var location: SourceLocation { span.element }
}

/// A `<fetchedProperty>`: a weak, one-way relationship computed by a fetch request.
public struct FetchedProperty: Hashable, Sendable {
    public var name: String
    public var isOptional = false
    public var fetchRequest: FetchRequest?
    public var userInfo = UserInfo()
    public var span: SourceSpan

    public init(name: String, span: SourceSpan) {
        self.name = name
        self.span = span
    }

    public var location: SourceLocation { span.element }
}
