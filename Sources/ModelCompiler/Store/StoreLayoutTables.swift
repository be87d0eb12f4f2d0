extension StoreLayout {
    /// A root entity's table: its columns in Core Data's order (group, then entity number, then name), clashing names
    /// numbered (`ZTEXT`, `ZTEXT1`), then its indexes and uniqueness constraints.
    static func table(
        _ root: EntityNumber, members: [EntityNumber], candidates: [Candidate],
        byName: [String: Entity], naming: IndexNaming
    ) -> Table {
        let ordered = candidates.sorted { a, b in
            if a.group != b.group { return a.group < b.group }
            if a.owner != b.owner { return a.owner < b.owner }
            return a.sortName.unicodeScalars.lexicographicallyPrecedes(b.sortName.unicodeScalars)
        }
        var used: Set<String> = ["Z_PK", "Z_ENT", "Z_OPT"]
        var columns: [Column] = []
        // The relationships' order columns (`Z_FOK_`) follow all of their foreign keys (a messaging app's
        // ZGENERICMESSAGEDATA: ZASSET, ZMESSAGE, Z_FOK_ASSET, Z_FOK_MESSAGE).
        var emitted: [(part: (String, String, Content), exact: Bool)] = []
        var orders: [(String, String, Content)] = []
        for (position, candidate) in ordered.enumerated() {
            for (index, part) in candidate.parts.enumerated() {
                if case .order = part.2 { orders.append(part) } else { emitted.append((part, index < candidate.exact)) }
            }
            if position + 1 == ordered.count || ordered[position + 1].group != candidate.group {
                emitted += orders.map { ($0, false) }
                orders = []
            }
        }
        for (part, exact) in emitted {
            var name = "Z" + part.0
            if exact, used.contains(name) {
                var suffix = 1
                while used.contains(name + "\(suffix)") { suffix += 1 }
                name += "\(suffix)"
            }
            used.insert(name)
            columns.append(Column(name: name, type: part.1, content: part.2))
        }
        var table = Table(
            name: "Z" + root.name.uppercased(), root: root.name, entities: members.map(\.name),
            columns: columns, constraints: [], indexes: [])
        table.indexes = indexes(table, members: members, byName: byName, naming: naming)
        var constraintNames: Set<String> = []
        for member in members {
            guard let entity = byName[member.name] else { continue }
            for constraint in entity.uniquenessConstraints {
                let names = constraint.members.map { columnName($0.value, of: entity, in: table, byName: byName) }
                guard !names.isEmpty, names.allSatisfy({ $0 != nil }) else { continue }
                let columns = names.compactMap { $0 }
                let name = columns.joined(separator: "_")
                if constraintNames.insert(name).inserted { table.constraints.append((name, columns)) }
            }
        }
        return table
    }

    /// Indexes in the order Core Data creates them: indexed attributes, foreign keys, `Z_ENT` of a shared table,
    /// compound indexes, then fetch indexes (`Z_<Entity>_<name>`, repeated for each entity of the table that has it).
    /// Under `.fetchIndex` naming, indexed attributes and compound indexes come last, named as fetch indexes of the
    /// entity that declares them.
    static func indexes(
        _ table: Table, members: [EntityNumber], byName: [String: Entity],
        naming: IndexNaming
    ) -> [(String, [String])] {
        var result: [(String, [String])] = []
        var names: Set<String> = []
        func add(_ name: String, _ columns: [String]) {
            if !columns.isEmpty, names.insert(name).inserted { result.append((name, columns)) }
        }
        let declared = members.compactMap { byName[$0.name] }
        if naming == .tableAndColumns {
            for column in table.columns {
                if case .attribute(let owner, let name, _) = column.content,
                    byName[owner]?.attributes.first(where: { $0.name == name })?.isIndexed == true
                {
                    add("\(table.name)_\(column.name)_INDEX", [column.name])
                }
            }
        }
        for column in table.columns {
            switch column.content {
            case .toOne, .toManyWithoutInverse: add("\(table.name)_\(column.name)_INDEX", [column.name])
            default: continue
            }
        }
        if members.count > 1 { add("\(table.name)_Z_ENT_INDEX", ["Z_ENT"]) }
        if naming == .tableAndColumns {
            for entity in declared {
                for index in entity.compoundIndexes {
                    let columns = index.members.map { columnName($0.value, of: entity, in: table, byName: byName) }
                    guard columns.allSatisfy({ $0 != nil }) else { continue }
                    add(([table.name] + columns.compactMap { $0 }).joined(separator: "_"), columns.compactMap { $0 })
                }
            }
        }
        let ascending = { (column: String) in "\(column) COLLATE BINARY ASC" }
        for entity in declared {
            for chained in entity.lineage(in: byName) {
                for index in chained.fetchIndexes {
                    // Only property elements: expression and R-tree indexes are OPEN (CompatibilityChoices).
                    guard index.elements.allSatisfy({ $0.property != nil && $0.kind == .binary }) else { continue }
                    let columns = index.elements.compactMap { element in
                        columnName(element.property!, of: entity, in: table, byName: byName)
                            .map { "\($0) COLLATE BINARY \(element.isAscending ? "ASC" : "DESC")" }
                    }
                    if columns.count == index.elements.count { add("Z_\(entity.name)_\(index.name)", columns) }
                }
            }
            guard naming == .fetchIndex else { continue }
            for attribute in entity.attributes where attribute.isIndexed {
                if let column = columnName(attribute.name, of: entity, in: table, byName: byName) {
                    add("Z_\(entity.name)_\(attribute.name)", [ascending(column)])
                }
            }
            for index in entity.compoundIndexes {
                let columns = index.members.compactMap { columnName($0.value, of: entity, in: table, byName: byName) }
                guard columns.count == index.members.count else { continue }
                add("Z_\(entity.name)_" + index.members.map(\.value).joined(separator: "_"), columns.map(ascending))
            }
        }
        return result
    }

    /// A many-to-many relationship's table, named after the relationship of the entity with the lower number (for a
    /// relationship to its own entity, the later name); each column is the entity number of the rows it names and
    /// the relationship that points at them.
    static func joinTable(
        _ source: String, _ relationship: Relationship, _ sourceNumber: Int,
        _ destination: String, _ inverse: Relationship, _ destinationNumber: Int
    ) -> JoinTable {
        var a = (entity: source, relationship: relationship, number: sourceNumber)
        var b = (entity: destination, relationship: inverse, number: destinationNumber)
        let precedes = { (x: String, y: String) in x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars) }
        let exchange =
            b.number < a.number
            || (b.number == a.number && precedes(a.relationship.name, b.relationship.name))
        if exchange { swap(&a, &b) }
        let first = (
            column: "Z_\(a.number)" + b.relationship.name.uppercased(), entity: a.entity,
            relationship: a.relationship.name
        )
        let second = (
            column: "Z_\(b.number)" + a.relationship.name.uppercased(), entity: b.entity,
            relationship: b.relationship.name
        )
        var orders: [String] = []
        if b.relationship.isOrdered { orders.append("Z_FOK_" + first.column.dropFirst(2)) }
        if a.relationship.isOrdered { orders.append("Z_FOK_" + second.column.dropFirst(2)) }
        return JoinTable(
            name: "Z_\(a.number)" + a.relationship.name.uppercased(), first: first, second: second,
            orderColumns: orders)
    }
}
