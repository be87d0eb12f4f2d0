/// What a removal drops, said in the store's terms (store-format.md §6): one table per root entity, `Z` plus the
/// upper-cased name; one column per attribute and to-one relationship, `Z` plus the upper-cased name (a clash
/// inside a shared table gets a digit, which only the store knows); to-many links live on the other side.
enum StoreTerms {
    /// `rows`: the entity's rows, as `rows(of:in:)` says them.
    static func dropped(_ property: Property, from rows: String) -> String {
        switch property {
        case .relationship(let relationship) where relationship.isToMany: return "the links from \(rows) are dropped"
        case .attribute, .relationship: return "\(item(property)) of \(rows) is dropped"
        default: return "its data is dropped"
        }
    }

    /// "every Book row", or "every ImageMessage row (table ZMESSAGE)" for an entity sharing its root's table; a
    /// parent's rows include its sub-entities'.
    static func rows(of entity: Entity, in entities: [String: Entity]) -> String {
        let root = ModelMatcher.root(of: entity, in: entities)
        let rows =
            entities.values.contains { $0.parentName == entity.name }
            ? "every row of \(entity.name) and its sub-entities" : "every \(entity.name) row"
        return root == entity.name ? rows : "\(rows) (table Z\(root.uppercased()))"
    }

    /// The property's data in a row, as one item of a list: "column ZWIDTH", "column ZSENDER (the link)".
    static func item(_ property: Property) -> String {
        switch property {
        case .attribute(let attribute): "column Z\(attribute.name.uppercased())"
        case .relationship(let link) where !link.isToMany: "column Z\(link.name.uppercased()) (the link)"
        case .relationship(let relationship): "the links of '\(relationship.name)'"
        default: "its data"
        }
    }
}
