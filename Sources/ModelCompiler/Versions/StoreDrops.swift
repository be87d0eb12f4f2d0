/// What the upgrade a store's verdict describes drops from that store, counted in its rows: per dropped attribute or
/// to-one relationship, how many rows hold a value (an empty column loses nothing); per dropped to-many, how many
/// objects link to anything (a join table's side, or a to-many's own column without an inverse); per dropped entity,
/// its rows.
/// From the counts the Store stage read (`CoreDataStore.columnValues`) and Core Data's inferred mapping
/// (`ModelMatcher`); columns are found by the writing version's `StoreLayout`.
struct StoreDrop: Sendable, Equatable, Encodable {
    /// `Entity.property`, or `Entity` for a dropped entity.
    var subject: String
    /// Rows that hold a value the upgrade drops (for an entity: its rows).
    var holding: Int
    /// The rows that have the property (for an entity: its rows).
    var rows: Int

    /// "Contact.abRecordId: 1,204 of 1,310 rows hold a value this upgrade drops".
    var description: String {
        if !subject.contains(".") {
            return holding == 0
                ? "entity \(subject): no rows, nothing is lost"
                : "entity \(subject): \(Self.grouped(holding)) row\(holding == 1 ? "" : "s") this upgrade drops"
        }
        if holding == 0 {
            return "\(subject): none of \(Self.grouped(rows)) row\(rows == 1 ? "" : "s") holds a value; nothing is lost"
        }
        return "\(subject): \(Self.grouped(holding)) of \(Self.grouped(rows)) row\(rows == 1 ? "" : "s") "
            + "\(holding == 1 ? "holds" : "hold") a value this upgrade drops"
    }

    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return (number < 0 ? "-" : "") + out
    }
}

enum StoreDrops {
    /// The drops of the inferred upgrade from `source` (the store's writer) to `destination`, in subject order.
    static func count(
        _ store: CoreDataStore, from source: ManagedObjectModel, to destination: ManagedObjectModel
    )
        -> [StoreDrop]
    {
        let layout = StoreLayout(source)
        let matcher = ModelMatcher(from: source, to: destination)
        let numbers = Dictionary(store.primaryKeys.map { ($0.name, $0.entityNumber) }, uniquingKeysWith: { a, _ in a })
        let tables = Dictionary(
            store.columnValues.map { ($0.key.uppercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        var totals: [String: (holding: Int, rows: Int)] = [:]
        for entity in source.entities {
            let rows = store.rowCounts[entity.name] ?? 0
            guard let number = numbers[entity.name], let table = layout.table(of: entity.name) else { continue }
            let held = tables[table.name.uppercased()]?[number] ?? [:]
            guard let target = matcher.destinationNames[entity.name],
                let destinationEntity = matcher.destinationEntities[target]
            else {
                // Rows are counted per entity; a parent's dropped rows are its own, its subentities' are theirs.
                totals[entity.name, default: (0, 0)].holding += rows
                totals[entity.name, default: (0, 0)].rows += rows
                continue
            }
            let match = matcher.properties(from: entity, to: destinationEntity)
            for position in match.removed {
                let property = match.source(position)
                let owner = match.sourceDeclarer(position)
                let content: StoreLayout.Content
                switch property {
                case .attribute(let attribute):
                    guard let type = attribute.type else { continue }
                    content = .attribute(entity: owner, name: attribute.name, type: type)
                case .relationship(let relationship) where !relationship.isToMany:
                    content = .toOne(
                        entity: owner, name: relationship.name,
                        destination: relationship.destinationEntityName ?? "")
                case .relationship(let relationship):
                    // To-many links, counted once, at the entity that declares the relationship: the objects of its
                    // family that link to anything (`CoreDataStore.linkedObjects`).
                    guard owner == entity.name, let linked = linkedObjects(relationship, of: owner, layout, store)
                    else {
                        continue
                    }
                    let family = source.entities.filter { $0.lineageNames(in: source.entitiesByName).contains(owner) }
                    let key = "\(entity.name).\(property.name)"
                    totals[key, default: (0, 0)].holding += linked
                    totals[key, default: (0, 0)].rows += family.reduce(0) { $0 + (store.rowCounts[$1.name] ?? 0) }
                    continue
                default: continue
                }
                guard let column = table.column(for: content) else { continue }
                let key = "\(entity.name).\(property.name)"
                totals[key, default: (0, 0)].holding += held[column.name] ?? 0
                totals[key, default: (0, 0)].rows += rows
            }
        }
        return totals.keys.sorted().map { StoreDrop(subject: $0, holding: totals[$0]!.holding, rows: totals[$0]!.rows) }
    }

    /// How many objects of `owner`'s family a to-many links from: its side's column of the join table (many-to-many),
    /// or the distinct values of its column in the destination's table (no inverse); nil when the store has neither.
    private static func linkedObjects(
        _ relationship: Relationship, of owner: String, _ layout: StoreLayout,
        _ store: CoreDataStore
    ) -> Int? {
        let tables = Dictionary(
            store.linkedObjects.map { ($0.key.uppercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        if let join = layout.joinTables.first(where: { join in
            (join.first.entity == owner && join.first.relationship == relationship.name)
                || (join.second.entity == owner && join.second.relationship == relationship.name)
        }) {
            let column =
                join.first.entity == owner && join.first.relationship == relationship.name
                ? join.first.column : join.second.column
            return tables[join.name.uppercased()]?[column]
        }
        guard relationship.inverseName == nil, let destination = relationship.destinationEntityName,
            let table = layout.table(of: destination),
            let column = table.column(for: .toManyWithoutInverse(source: owner, name: relationship.name))
        else { return nil }
        return tables[table.name.uppercased()]?[column.name]
    }
}
