/// What tells two descriptions of one entity apart, in the facts its version hash is made of: said from the side
/// of the second ("attribute 'nickname' is optional there"). For the mapping-model guard, where a snapshot entity
/// is compared with the version the mapping model was made for.
enum EntityDifference {
    /// At most `limit` differences, the rest counted; empty when the hashed facts agree.
    static func describe(_ old: Entity, _ new: Entity, limit: Int = 3) -> [String] {
        var found: [String] = []
        if old.isAbstract != new.isAbstract {
            found.append(new.isAbstract ? "it is abstract there" : "it is concrete there")
        }
        if old.parentName != new.parentName {
            found.append(new.parentName.map { "its parent entity is '\($0)' there" } ?? "it has no parent entity there")
        }
        if old.versionHashModifier != new.versionHashModifier { found.append("its version hash modifier differs") }
        let constraints = { (entity: Entity) in entity.uniquenessConstraints.map { $0.members.map(\.value) } }
        if constraints(old) != constraints(new) {
            found.append("its uniqueness constraints differ")
        }
        let before = Dictionary(old.properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new.properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for property in new.properties {
            guard let earlier = before[property.name] else {
                found.append("\(property.kindName) '\(property.name)' is only there")
                continue
            }
            found += differences(earlier, property)
        }
        for property in old.properties where after[property.name] == nil {
            found.append("\(property.kindName) '\(property.name)' is not there")
        }
        guard found.count > limit else { return found }
        return Array(found.prefix(limit)) + ["\(found.count - limit) more"]
    }

    private static func differences(_ old: Property, _ new: Property) -> [String] {
        let name = "\(new.kindName) '\(new.name)'"
        switch (old, new) {
        case (.attribute(let a), .attribute(let b)):
            var found: [String] = []
            if a.type != b.type { found.append("\(name) is \(b.type?.rawValue ?? "Undefined") there") }
            if a.isOptional != b.isOptional {
                found.append("\(name) is \(b.isOptional ? "optional" : "required") there")
            }
            if a.isTransient != b.isTransient {
                found.append("\(name) is \(b.isTransient ? "" : "not ")transient there")
            }
            if a.versionHashModifier != b.versionHashModifier {
                found.append("\(name) has another version hash modifier")
            }
            if a.isDerived != b.isDerived { found.append("\(name) is \(b.isDerived ? "" : "not ")derived there") }
            return found
        case (.relationship(let a), .relationship(let b)):
            var found: [String] = []
            if a.destinationEntityName != b.destinationEntityName {
                found.append("\(name) leads to '\(b.destinationEntityName ?? "?")' there")
            }
            if a.isToMany != b.isToMany { found.append("\(name) is \(b.isToMany ? "to-many" : "to-one") there") }
            if a.isOptional != b.isOptional {
                found.append("\(name) is \(b.isOptional ? "optional" : "required") there")
            }
            if a.isOrdered != b.isOrdered { found.append("\(name) is \(b.isOrdered ? "" : "not ")ordered there") }
            if a.isTransient != b.isTransient {
                found.append("\(name) is \(b.isTransient ? "" : "not ")transient there")
            }
            if a.minCountValue != b.minCountValue || a.maxCountValue != b.maxCountValue {
                found.append("\(name) has other counts there")
            }
            if a.versionHashModifier != b.versionHashModifier {
                found.append("\(name) has another version hash modifier")
            }
            return found
        case (.fetchedProperty, .fetchedProperty):
            return []
        default:
            return ["'\(new.name)' is a \(new.kindName) there"]
        }
    }
}
