/// What a removal drops, said in the store's terms (store-format.md §6): one table per root entity, `Z` plus the
/// upper-cased name; one column per attribute and to-one relationship, `Z` plus the upper-cased name (a clash
/// inside a shared table gets a digit, which only the store knows); to-many links live on the other side.
enum StoreTerms {
    static func dropped(_ property: Property, of entity: Entity, in entities: [String: Entity]) -> String {
        let root = ModelMatcher.root(of: entity, in: entities)
        let rows = root == entity.name ? "every \(entity.name) row" : "every \(entity.name) row (table Z\(root.uppercased()))"
        switch property {
        case .attribute(let attribute):
            return "column Z\(attribute.name.uppercased()) of \(rows) is dropped"
        case .relationship(let relationship) where !relationship.isToMany:
            return "column Z\(relationship.name.uppercased()) (the link) of \(rows) is dropped"
        case .relationship:
            return "the links from \(rows) are dropped"
        default:
            return "its data is dropped"
        }
    }
}
