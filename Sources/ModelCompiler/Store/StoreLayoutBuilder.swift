extension StoreLayout {
    /// The layout of `model`'s store, as a fresh store of that version has it when Core Data build `framework`
    /// creates it.
    init(_ model: ManagedObjectModel, framework: Int = StoreLayout.newestFramework) {
        self.framework = framework
        let byName = model.entitiesByName
        let entities = Self.numbering(model.entities, byName: byName)
        self.entities = entities
        var numbers: [String: Int] = [:]
        for entity in entities { numbers[entity.name] = entity.number }
        let roots = entities.filter { $0.superNumber == 0 }
        var candidates: [String: [Candidate]] = [:]
        var joins: [JoinTable] = []
        var joined: Set<String> = []
        for numbered in entities {
            guard let entity = byName[numbered.name] else { continue }
            for attribute in entity.attributes where attribute.isStored {
                guard let type = attribute.type, let sql = Self.sqlType(type) else { continue }
                candidates[numbered.root, default: []].append(
                    Candidate(
                        group: Self.group(type), owner: numbered.number, sortName: attribute.name,
                        parts: [
                            (
                                attribute.name.uppercased(), sql,
                                .attribute(entity: entity.name, name: attribute.name, type: type)
                            )
                        ]))
            }
            for relationship in entity.relationships where !relationship.isTransient {
                guard let destination = relationship.destinationEntityName, let target = byName[destination],
                    let targetNumber = numbers[destination],
                    let targetRoot = entities.first(where: { $0.name == destination })?.root
                else { continue }
                let inverse = relationship.inverseName.flatMap { Self.relationship($0, of: target, in: byName) }
                if !relationship.isToMany {
                    var parts: [(String, String, Content)] = [
                        (
                            relationship.name.uppercased(), "INTEGER",
                            .toOne(entity: entity.name, name: relationship.name, destination: destination)
                        )
                    ]
                    if entities.contains(where: { $0.superNumber == targetNumber }) {
                        parts.append(
                            (
                                "\(targetNumber)_" + relationship.name.uppercased(), "INTEGER",
                                .toOneEntity(entity: entity.name, name: relationship.name)
                            ))
                    }
                    if let inverse, inverse.isToMany, inverse.isOrdered {
                        parts.append(
                            (
                                "_FOK_" + relationship.name.uppercased(), "INTEGER",
                                .order(entity: entity.name, name: relationship.name)
                            ))
                    }
                    candidates[numbered.root, default: []].append(
                        Candidate(
                            group: 1, owner: numbered.number, sortName: relationship.name, parts: parts, exact: 1))
                } else if let inverse, inverse.isToMany {
                    // Many-to-many: one join table, made from the side with the lower entity number.
                    let key = [numbered.name + "." + relationship.name, destination + "." + inverse.name].sorted()
                        .joined(separator: "|")
                    guard joined.insert(key).inserted else { continue }
                    joins.append(
                        Self.joinTable(
                            entity.name, relationship, numbered.number,
                            destination, inverse, targetNumber))
                } else if inverse == nil {
                    let base = "\(numbered.number)" + relationship.name.uppercased()
                    var parts: [(String, String, Content)] = [
                        (base, "INTEGER", .toManyWithoutInverse(source: entity.name, name: relationship.name))
                    ]
                    if relationship.isOrdered {
                        parts.append(("_FOK_" + base, "INTEGER", .order(entity: entity.name, name: relationship.name)))
                    }
                    candidates[targetRoot, default: []].append(
                        Candidate(
                            group: 1, owner: targetNumber, sortName: base, parts: parts, exact: 1))
                }
            }
        }
        tables = roots.map { root in
            Self.table(
                root, members: entities.filter { $0.root == root.name }, candidates: candidates[root.name] ?? [],
                byName: byName, naming: IndexNaming(framework: framework))
        }
        // Core Data's own naming (section 6.1); past the table sizes it was verified for, the older reading.
        var naming = JoinTableNaming(entities: entities, tables: tables, byName: byName)
        joinTables = naming.joinTables() ?? joins
    }

    /// One column to be, before names are made unique within its table.
    struct Candidate {
        var group: Int
        var owner: Int
        var sortName: String
        /// (name without the leading `Z`, SQL type, content); the first is the property's own column.
        var parts: [(String, String, Content)]
        /// How many leading parts take the plain `Z` + name form (a clash gets a digit); the rest are fixed names.
        var exact = 1
    }

    /// Entity numbers: a pre-order walk of the inheritance forest, roots and siblings by name, case-insensitively.
    static func numbering(_ all: [Entity], byName: [String: Entity]) -> [EntityNumber] {
        var children: [String?: [String]] = [:]
        for entity in all {
            let parent = entity.parentName.flatMap { byName[$0] == nil ? nil : $0 }
            children[parent, default: []].append(entity.name)
        }
        var result: [EntityNumber] = []
        var visited: Set<String> = []
        func visit(_ parent: String?, superNumber: Int, root: String?) {
            let names = (children[parent] ?? []).sorted(by: namePrecedes)
            for name in names where visited.insert(name).inserted {
                let number = result.count + 1
                result.append(EntityNumber(name: name, number: number, superNumber: superNumber, root: root ?? name))
                visit(name, superNumber: number, root: root ?? name)
            }
        }
        visit(nil, superNumber: 0, root: nil)
        return result
    }

    /// Core Data's entity name order: case-insensitive, then by code point.
    static func namePrecedes(_ a: String, _ b: String) -> Bool {
        let (x, y) = (a.lowercased(), b.lowercased())
        return x == y
            ? a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
            : x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars)
    }

    /// A relationship of `entity` or of one of its parents.
    static func relationship(_ name: String, of entity: Entity, in byName: [String: Entity]) -> Relationship? {
        declaredRelationship(name, of: entity, in: byName)?.relationship
    }

    /// A relationship of `entity` or of one of its parents, with the entity that declares it.
    static func declaredRelationship(
        _ name: String, of entity: Entity, in byName: [String: Entity]
    )
        -> (owner: Entity, relationship: Relationship)?
    {
        for owner in entity.lineage(in: byName) {
            if let relationship = owner.relationships.first(where: { $0.name == name }) { return (owner, relationship) }
        }
        return nil
    }

    /// An attribute or relationship's column name inside `table`, for indexes and constraints.
    static func columnName(_ property: String, of entity: Entity, in table: Table, byName: [String: Entity]) -> String?
    {
        for owner in entity.lineage(in: byName) {
            for column in table.columns {
                switch column.content {
                case .attribute(owner.name, property, _), .toOne(owner.name, property, _): return column.name
                default: continue
                }
            }
        }
        return nil
    }

    static func sqlType(_ type: AttributeType) -> String? {
        switch type {
        case .integer16, .integer32, .integer64, .boolean: "INTEGER"
        case .double, .float: "FLOAT"
        case .decimal: "DECIMAL"
        case .date: "TIMESTAMP"
        case .string, .uri: "VARCHAR"
        case .binary, .uuid, .transformable: "BLOB"
        case .undefined, .objectID, .composite: nil
        }
    }

    /// Columns come in groups (integers, relationships, 8-byte numbers and dates, text, blobs), as Core Data's do.
    static func group(_ type: AttributeType) -> Int {
        switch type {
        case .integer16, .integer32, .integer64, .boolean: 0
        case .double, .float, .decimal, .date: 2
        case .string, .uri: 3
        default: 4
        }
    }
}
