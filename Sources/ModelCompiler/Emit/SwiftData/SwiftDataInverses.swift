/// Which side of each inverse pair gets `inverse:` (spec 4.2). Xcode walks the entities and their relationships in
/// model order and gives it to the first side it meets, except the to-one end of a one-to-many, which leaves both
/// sides without; corrected, the first side always gets it, so every pair is declared once.
enum SwiftDataInverses {
    /// `Entity.relationship` names that write `inverse:`.
    static func owners(_ model: ManagedObjectModel, everyPair: Bool) -> Set<String> {
        let byName = model.entitiesByName
        var seen: Set<String> = [], owners: Set<String> = []
        for entity in model.entities {
            for relationship in entity.relationships {
                guard let inverseName = relationship.inverseName, let destination = relationship.destinationEntityName,
                    let inverse = byName[destination]?.relationships.first(where: { $0.name == inverseName })
                else { continue }
                let key = [entity.name + "." + relationship.name, destination + "." + inverseName].sorted()
                    .joined(separator: "|")
                guard seen.insert(key).inserted else { continue }
                // A relationship that is its own inverse cannot name itself in its own macro (a circular reference).
                if destination == entity.name, inverseName == relationship.name { continue }
                if !everyPair, !relationship.isToMany, inverse.isToMany { continue }
                owners.insert(entity.name + "." + relationship.name)
            }
        }
        return owners
    }
}
