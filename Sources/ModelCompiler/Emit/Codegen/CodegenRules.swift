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
            if SwiftNames.keywords.contains(name) {
                diagnostics.append(.error(.codegenNameClash,
                    "entity '\(entity.name)' would generate class '\(name)', which the generated code cannot declare", at: entity.location))
            }
        }
        let usual = SwiftNames.modelTypeName(context.modelName)
        if context.modelTypeName != usual,
           let entity = context.generatedEntities.first(where: { SwiftNames.className(of: $0) == usual }) {
            diagnostics.append(.warning(.codegenNameClash,
                "entity '\(entity.name)' generates class '\(usual)', the model type's usual name, so the model type is "
                + "'\(context.modelTypeName)'", at: entity.location))
        }
        return diagnostics
    }
}
