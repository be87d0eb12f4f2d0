/// The model-level type: names, versions, checksums and every entity's key constants. It needs only
/// Foundation, so it compiles everywhere, Linux included; the loader needs Core Data.
struct ModelTypeGenerator {
    let context: CodegenContext
    var access: String { context.options.accessPrefix }

    func portableLines() -> [String] {
        let type = context.modelTypeName
        var lines = [
            "/// The \(context.modelName) Core Data model: names, versions and the keys of its entities.",
            "\(access)enum \(type) {",
            "    /// The compiled model's resource name: `\(context.modelName).\(context.resourceExtension)`.",
            "    \(access)static let modelName = \(literal(context.modelName))",
            "    /// The version apps build against (the bundle's current version).",
            "    \(access)static let currentVersionName = \(literal(context.currentVersionName))",
            "    /// `versionChecksum` of every version, for `NSManagedObjectModelReference` and staged migration.",
            "    \(access)static let versionChecksums: [String: String] = [",
        ]
        lines += context.versionChecksums.map { "        \(literal($0.0)): \(literal($0.1))," }
        lines += ["    ]"]
        for entity in context.model.entities {
            lines += [""] + entityKeyLines(entity)
        }
        return lines + ["}"]
    }

    private func entityKeyLines(_ entity: Entity) -> [String] {
        let visible = ModelMatcher.visibleProperties(of: entity, in: context.entities)
        let attributes = visible.compactMap { if case .attribute(let a) = $0 { a.name } else { nil } }
        let relationships = visible.compactMap { if case .relationship(let r) = $0 { r.name } else { nil } }
        return ["    \(access)enum \(SwiftNames.typeName(entity.name)) {",
                "        \(access)static let entityName = \(literal(entity.name))"]
            + keyEnum("Attributes", attributes) + keyEnum("Relationships", relationships) + ["    }"]
    }

    private func keyEnum(_ name: String, _ keys: [String]) -> [String] {
        guard !keys.isEmpty else { return ["        \(access)enum \(name): CaseIterable {}"] }
        var lines = ["        \(access)enum \(name): String, CaseIterable {"]
        for key in keys {
            if SwiftNames.enumMemberNames.contains(key) {
                lines.append("            case \(key)_ = \(literal(key))")
            } else {
                lines.append("            case \(SwiftNames.identifier(key))")
            }
        }
        return lines + ["        }"]
    }

    /// Loading the compiled model from a bundle (SwiftPM: `Bundle.module`); Core Data only.
    func loaderLines() -> [String] {
        let type = context.modelTypeName
        var lines = [
            "extension \(type) {",
            "    /// The compiled model in `bundle`, or nil when the bundle does not hold `\(context.modelName).\(context.resourceExtension)`.",
            "    \(access)static func load(from bundle: Bundle) -> NSManagedObjectModel? {",
            "        guard let url = bundle.url(forResource: modelName, withExtension: \(literal(context.resourceExtension))) else { return nil }",
            "        return NSManagedObjectModel(contentsOf: url)",
            "    }",
        ]
        if context.resourceExtension == "momd" {
            lines += [
                "",
                "    /// One version of the model by name, for migrating step by step.",
                "    \(access)static func load(version: String, from bundle: Bundle) -> NSManagedObjectModel? {",
                "        guard let url = bundle.url(forResource: modelName, withExtension: \"momd\") else { return nil }",
                "        return NSManagedObjectModel(contentsOf: url.appendingPathComponent(version + \".mom\"))",
                "    }",
            ]
        }
        return lines + ["}"]
    }

    func literal(_ text: String) -> String { SwiftLiteral.string(text) }
}
