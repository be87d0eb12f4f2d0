/// Names the generated code cannot use.
enum CodegenRules {
    static func check(_ context: CodegenContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var classes: [String: Entity] = [:]
        for entity in context.generatedEntities {
            let name = SwiftNames.className(of: entity)
            if let other = classes[name] {
                diagnostics.append(
                    .error(
                        .codegenNameClash,
                        "entities '\(other.name)' and '\(entity.name)' would both generate class '\(name)'",
                        at: entity.location))
            } else {
                classes[name] = entity
            }
            if SwiftNames.keywords.contains(name) {
                diagnostics.append(
                    .error(
                        .codegenNameClash,
                        "entity '\(entity.name)' would generate class '\(name)', which the generated code cannot declare",
                        at: entity.location))
            }
        }
        diagnostics += unsafeNames(context)
        let usual = SwiftNames.modelTypeName(context.modelName)
        if context.modelTypeName != usual,
            let entity = context.generatedEntities.first(where: { SwiftNames.className(of: $0) == usual })
        {
            diagnostics.append(
                .warning(
                    .codegenNameClash,
                    "entity '\(entity.name)' generates class '\(usual)', the model type's usual name, so the model type is "
                        + "'\(context.modelTypeName)'", at: entity.location))
        }
        return diagnostics
    }

    /// Names the code takes from the model besides validated entity and property names: each class name (of a
    /// generated entity and of the entities it inherits from) must be an identifier, and each Transformable's
    /// `customClassName` a Swift type; anything else is an error at its line, never text pasted into code.
    static func unsafeNames(_ context: CodegenContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = [], seen: Set<String> = []
        var entities = context.generatedEntities
        while let entity = entities.popLast() {
            guard seen.insert(entity.name).inserted else { continue }
            if let parent = entity.parentName, let declared = context.entities[parent] { entities.append(declared) }
            let name = SwiftNames.className(of: entity)
            if !Identifier.isValid(name) {
                diagnostics.append(
                    .error(
                        .codegenNameClash,
                        "entity '\(entity.name)' names its class '\(name)', which is "
                            + "not a Swift identifier; the generated code cannot use it",
                        at: entity.span[setting: "representedClassName"]))
            }
        }
        for entity in context.generatedEntities {
            for attribute in entity.attributes where attribute.type == .transformable {
                let type = SwiftNames.customClassType(attribute.customClassName)
                guard !SwiftTypeName.isValid(type) else { continue }
                diagnostics.append(
                    .error(
                        .codegenNameClash,
                        "'\(entity.name).\(attribute.name)' names its class "
                            + "'\(type)', which is not a Swift type; the generated code cannot use it",
                        at: attribute.span[setting: "customClassName"]))
            }
        }
        return diagnostics.sortedForOutput()
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let codegenNameClash: DiagnosticCode = "codegen-name-clash"
}
