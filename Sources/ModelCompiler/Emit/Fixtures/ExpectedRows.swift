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
        /// Attributes that change type other than by a conversion inference makes (their values are left out).
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

    /// Per source entity: destination attribute name, source attribute name and the destination's type, for the
    /// values kept.
    private var kept: [String: [(String, String, AttributeType?)]] = [:]

    private enum CodingKeys: String, CodingKey {
        case format, from, to, verdict, dates, binary, entities, rows
    }

    /// The prediction's header (every entity's fate); its rows come a batch at a time from `rows(of:)`.
    init(_ written: FixtureRows, from source: CompiledVersion, to destination: CompiledVersion) {
        from = source.versionName
        to = destination.versionName
        verdict = MigrationAnalyzer.analyze(from: source, to: destination).verdict.description
        let matcher = ModelMatcher(from: source.model, to: destination.model)
        let sources = matcher.sourceEntities, destinations = matcher.destinationEntities
        var fates: [String: EntityFate] = [:]
        for (name, _) in written.segments where written.count > 0 {
            guard let sourceEntity = sources[name], let target = matcher.destinationNames[name],
                let destinationEntity = destinations[target]
            else {
                fates[name] = EntityFate(becomes: nil, rows: written.count)
                continue
            }
            var fate = EntityFate(becomes: target, rows: written.count)
            let match = matcher.properties(from: sourceEntity, to: destinationEntity)
            var pairs: [(String, String, AttributeType?)] = []
            for (old, new) in match.matched {
                let (before, after) = (match.source(old), match.destination[new])
                if before.name != after.name { fate.renamed[after.name] = before.name }
                guard case .attribute(let a) = before, case .attribute(let b) = after else { continue }
                if a.type == b.type || a.type.flatMap({ b.type?.conversion(from: $0) }) == .converted {
                    pairs.append((b.name, a.name, b.type))
                } else {
                    fate.changedType.append(b.name)
                }
            }
            fate.dropped = match.removed.map { match.source($0).name }.sorted()
            for index in match.added {
                guard case .attribute(let attribute) = match.destination[index] else { continue }
                fate.added[attribute.name] =
                    ExpectedValue(default: attribute.defaultValue, type: attribute.type) ?? .null
            }
            fates[name] = fate
            kept[name] = pairs
        }
        entities = fates
        rows = []
    }

    /// What the upgrade makes of `records`, in their order (rows of dropped entities left out).
    func rows(of records: [FixtureRows.Row]) -> [ExpectedRow] {
        records.compactMap { row in
            guard let fate = entities[row.entity], let target = fate.becomes else { return nil }
            var values = fate.added
            var read: [String: ExpectedValue] = [:]
            for attribute in row.attributes { read[attribute.name] = attribute.read }
            for (new, old, type) in kept[row.entity] ?? [] { values[new] = (read[old] ?? .null).converted(to: type) }
            return ExpectedRow(entity: target, primaryKey: row.primaryKey, values: values)
        }
    }
}
