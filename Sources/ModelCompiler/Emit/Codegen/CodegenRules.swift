/// Names the generated code cannot use.
enum CodegenRules {
    static func check(_ context: CodegenContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var classes: [String: Entity] = [:]
        for entity in context.generatedEntities {
            let name = SwiftNames.className(of: entity)
            if let other = classes[name] {
                diagnostics.append(.error(.codegenNameClash,
                    "entities '\(other.name)' and '\(entity.name)' would both generate class '\(name)'", at: entity.location))
            } else {
                classes[name] = entity
            }
            if name == context.modelTypeName || SwiftNames.keywords.contains(name) {
                diagnostics.append(.error(.codegenNameClash,
                    "entity '\(entity.name)' would generate class '\(name)', which the generated code cannot declare", at: entity.location))
            }
        }
        return diagnostics
    }
}
