/// `<Version>.expected.json`: openmomc's prediction of what the current version holds after Core Data upgrades the
/// fixture, row by row, from Core Data's inferred mapping (`ModelMatcher`, the migration analysis's own matching):
/// values kept under their new names, dropped ones absent, new attributes at their default, rows of dropped entities
/// gone. A test on a Mac opens the fixture with the app's model and compares (the store guide, "Testing upgrades on
/// real store files").
struct ExpectedRows: Encodable {
    var format = 1
    var from: String
    var to: String
    var verdict: String
    var dates = "seconds since 2001-01-01 (timeIntervalSinceReferenceDate)"
    var binary = "size in bytes and SHA-256 of the bytes"
    /// Source entity -> what becomes of it.
    var entities: [String: EntityFate]
    var rows: [ExpectedRow]

    struct EntityFate: Encodable {
        /// The entity its rows become; nil when they are gone.
        var becomes: String?
        var rows: Int
        /// New name -> old name.
        var renamed: [String: String] = [:]
        /// Attributes and relationships whose data the upgrade drops.
        var dropped: [String] = []
        /// Attributes that change type (the upgrade cannot be inferred; their values are left out).
        var changedType: [String] = []
        /// New attributes -> the value every migrated row gets (null without a default).
        var added: [String: ExpectedValue] = [:]
    }

    struct ExpectedRow: Encodable {
        var entity: String
        /// The row's primary key in the fixture (`Z_PK`).
        var primaryKey: Int
        var values: [String: ExpectedValue]
    }

    init(_ written: FixtureRows, from source: CompiledVersion, to destination: CompiledVersion) {
        from = source.versionName
        to = destination.versionName
        verdict = MigrationAnalyzer.analyze(from: source, to: destination).verdict.description
        let matcher = ModelMatcher(from: source.model, to: destination.model)
        let sources = matcher.sourceEntities, destinations = matcher.destinationEntities
        var fates: [String: EntityFate] = [:]
        // Per source entity: destination attribute name -> source attribute name, for the values kept.
        var kept: [String: [(String, String)]] = [:]
        for row in written.rows where fates[row.entity] == nil {
            guard let sourceEntity = sources[row.entity], let target = matcher.destinationNames[row.entity],
                  let destinationEntity = destinations[target] else {
                fates[row.entity] = EntityFate(becomes: nil, rows: 0)
                continue
            }
            var fate = EntityFate(becomes: target, rows: 0)
            let match = matcher.properties(from: sourceEntity, to: destinationEntity)
            var pairs: [(String, String)] = []
            for (old, new) in match.matched {
                let (before, after) = (match.source(old), match.destination[new])
                if before.name != after.name { fate.renamed[after.name] = before.name }
                guard case .attribute(let a) = before, case .attribute(let b) = after else { continue }
                if a.type == b.type { pairs.append((b.name, a.name)) } else { fate.changedType.append(b.name) }
            }
            fate.dropped = match.removed.map { match.source($0).name }.sorted()
            for index in match.added {
                guard case .attribute(let attribute) = match.destination[index] else { continue }
                fate.added[attribute.name] = ExpectedValue(default: attribute.defaultValue, type: attribute.type) ?? .null
            }
            fates[row.entity] = fate
            kept[row.entity] = pairs
        }
        var rows: [ExpectedRow] = []
        for row in written.rows {
            fates[row.entity]?.rows += 1
            guard let fate = fates[row.entity], let target = fate.becomes else { continue }
            var values = fate.added
            var read: [String: ExpectedValue] = [:]
            for attribute in row.attributes { read[attribute.name] = attribute.read }
            for (new, old) in kept[row.entity] ?? [] { values[new] = read[old] ?? .null }
            rows.append(ExpectedRow(entity: target, primaryKey: row.primaryKey, values: values))
        }
        entities = fates
        self.rows = rows
    }
}
