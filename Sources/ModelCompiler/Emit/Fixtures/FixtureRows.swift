/// The rows of a fixture store: `count` rows of each concrete entity, primary keys numbered per table in entity-number
/// order, every column filled as `StoreLayout` says (attribute values from `FixtureValues`, relationships linked on both
/// sides, ordered ones with their positions), and what each row holds, for `expected.json` and the tests.
struct FixtureRows {
    /// One row of one entity, as written.
    struct Row {
        var entity: String
        var primaryKey: Int
        /// Attribute name, stored value (NULL for an empty optional) and what the app reads, for every attribute.
        var attributes: [(name: String, value: SQLiteDatabase.Value, read: ExpectedValue)]
    }

    typealias Key = (primaryKey: Int, entity: Int)

    var tables: [String: [[SQLiteDatabase.Value]]] = [:]
    var joinTables: [String: [[SQLiteDatabase.Value]]] = [:]
    var maxKeys: [String: Int] = [:]
    var externalFiles: [(name: String, bytes: [UInt8])] = []
    var rows: [Row] = []

    init(_ model: ManagedObjectModel, layout: StoreLayout, count: Int, values: FixtureValues) {
        let byName = model.entitiesByName
        // Primary keys first: links need every entity's rows.
        var keys: [String: [Key]] = [:]
        for table in layout.tables {
            var next = 1
            for name in table.entities where byName[name]?.isAbstract == false {
                let number = layout.number(of: name) ?? 0
                keys[name] = (0..<count).map { Key(primaryKey: next + $0, entity: number) }
                next += count
            }
            maxKeys[table.root] = next - 1
        }
        // The rows of an entity and of its subentities: the objects a relationship to it may name.
        func family(_ entity: String) -> [Key] {
            layout.entities.filter { numbered in
                byName[numbered.name]?.lineageNames(in: byName).contains(entity) == true
            }.flatMap { keys[$0.name] ?? [] }
        }
        var families: [String: (keys: [Key], positions: [Int: Int])] = [:]
        func members(_ entity: String) -> (keys: [Key], positions: [Int: Int]) {
            if let known = families[entity] { return known }
            let found = family(entity)
            var positions: [Int: Int] = [:]
            for (index, key) in found.enumerated() { positions[key.primaryKey] = index }
            families[entity] = (found, positions)
            return (found, positions)
        }
        for table in layout.tables {
            var written: [[SQLiteDatabase.Value]] = []
            let constrained = Set(table.constraints.flatMap(\.columns))
            for name in table.entities {
                guard let entity = byName[name], let own = keys[name] else { continue }
                let lineage = Set(entity.lineageNames(in: byName))
                var orderCounts: [String: Int] = [:]
                for (index, key) in own.enumerated() {
                    var row: [SQLiteDatabase.Value] = [.integer(Int64(key.primaryKey)), .integer(Int64(key.entity)),
                                                       .integer(1)]
                    var record = Row(entity: name, primaryKey: key.primaryKey, attributes: [])
                    var linked: Key?
                    for column in table.columns {
                        var value = SQLiteDatabase.Value.null
                        switch column.content {
                        case .attribute(let owner, let attributeName, _) where lineage.contains(owner):
                            if let attribute = byName[owner]?.attributes.first(where: { $0.name == attributeName }) {
                                let generated = values.value(attribute, entity: name, row: index,
                                                             unique: constrained.contains(column.name) ? key.primaryKey : nil)
                                value = generated?.stored ?? .null
                                if let file = generated?.external { externalFiles.append(file) }
                                let read = generated.map {
                                    $0.logical ?? ExpectedValue($0.stored, type: attribute.type)
                                }
                                record.attributes.append((attributeName, value, read ?? .null))
                            }
                        case .toOne(let owner, let relationshipName, let destination) where lineage.contains(owner):
                            linked = Self.link(owner, relationshipName, destination, row: key, byName: byName,
                                               members: members)
                            value = linked.map { .integer(Int64($0.primaryKey)) } ?? .null
                        case .toOneEntity(let owner, _) where lineage.contains(owner):
                            value = linked.map { .integer(Int64($0.entity)) } ?? .null
                        case .order(let owner, _) where lineage.contains(owner):
                            if let linked {
                                let slot = "\(column.name)#\(linked.entity)/\(linked.primaryKey)"
                                orderCounts[slot, default: 0] += 1
                                value = .integer(Int64(orderCounts[slot]!))
                            }
                        case .toManyWithoutInverse(let source, _):
                            let sources = members(source).keys
                            if !sources.isEmpty, index % 7 != 5 {
                                value = .integer(Int64(sources[(key.primaryKey - 1) % sources.count].primaryKey))
                            }
                        default: break
                        }
                        row.append(value)
                    }
                    written.append(row)
                    rows.append(record)
                }
            }
            tables[table.name] = written
        }
        for join in layout.joinTables {
            let owners = members(join.first.entity).keys, targets = members(join.second.entity).keys
            var rows: [[SQLiteDatabase.Value]] = []
            var positions: [Int: Int] = [:]
            for (index, owner) in owners.enumerated() where !targets.isEmpty {
                let picks = Set([index % targets.count, (index + 1) % targets.count]).sorted()
                for (position, pick) in picks.enumerated() {
                    var row: [SQLiteDatabase.Value] = [.integer(Int64(owner.primaryKey)),
                                                       .integer(Int64(targets[pick].primaryKey))]
                    positions[pick, default: 0] += 1
                    let orders = [Int64(position + 1), Int64(positions[pick]!)]
                    row += orders.prefix(join.orderColumns.count).map { .integer($0) }
                    rows.append(row)
                }
            }
            joinTables[join.name] = rows
        }
    }

    /// The object a to-one names in `row`: the k-th row of the relationship's entities links to the k-th object of the
    /// destination's (each object at most once when the inverse is to-one too), every seventh optional one empty.
    static func link(_ owner: String, _ name: String, _ destination: String, row: Key, byName: [String: Entity],
                     members: (String) -> (keys: [Key], positions: [Int: Int])) -> Key? {
        guard let relationship = byName[owner]?.relationships.first(where: { $0.name == name }) else { return nil }
        // Primary keys are unique within a table, and a family lives in one table.
        let targets = members(destination).keys
        guard let position = members(owner).positions[row.primaryKey], !targets.isEmpty else { return nil }
        let inverse = relationship.inverseName.flatMap { inverseName in
            byName[destination].flatMap { StoreLayout.relationship(inverseName, of: $0, in: byName) }
        }
        if let inverse, !inverse.isToMany {
            // One-to-one: both sides compute the same pairs.
            if relationship.isOptional && inverse.isOptional && position % 7 == 5 { return nil }
            return position < targets.count ? targets[position] : nil
        }
        if relationship.isOptional && position % 7 == 5 { return nil }
        return targets[position % targets.count]
    }
}
