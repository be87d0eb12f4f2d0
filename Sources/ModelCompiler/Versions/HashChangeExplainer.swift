/// Which fact of a shipped property changed, when its version hash differs from the record: the record keeps only
/// the hash, so the explainer tries the values each hashed fact could have had (optionality, transience, type, ...)
/// and names the one whose hash is the recorded one ("optionality changed from optional to required").
struct HashChangeExplainer {
    let hashing: PropertyHashing

    init(_ model: ManagedObjectModel) { hashing = PropertyHashing(model) }

    /// `recorded`: the property's hash as the shipped record holds it (base64).
    func explain(_ property: Property, of entity: Entity, recorded: String, model: ManagedObjectModel) -> String? {
        switch property {
        case .attribute(let attribute): return explain(attribute, recorded: recorded)
        case .relationship(let relationship): return explain(relationship, of: entity, recorded: recorded, model: model)
        case .fetchedProperty: return nil
        }
    }

    private func explain(_ attribute: Attribute, recorded: String) -> String? {
        for type in [attribute.type] + AttributeType.allCases.map(Optional.some) {
            for optional in [attribute.isOptional, !attribute.isOptional] {
                for transient in [attribute.isTransient, !attribute.isTransient] {
                    for external in [attribute.allowsExternalBinaryDataStorage, !attribute.allowsExternalBinaryDataStorage] {
                        var candidate = attribute
                        (candidate.type, candidate.isOptional, candidate.isTransient) = (type, optional, transient)
                        candidate.allowsExternalBinaryDataStorage = external
                        guard Base64.encode(hashing.attribute(candidate)) == recorded else { continue }
                        var changes: [String] = []
                        if type != attribute.type {
                            changes.append("type from \(type?.rawValue ?? "Undefined") to \(attribute.type?.rawValue ?? "Undefined")")
                        }
                        if optional != attribute.isOptional { changes.append(Self.optionality(optional, attribute.isOptional)) }
                        if transient != attribute.isTransient { changes.append(Self.transience(transient, attribute.isTransient)) }
                        if external != attribute.allowsExternalBinaryDataStorage {
                            changes.append("external storage from \(external ? "allowed" : "not allowed") to "
                                           + (attribute.allowsExternalBinaryDataStorage ? "allowed" : "not allowed"))
                        }
                        return changes.isEmpty ? nil : changes.joined(separator: ", ")
                    }
                }
            }
        }
        return nil
    }

    private func explain(_ relationship: Relationship, of entity: Entity, recorded: String, model: ManagedObjectModel) -> String? {
        let counts = [(relationship.minCountValue, relationship.maxCountValue), (nil, nil), (nil, 1), (1, 1), (nil, 0), (1, 0)]
        // The current destination first; other destinations bounded, so that a huge model's error stays quick.
        let destinations = [relationship.destinationEntityName] + model.entities.prefix(500).map { Optional($0.name) }
        for destination in destinations {
            for optional in [relationship.isOptional, !relationship.isOptional] {
                for ordered in [relationship.isOrdered, !relationship.isOrdered] {
                    for transient in [relationship.isTransient, !relationship.isTransient] {
                        for (minimum, maximum) in counts {
                            var candidate = relationship
                            (candidate.destinationEntityName, candidate.isOptional, candidate.isOrdered) = (destination, optional, ordered)
                            (candidate.isTransient, candidate.minCountValue, candidate.maxCountValue) = (transient, minimum, maximum)
                            guard Base64.encode(hashing.relationship(candidate, declaredOn: entity)) == recorded else { continue }
                            var changes: [String] = []
                            if destination != relationship.destinationEntityName {
                                changes.append("destination from \(destination ?? "none") to \(relationship.destinationEntityName ?? "none")")
                            }
                            if optional != relationship.isOptional { changes.append(Self.optionality(optional, relationship.isOptional)) }
                            if ordered != relationship.isOrdered {
                                changes.append("ordering from \(ordered ? "ordered" : "unordered") to \(relationship.isOrdered ? "ordered" : "unordered")")
                            }
                            if transient != relationship.isTransient { changes.append(Self.transience(transient, relationship.isTransient)) }
                            if candidate.minCount != relationship.minCount || candidate.maxCount != relationship.maxCount {
                                changes.append("count from \(candidate.minCount)...\(candidate.maxCount) to "
                                               + "\(relationship.minCount)...\(relationship.maxCount) (min...max, 0 = unbounded)")
                            }
                            return changes.isEmpty ? nil : changes.joined(separator: ", ")
                        }
                    }
                }
            }
        }
        return nil
    }

    private static func optionality(_ before: Bool, _ after: Bool) -> String {
        "optionality from \(before ? "optional" : "required") to \(after ? "optional" : "required")"
    }

    private static func transience(_ before: Bool, _ after: Bool) -> String {
        "transience from \(before ? "transient" : "stored") to \(after ? "transient" : "stored")"
    }
}
