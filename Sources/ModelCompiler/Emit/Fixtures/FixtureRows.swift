/// The rows of a fixture store: `count` rows of each concrete entity, primary keys numbered per table in entity-number
/// order, every column filled as `StoreLayout` says (attribute values from `FixtureValues`, relationships linked on both
/// sides, ordered ones with their positions), and what each row holds, for `expected.json` and the tests.
///
/// Rows are made a batch at a time and every link is worked out from row numbers (`FixtureFamily`), never from rows
/// kept: memory follows the batch, not `count` (a million rows per entity made 8 GB when every row was held).
struct FixtureRows {
    /// One row of one entity, as written.
    struct Row {
        var entity: String
        var primaryKey: Int
        /// Attribute name, stored value (NULL for an empty optional) and what the app reads, for every attribute.
        var attributes: [(name: String, value: SQLiteDatabase.Value, read: ExpectedValue)]
    }

    /// Consecutive rows of one table (or join table), in the order they are written.
    struct Batch {
        /// The table (or join table) the rows go in.
        var table: String
        var values: [[SQLiteDatabase.Value]] = []
        /// What each row holds (none for a join table).
        var records: [Row] = []
        /// The files Core Data keeps beside the store for the batch's external values: name and bytes.
        var externalFiles: [(name: String, bytes: [UInt8])] = []
    }

    typealias Key = FixtureFamily.Key

    let count: Int
    /// Table root entity -> the highest primary key in its table (`Z_PRIMARYKEY.Z_MAX`).
    private(set) var maxKeys: [String: Int] = [:]
    /// Concrete entities in the order their rows are written, with their rows' keys.
    private(set) var segments: [(name: String, segment: FixtureFamily.Segment)] = []
    let layout: StoreLayout
    private let values: FixtureValues
    private let byName: [String: Entity]
    private var families: [String: FixtureFamily] = [:]

    init(_ model: ManagedObjectModel, layout: StoreLayout, count: Int, values: FixtureValues) {
        self.count = count
        self.layout = layout
        self.values = values
        byName = model.entitiesByName
        var own: [String: FixtureFamily.Segment] = [:]
        for table in layout.tables {
            var next = 1
            for name in table.entities where byName[name]?.isAbstract == false {
                let segment = FixtureFamily.Segment(entity: layout.number(of: name) ?? 0, first: next, count: count)
                own[name] = segment
                segments.append((name, segment))
                next += count
            }
            maxKeys[table.root] = next - 1
        }
        // The rows of an entity and of its subentities: the objects a relationship to it may name.
        for entity in model.entities {
            families[entity.name] = FixtureFamily(
                segments: layout.entities.compactMap { numbered in
                    byName[numbered.name]?.lineageNames(in: byName).contains(entity.name) == true
                        ? own[numbered.name] : nil
                })
        }
    }

    func family(_ entity: String) -> FixtureFamily { families[entity] ?? FixtureFamily(segments: []) }

    /// The rows of `table`, `size` at a time.
    func forEachBatch(of table: StoreLayout.Table, size: Int, _ body: (Batch) throws -> Void) rethrows {
        let constrained = Set(table.constraints.flatMap(\.columns))
        var batch = Batch(table: table.name)
        for name in table.entities {
            guard let entity = byName[name], let segment = segments.first(where: { $0.name == name })?.segment else {
                continue
            }
            let lineage = Set(entity.lineageNames(in: byName))
            for index in 0..<segment.count {
                let key = Key(primaryKey: segment.first + index, entity: segment.entity)
                var row: [SQLiteDatabase.Value] = [
                    .integer(Int64(key.primaryKey)), .integer(Int64(key.entity)),
                    .integer(1),
                ]
                var record = Row(entity: name, primaryKey: key.primaryKey, attributes: [])
                var linked: FixtureFamily.Link?
                for column in table.columns {
                    var value = SQLiteDatabase.Value.null
                    switch column.content {
                    case .attribute(let owner, let attributeName, _) where lineage.contains(owner):
                        if let attribute = byName[owner]?.attributes.first(where: { $0.name == attributeName }) {
                            let generated = values.value(
                                attribute, entity: name, row: index,
                                unique: constrained.contains(column.name) ? key.primaryKey : nil)
                            value = generated?.stored ?? .null
                            if let file = generated?.external { batch.externalFiles.append(file) }
                            let read = generated.map { $0.logical ?? ExpectedValue($0.stored, type: attribute.type) }
                            record.attributes.append((attributeName, value, read ?? .null))
                        }
                    case .toOne(let owner, let relationshipName, let destination) where lineage.contains(owner):
                        linked = link(owner, relationshipName, destination, row: key)
                        value = linked.map { .integer(Int64($0.key.primaryKey)) } ?? .null
                    case .toOneEntity(let owner, _) where lineage.contains(owner):
                        value = linked.map { .integer(Int64($0.key.entity)) } ?? .null
                    case .order(let owner, _) where lineage.contains(owner):
                        // Its place among the rows before it that name the same object.
                        if let linked { value = .integer(Int64(linked.earlierLinks + 1)) }
                    case .toManyWithoutInverse(let source, _):
                        let sources = family(source)
                        if sources.total > 0, index % 7 != 5 {
                            value = .integer(Int64(sources.key(at: (key.primaryKey - 1) % sources.total).primaryKey))
                        }
                    default: break
                    }
                    row.append(value)
                }
                batch.values.append(row)
                batch.records.append(record)
                if batch.values.count >= size {
                    try body(batch)
                    batch = Batch(table: batch.table)
                }
            }
        }
        if !batch.values.isEmpty { try body(batch) }
    }

    /// The rows of a many-to-many join table, `size` at a time: each object of the first side linked to two of the
    /// second (one when there is one), with its place on both sides when the join table keeps order.
    func forEachBatch(of join: StoreLayout.JoinTable, size: Int, _ body: (Batch) throws -> Void) rethrows {
        let owners = family(join.first.entity), targets = family(join.second.entity)
        guard targets.total > 0 else { return }
        var batch = Batch(table: join.name)
        for index in 0..<owners.total {
            let owner = owners.key(at: index)
            let picks = Set([index % targets.total, (index + 1) % targets.total]).sorted()
            for (position, pick) in picks.enumerated() {
                var row: [SQLiteDatabase.Value] = [
                    .integer(Int64(owner.primaryKey)),
                    .integer(Int64(targets.key(at: pick).primaryKey)),
                ]
                let orders = [
                    Int64(position + 1),
                    Int64(
                        FixtureFamily.timesPicked(
                            pick, before: index,
                            targets: targets.total) + 1),
                ]
                row += orders.prefix(join.orderColumns.count).map { .integer($0) }
                batch.values.append(row)
            }
            if batch.values.count >= size {
                try body(batch)
                batch = Batch(table: batch.table)
            }
        }
        if !batch.values.isEmpty { try body(batch) }
    }

    /// The object a to-one names in `row`: the k-th row of the relationship's entities links to the k-th object of the
    /// destination's (each object at most once when the inverse is to-one too), every seventh optional one empty.
    func link(_ owner: String, _ name: String, _ destination: String, row: Key) -> FixtureFamily.Link? {
        guard let relationship = byName[owner]?.relationships.first(where: { $0.name == name }) else { return nil }
        // Primary keys are unique within a table, and a family lives in one table.
        let targets = family(destination)
        guard let position = family(owner).position(of: row.primaryKey), targets.total > 0 else { return nil }
        let inverse = relationship.inverseName.flatMap { inverseName in
            byName[destination].flatMap { StoreLayout.relationship(inverseName, of: $0, in: byName) }
        }
        if let inverse, !inverse.isToMany {
            // One-to-one: both sides compute the same pairs.
            if relationship.isOptional && inverse.isOptional && position % 7 == 5 { return nil }
            return position < targets.total ? FixtureFamily.Link(key: targets.key(at: position), earlierLinks: 0) : nil
        }
        if relationship.isOptional && position % 7 == 5 { return nil }
        return FixtureFamily.Link(
            key: targets.key(at: position % targets.total),
            earlierLinks: FixtureFamily.earlierLinks(
                position: position, targets: targets.total,
                skippingEverySeventh: relationship.isOptional))
    }
}
