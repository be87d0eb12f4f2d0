/// The SQLite schema Core Data gives a store of one model version (store-format.md sections 4 and 6): entity numbers,
/// one table per root entity with its subentities' columns, foreign keys and order columns, join tables, indexes and
/// uniqueness constraints. Used to write fixture stores and to read what a store holds in a model's terms.
/// Where the spec is OPEN (column order inside a group, join-table SQL), Docs/CompatibilityChoices.md says what is
/// chosen.
struct StoreLayout {
    /// The Core Data build fixtures are written as (one that writes the checksum and digest metadata keys).
    static let newestFramework = 1523

    struct EntityNumber: Equatable {
        var name: String
        var number: Int
        var superNumber: Int
        var root: String
    }

    /// What a column holds.
    enum Content: Equatable {
        case attribute(entity: String, name: String, type: AttributeType)
        /// A to-one relationship's destination primary key.
        case toOne(entity: String, name: String, destination: String)
        /// The destination's entity number, beside a to-one whose destination has subentities.
        case toOneEntity(entity: String, name: String)
        /// The position in an ordered to-many, on the destination (named after the inverse to-one).
        case order(entity: String, name: String)
        /// A to-many without inverse: the source row's primary key, on the destination.
        case toManyWithoutInverse(source: String, name: String)
    }

    struct Column: Equatable {
        var name: String
        var type: String
        var content: Content
    }

    struct Table: Equatable {
        var name: String
        var root: String
        /// The entities whose rows live here, in entity-number order.
        var entities: [String]
        var columns: [Column]
        var constraints: [(name: String, columns: [String])]
        var indexes: [(name: String, columns: [String])]

        static func == (lhs: Table, rhs: Table) -> Bool { lhs.createStatements == rhs.createStatements }

        func column(for content: Content) -> Column? { columns.first { $0.content == content } }
    }

    /// A many-to-many relationship's table: one row per link, each column the primary key of one side.
    struct JoinTable: Equatable {
        var name: String
        /// (column, entity whose rows it names, relationship of that entity) for the two sides.
        var first: (column: String, entity: String, relationship: String)
        var second: (column: String, entity: String, relationship: String)
        /// `Z_FOK_` columns: the order of `second` within `first`'s relationship, and back, when ordered.
        var orderColumns: [String]

        static func == (lhs: JoinTable, rhs: JoinTable) -> Bool { lhs.createStatements == rhs.createStatements }
    }

    /// The Core Data build that would create the store (`NSPersistenceFrameworkVersion`); it decides how indexes are
    /// named (`IndexNaming`).
    var framework: Int
    var entities: [EntityNumber]
    var tables: [Table]
    var joinTables: [JoinTable]

    func number(of entity: String) -> Int? { entities.first { $0.name == entity }?.number }
    func table(of entity: String) -> Table? {
        guard let root = entities.first(where: { $0.name == entity })?.root else { return nil }
        return tables.first { $0.root == root }
    }

    /// Every statement that creates the schema, tables first, in the order Core Data's stores list them.
    var createStatements: [String] {
        let fixed = [
            "CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)",
            "CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)",
            "CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB)",
        ]
        let tableStatements = tables.map { $0.createStatements[0] } + joinTables.map { $0.createStatements[0] }
        let indexStatements =
            tables.flatMap { $0.createStatements.dropFirst() }
            + joinTables.flatMap { $0.createStatements.dropFirst() }
        return tableStatements + fixed + indexStatements
    }
}

extension StoreLayout.Table {
    /// `CREATE TABLE`, then its indexes, spaced as Core Data writes them.
    var createStatements: [String] {
        let base =
            ["Z_PK INTEGER PRIMARY KEY", "Z_ENT INTEGER", "Z_OPT INTEGER"] + columns.map { "\($0.name) \($0.type)" }
        var create = "CREATE TABLE \(name) ( " + base.joined(separator: ", ")
        if constraints.isEmpty {
            create += " )"
        } else {
            create +=
                ", "
                + constraints.map { "CONSTRAINT \($0.name) UNIQUE (\($0.columns.joined(separator: ", ")))" }
                .joined(separator: ", ") + ")"
        }
        return [create] + indexes.map { "CREATE INDEX \($0.name) ON \(name) (\($0.columns.joined(separator: ", ")))" }
    }
}

extension StoreLayout.JoinTable {
    var createStatements: [String] {
        let columns = [first.column, second.column] + orderColumns
        let create =
            "CREATE TABLE \(name) ( " + columns.map { "\($0) INTEGER" }.joined(separator: ", ")
            + ", PRIMARY KEY (\(first.column), \(second.column)) )"
        let index = "CREATE INDEX \(name)_\(second.column)_INDEX ON \(name) (\(second.column), \(first.column))"
        return [create, index]
    }
}
