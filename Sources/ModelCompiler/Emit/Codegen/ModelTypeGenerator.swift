/// The model-level type: names, versions, checksums and every entity's key constants. It needs only
/// Foundation, so it compiles everywhere, Linux included; the loader needs Core Data.
struct ModelTypeGenerator {
    let context: CodegenContext
    var access: String { context.options.accessPrefix }

    /// The type up to its entities' keys, left open one level deep: large models' keys are printed side by side
    /// (`printEntityKeys`) while the checksums, which need every version's hashes, are worked out here.
    func printPortableHead(_ p: inout CodePrinter) {
        let file = "`\(context.modelName).\(context.resourceExtension)`"
        p.line("/// The \(context.modelName) Core Data model: names, versions and the keys of its entities.")
        p.open("\(access)enum \(context.modelTypeName) {")
        p.line("/// The compiled model's resource name: \(file).")
        p.line("\(access)static let modelName = \(p.literal(context.modelName))")
        p.line("/// The version apps build against (the bundle's current version).")
        p.line("\(access)static let currentVersionName = \(p.literal(context.currentVersionName))")
        p.line("/// `versionChecksum` of every version, for `NSManagedObjectModelReference` and staged migration.")
        p.block("\(access)static let versionChecksums: [String: String] = [", closer: "]") { p in
            for (version, checksum) in context.versionChecksums {
                p.line("\(p.literal(version)): \(p.literal(checksum)),")
            }
        }
    }

    /// The key constants of a run of entities, inside the model type (a printer one level deep).
    func printEntityKeys(_ entities: ArraySlice<Entity>, _ p: inout CodePrinter) {
        for entity in entities {
            p.line()
            printEntityKeys(entity, &p)
        }
    }

    private func printEntityKeys(_ entity: Entity, _ p: inout CodePrinter) {
        // Names only: the properties themselves are never copied out.
        let visible = VisibleProperties(of: entity, in: context.entities).references
        let attributes = visible.filter { $0.kind == .attribute }.map(\.name)
        let relationships = visible.filter { $0.kind == .relationship }.map(\.name)
        p.block("\(access)enum \(SwiftNames.typeName(entity.name)) {") { p in
            p.line(access, "static let entityName = ", p.literal(entity.name))
            printKeyEnum("Attributes", attributes, &p)
            printKeyEnum("Relationships", relationships, &p)
        }
    }

    private func printKeyEnum(_ name: String, _ keys: [String], _ p: inout CodePrinter) {
        guard !keys.isEmpty else { return p.line("\(access)enum \(name): CaseIterable {}") }
        p.block("\(access)enum \(name): String, CaseIterable {") { p in
            for key in keys {
                if SwiftNames.enumMemberNames.contains(key) {
                    p.line("case ", key, "_ = ", p.literal(key))
                } else {
                    p.line("case ", SwiftNames.identifier(key))
                }
            }
        }
    }

    /// Loading the compiled model from a bundle (SwiftPM: `Bundle.module`); Core Data only.
    func printLoader(_ p: inout CodePrinter) {
        let file = "\(context.modelName).\(context.resourceExtension)"
        p.block("extension \(context.modelTypeName) {") { p in
            p.line("/// The compiled model in `bundle`, or nil when the bundle does not hold `\(file)`.")
            p.block("\(access)static func load(from bundle: Bundle) -> NSManagedObjectModel? {") { p in
                let resource = p.literal(context.resourceExtension)
                p.line(
                    "guard let url = bundle.url(forResource: modelName, withExtension: \(resource)) else { return nil }"
                )
                p.line("return NSManagedObjectModel(contentsOf: url)")
            }
            guard context.resourceExtension == "momd" else { return }
            p.line()
            p.line("/// One version of the model by name, for migrating step by step.")
            p.block("\(access)static func load(version: String, from bundle: Bundle) -> NSManagedObjectModel? {") { p in
                p.line(
                    "guard let url = bundle.url(forResource: modelName, withExtension: \"momd\") else { return nil }")
                p.line("return NSManagedObjectModel(contentsOf: url.appendingPathComponent(version + \".mom\"))")
            }
        }
    }
}
