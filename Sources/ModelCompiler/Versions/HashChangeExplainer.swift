/// Which fact of a shipped property changed, when its version hash differs from the record: the record keeps only
/// the hash, so the explainer tries the values each hashed fact could have had (optionality, transience, type, ...)
/// and names the one whose hash is the recorded one ("optionality from optional to required").
struct HashChangeExplainer {
    private let hashing: PropertyHashing
    /// Other destinations a relationship may have had; bounded, so that a huge model's error stays quick.
    private let destinations: [String]

    init(_ model: ManagedObjectModel) {
        hashing = PropertyHashing(model)
        destinations = model.entities.prefix(500).map(\.name)
    }

    /// A hashed fact: its name in the message, how its value reads, and what else it could have been.
    private struct Fact<Value>: Sendable {
        var name: String
        var text: @Sendable (Value) -> String
        var alternatives: @Sendable (Value) -> [Value]
        var note = ""
    }

    /// `recorded`: the property's hash as the shipped record holds it (base64).
    func explain(_ property: Property, of entity: Entity, recorded: String) -> String? {
        switch property {
        case .attribute(let attribute):
            return explain(attribute, Self.attributeFacts, recorded: recorded) { hashing.attribute($0) }
        case .relationship(let relationship):
            return explain(relationship, relationshipFacts, recorded: recorded) {
                hashing.relationship($0, declaredOn: entity)
            }
        case .fetchedProperty:
            return nil
        }
    }

    /// Every combination of the facts' values, the current ones first; the first whose hash is the recorded one
    /// says what changed.
    private func explain<Value>(
        _ current: Value, _ facts: [Fact<Value>], recorded: String, hash: (Value) -> [UInt8]
    ) -> String? {
        var candidates = [current]
        for fact in facts { candidates = candidates.flatMap { [$0] + fact.alternatives($0) } }
        guard let before = candidates.first(where: { Base64.encode(hash($0)) == recorded }) else { return nil }
        let changes = facts.filter { $0.text(before) != $0.text(current) }
            .map { "\($0.name) from \($0.text(before)) to \($0.text(current))\($0.note)" }
        return changes.isEmpty ? nil : changes.joined(separator: ", ")
    }

    /// A yes/no fact, whose one alternative is the other value.
    private static func flag<Value>(
        _ name: String, _ path: WritableKeyPath<Value, Bool> & Sendable, _ yes: String,
        _ no: String
    ) -> Fact<Value> {
        Fact(
            name: name, text: { $0[keyPath: path] ? yes : no },
            alternatives: {
                var other = $0; other[keyPath: path].toggle(); return [other]
            })
    }

    private static let attributeFacts: [Fact<Attribute>] = [
        Fact(
            name: "type", text: { $0.type?.rawValue ?? "Undefined" },
            alternatives: { attribute in
                AttributeType.allCases.filter { $0 != attribute.type }.map {
                    var other = attribute; other.type = $0; return other
                }
            }),
        flag("optionality", \.isOptional, "optional", "required"),
        flag("transience", \.isTransient, "transient", "stored"),
        flag("external storage", \.allowsExternalBinaryDataStorage, "allowed", "not allowed"),
    ]

    private var relationshipFacts: [Fact<Relationship>] {
        [
            Fact(
                name: "destination", text: { $0.destinationEntityName ?? "none" },
                alternatives: { [destinations] relationship in
                    destinations.filter { $0 != relationship.destinationEntityName }
                        .map {
                            var other = relationship; other.destinationEntityName = $0; return other
                        }
                }),
            Self.flag("optionality", \.isOptional, "optional", "required"),
            Self.flag("ordering", \.isOrdered, "ordered", "unordered"),
            Self.flag("transience", \.isTransient, "transient", "stored"),
            Fact(
                name: "count", text: { "\($0.minCount)...\($0.maxCount)" },
                alternatives: { relationship in
                    [(nil, nil), (nil, 1), (1, 1), (nil, 0), (1, 0)].map { (minimum: Int?, maximum: Int?) in
                        var other = relationship
                        (other.minCountValue, other.maxCountValue) = (minimum, maximum)
                        return other
                    }
                }, note: " (min...max, 0 = unbounded)"),
        ]
    }
}
