/// Entity and composite names are unique, parents exist, and inheritance has no cycle.
struct EntityHierarchyRule: ModelRule {
    func check(_ context: ValidationContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // Only when some name is declared twice are the first declarations' lines worth gathering.
        if context.entitiesByName.count < context.model.entities.count {
            var firstLines: [String: Int] = [:]
            for entity in context.model.entities {
                if let line = firstLines[entity.name] {
                    diagnostics.append(
                        .error(
                            .duplicateEntity,
                            "duplicate entity '\(entity.name)' (first declared at line \(line))", at: entity.location))
                } else {
                    firstLines[entity.name] = entity.location.line
                }
            }
        }
        var compositeLines: [String: Int] = [:]
        for composite in context.model.composites {
            if let line = compositeLines[composite.name] {
                // Core Data keeps one definition per name; which one the compiled model holds would be a guess.
                diagnostics.append(
                    .error(
                        .duplicateComposite,
                        "duplicate composite '\(composite.name)' (first declared at line \(line))",
                        at: composite.location))
            } else {
                compositeLines[composite.name] = composite.location.line
            }
        }
        for entity in context.model.entities {
            guard let parentName = entity.parentName, context.entitiesByName[parentName] == nil else { continue }
            diagnostics.append(
                .error(
                    .parentEntityNotFound,
                    "entity '\(entity.name)' inherits from '\(parentName)', which is not in the model",
                    at: entity.span[setting: "parentEntity"]))
        }
        for cycle in inheritanceCycles(context) {
            let entity = context.entitiesByName[cycle[0]]!
            diagnostics.append(
                .error(
                    .inheritanceCycle,
                    "entity inheritance forms a cycle: " + (cycle + [cycle[0]]).joined(separator: " -> "),
                    at: entity.span[setting: "parentEntity"]))
        }
        diagnostics += compositeCycles(context)
        return diagnostics
    }

    /// Every cycle of parent links, each once, starting at its member declared first. Each entity has at most one
    /// parent, so one walk up from each entity, never repeating a finished one, finds them all in linear time.
    private func inheritanceCycles(_ context: ValidationContext) -> [[String]] {
        // The walk down from the roots reaches every entity that is on no cycle and below none.
        guard context.tour.count < context.entitiesByName.count else { return [] }
        enum State { case onPath(Int), finished }
        var state: [String: State] = [:], cycles: [[String]] = []
        let order = Dictionary(
            context.model.entities.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        for entity in context.model.entities where state[entity.name] == nil {
            var path: [String] = [], current: Entity? = entity
            while let node = current {
                if case .onPath(let index)? = state[node.name] {
                    var cycle = Array(path[index...])
                    let first = cycle.indices.min { order[cycle[$0], default: 0] < order[cycle[$1], default: 0] }!
                    cycle = Array(cycle[first...] + cycle[..<first])
                    cycles.append(cycle)
                    break
                }
                if state[node.name] != nil { break }
                state[node.name] = .onPath(path.count)
                path.append(node.name)
                current = node.parentName.flatMap { context.entitiesByName[$0] }
            }
            for name in path { state[name] = .finished }
        }
        return cycles.sorted { order[$0[0], default: 0] < order[$1[0], default: 0] }
    }

    /// A composite that contains itself, directly or through others, has no finite layout: an error at the
    /// attribute that closes the loop. Depth-first, iteratively, each composite finished once.
    private func compositeCycles(_ context: ValidationContext) -> [Diagnostic] {
        var finished: Set<String> = [], onPath: [String: Int] = [:], diagnostics: [Diagnostic] = []
        for composite in context.model.composites where !finished.contains(composite.name) {
            // Each frame: a composite and how many of its attributes have been followed.
            var stack: [(composite: Composite, next: Int)] = [(composite, 0)]
            onPath[composite.name] = 0
            while let top = stack.last {
                let attributes = top.composite.attributes
                guard top.next < attributes.count else {
                    stack.removeLast()
                    onPath[top.composite.name] = nil
                    finished.insert(top.composite.name)
                    continue
                }
                stack[stack.count - 1].next += 1
                let attribute = attributes[top.next]
                guard attribute.type == .composite, let name = attribute.compositeName,
                    let inner = context.compositesByName[name], !finished.contains(name)
                else { continue }
                if let index = onPath[name] {
                    let loop = stack[index...].map(\.composite.name) + [name]
                    diagnostics.append(
                        .error(
                            .compositeCycle,
                            "composite '\(name)' contains itself: " + loop.joined(separator: " -> "),
                            at: attribute.span[setting: "composite"]))
                    continue
                }
                onPath[name] = stack.count
                stack.append((inner, 0))
            }
        }
        return diagnostics
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let duplicateEntity: DiagnosticCode = "duplicate-entity"
    static let duplicateComposite: DiagnosticCode = "duplicate-composite"
    static let compositeCycle: DiagnosticCode = "composite-cycle"
    static let parentEntityNotFound: DiagnosticCode = "parent-entity-not-found"
    static let inheritanceCycle: DiagnosticCode = "inheritance-cycle"
}
