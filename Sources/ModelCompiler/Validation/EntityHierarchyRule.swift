/// Entity and composite names are unique, parents exist, and inheritance has no cycle.
struct EntityHierarchyRule: ModelRule {
    func check(_ context: ValidationContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var firstByName: [String: Entity] = [:]
        for entity in context.model.entities {
            if let first = firstByName[entity.name] {
                diagnostics.append(.error(.duplicateEntity,
                    "duplicate entity '\(entity.name)' (first declared at line \(first.location.line))",
                    at: entity.location))
            } else {
                firstByName[entity.name] = entity
            }
        }
        var compositeLines: [String: Int] = [:]
        for composite in context.model.composites {
            if let line = compositeLines[composite.name] {
                // Core Data keeps one definition per name; which one the compiled model holds would be a guess.
                diagnostics.append(.error(.duplicateComposite,
                    "duplicate composite '\(composite.name)' (first declared at line \(line))", at: composite.location))
            } else {
                compositeLines[composite.name] = composite.location.line
            }
        }
        var reportedCycles: Set<String> = []
        for entity in context.model.entities {
            guard let parentName = entity.parentName else { continue }
            guard context.entitiesByName[parentName] != nil else {
                diagnostics.append(.error(.parentEntityNotFound,
                    "entity '\(entity.name)' inherits from '\(parentName)', which is not in the model",
                    at: entity.span[setting: "parentEntity"]))
                continue
            }
            if let cycle = cycle(from: entity, context), reportedCycles.isDisjoint(with: cycle) {
                reportedCycles.formUnion(cycle)
                diagnostics.append(.error(.inheritanceCycle,
                    "entity inheritance forms a cycle: " + (cycle + [cycle[0]]).joined(separator: " -> "),
                    at: entity.span[setting: "parentEntity"]))
            }
        }
        return diagnostics
    }

    /// The names on the cycle `entity` starts, or nil when following parents ends.
    private func cycle(from entity: Entity, _ context: ValidationContext) -> [String]? {
        var path = [entity.name]
        var current = entity
        while let parentName = current.parentName, let parent = context.entitiesByName[parentName] {
            if parentName == entity.name { return path }
            if path.contains(parentName) { return nil }  // a cycle further up; reported from its own members
            path.append(parentName)
            current = parent
        }
        return nil
    }
}
