/// Many-to-many join tables, named as Core Data names them (store-format.md section 6.1, VERIFIED on 161 join tables
/// of 28 real stores, self-relationships included): entities in case-insensitive name order, each entity's
/// relationships in the order of its SQL keys (`SQLKeyOrder`); the first side met of a many-to-many pair (A) names the
/// table, and each column is made unique in its inheritance tree's name generator, in a fixed order, so that a name
/// another join table already took gets the smallest free number (`Z_14USERS1`).
struct JoinTableNaming {
    let numbered: [StoreLayout.EntityNumber]
    let tables: [StoreLayout.Table]
    let byName: [String: Entity]
    private var generators: [String: Set<String>] = [:]
    private var keyOrders: [String: [String]] = [:]

    init(entities numbered: [StoreLayout.EntityNumber], tables: [StoreLayout.Table], byName: [String: Entity]) {
        (self.numbered, self.tables, self.byName) = (numbered, tables, byName)
        for table in tables { generators[table.root] = Set(table.columns.map(\.name)) }
    }

    /// Nil when an entity has more keys than the verified table sizes cover (the caller keeps its older rule).
    mutating func joinTables() -> [StoreLayout.JoinTable]? {
        let numbers = Dictionary(numbered.map { ($0.name, $0.number) }, uniquingKeysWith: { first, _ in first })
        var handled: Set<String> = []
        var joins: [StoreLayout.JoinTable] = []
        let sorted = numbered.map(\.name).sorted(by: StoreLayout.namePrecedes)
        for name in sorted {
            guard let entity = byName[name] else { continue }
            guard let visit = SQLKeyOrder.fixedTableOrder(keyOrder(entity)) else { return nil }
            for key in visit {
                guard let (a, relationship) = declared(key, visibleIn: entity), relationship.isToMany,
                    let target = relationship.destinationEntityName.flatMap({ byName[$0] }),
                    let inverseName = relationship.inverseName,
                    let (b, inverse) = declared(inverseName, visibleIn: target), inverse.isToMany,
                    let na = numbers[a], let nb = numbers[b]
                else { continue }
                guard handled.insert(a + "." + relationship.name).inserted else { continue }
                handled.insert(b + "." + inverse.name)
                let reflexive = a == b && relationship.name == inverse.name
                let table = "Z_\(na)" + relationship.name.uppercased()
                let bColumn = unique(reflexive ? "REFLEXIVE" : "Z_\(nb)" + relationship.name.uppercased(), treeOf: b)
                let bOrder =
                    relationship.isOrdered
                    ? unique("Z_FOK_\(nb)" + relationship.name.uppercased(), treeOf: b) : nil
                let aColumn = unique("Z_\(na)" + inverse.name.uppercased(), treeOf: a)
                let aOrder =
                    inverse.isOrdered && !reflexive
                    ? unique("Z_FOK_\(na)" + inverse.name.uppercased(), treeOf: a) : nil
                joins.append(
                    StoreLayout.JoinTable(
                        name: table, first: (aColumn, a, relationship.name), second: (bColumn, b, inverse.name),
                        orderColumns: [aOrder, bOrder].compactMap { $0 }))
            }
        }
        return joins
    }

    /// The entity that declares the stored relationship `name` seen in `entity` (itself or an ancestor), and the
    /// relationship.
    private func declared(_ name: String, visibleIn entity: Entity) -> (String, Relationship)? {
        guard let (owner, relationship) = StoreLayout.declaredRelationship(name, of: entity, in: byName),
            !relationship.isTransient
        else { return nil }
        return (owner.name, relationship)
    }

    /// `base`, or with the smallest free number, in the column names of `entity`'s inheritance tree.
    private mutating func unique(_ base: String, treeOf entity: String) -> String {
        let root = numbered.first { $0.name == entity }?.root ?? entity
        var name = base, suffix = 0
        while generators[root, default: []].contains(name) {
            suffix += 1
            name = base + String(suffix)
        }
        generators[root, default: []].insert(name)
        return name
    }

    /// Dictionary L's bucket order of the entity's keys (section 6.1): `_ent`, `_pk`, `_opt` for a root (its parent's
    /// keys, in their order, for a subentity), then its stored attributes and then its relationships, each in the
    /// bucket order of a dictionary of their names; a to-one brings its foreign-key columns (`_ZNAME`, `_Z10_NAME`)
    /// before its name.
    private mutating func keyOrder(_ entity: Entity) -> [String] {
        if let known = keyOrders[entity.name] { return known }
        keyOrders[entity.name] = []  // an inheritance cycle stops here
        var keys = SQLKeyOrder.GrowingTable()
        if let parent = entity.parentName.flatMap({ byName[$0] }), parent.name != entity.name {
            for key in keyOrder(parent) { keys.insert(key) }
        } else {
            for key in ["_ent", "_pk", "_opt"] { keys.insert(key) }
        }
        for name in SQLKeyOrder.GrowingTable(entity.attributes.filter(\.isStored).map(\.name)).order {
            keys.insert(name)
        }
        let relationships = entity.relationships.filter { !$0.isTransient }
        let table = numbered.first { $0.name == entity.name }.flatMap { numbered in
            tables.first { $0.root == numbered.root }
        }
        for name in SQLKeyOrder.GrowingTable(relationships.map(\.name)).order {
            guard let relationship = relationships.first(where: { $0.name == name }) else { continue }
            if !relationship.isToMany {
                let columns = table?.columns ?? []
                if let key = columns.first(where: {
                    if case .toOne(entity.name, name, _) = $0.content { true } else { false }
                }) {
                    keys.insert("_" + key.name)
                }
                if let kind = columns.first(where: { $0.content == .toOneEntity(entity: entity.name, name: name) }) {
                    keys.insert("_" + kind.name)
                }
            }
            keys.insert(name)
        }
        keyOrders[entity.name] = keys.order
        return keys.order
    }
}
