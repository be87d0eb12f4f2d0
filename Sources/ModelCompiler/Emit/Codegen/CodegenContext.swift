/// What every generator needs to know about the model being generated.
struct CodegenContext: Sendable {
    let model: ManagedObjectModel
    let entities: [String: Entity]
    let options: CodegenOptions
    /// The bundle's name (`Library` for `Library.xcdatamodeld`), the name of the compiled resource.
    let modelName: String
    /// `momd` for a bundle, `mom` for a lone version.
    let resourceExtension: String
    let currentVersionName: String
    /// Version name -> versionChecksum, for every version of the bundle: asked for when the model type is printed,
    /// so that the hashes behind it can still be worked out while the entities are printed.
    private let checksums: @Sendable () -> [(String, String)]
    var versionChecksums: [(String, String)] { checksums() }

    /// Entities that get classes and accessors, in model order. An entity whose class is plain
    /// `NSManagedObject` (or, for Manual/None entities, unnamed) has no class of its own to generate.
    let generatedEntities: [Entity]
    private let generatedNames: Set<String>
    /// Worked out once: the entities' code asks for them per entity and per relationship.
    let modelTypeName: String
    /// The key enums' aliases each generated class gets: those no class of the model is named.
    let keyAliasNames: [String]
    /// Entity name -> the Swift class the objects of the entity `entities` holds under it have.
    private let runtimeClassNames: [String: String]

    init(
        model: ManagedObjectModel, entities: [String: Entity], options: CodegenOptions, modelName: String,
        resourceExtension: String, currentVersionName: String,
        versionChecksums: @escaping @Sendable () -> [(String, String)]
    ) {
        self.model = model
        self.entities = entities
        self.options = options
        self.modelName = modelName
        self.resourceExtension = resourceExtension
        self.currentVersionName = currentVersionName
        checksums = versionChecksums
        generatedEntities = model.entities.filter { entity in
            guard entity.codeGeneration != .manual || options.includeManualEntities else { return false }
            if entity.className == nil { return entity.codeGeneration != .manual }
            return SwiftNames.className(of: entity) != "NSManagedObject"
        }
        let generatedNames = Set(generatedEntities.map(\.name))
        self.generatedNames = generatedNames
        let runtimeClassNames = entities.mapValues { Self.runtimeClassName(of: $0, generated: generatedNames) }
        self.runtimeClassNames = runtimeClassNames
        // The model type is openmomc's own: it gives way to an entity's class of the same name (a warning says so).
        let classNames = Set(generatedEntities.map(SwiftNames.className(of:)))
        var typeName = SwiftNames.modelTypeName(modelName)
        while classNames.contains(typeName) { typeName += "Model" }
        modelTypeName = typeName
        // A class named like the key enums would be shadowed inside every class by the `Attributes`/`Relationships`
        // aliases, so those aliases are left out (the keys stay under the model type).
        let runtimeNames = Set(runtimeClassNames.values)
        keyAliasNames = ["Attributes", "Relationships"].filter {
            !classNames.contains($0) && !runtimeNames.contains($0)
        }
    }

    /// The Swift class the objects of the entity of that name have (its own, or `NSManagedObject` when it has
    /// none); nil when the model has no such entity.
    func runtimeClassName(ofEntityNamed name: String) -> String? { runtimeClassNames[name] }

    private static func runtimeClassName(of entity: Entity, generated generatedNames: Set<String>) -> String {
        let generated = generatedNames.contains(entity.name)
        guard generated || (entity.className != nil && SwiftNames.className(of: entity) != "NSManagedObject") else {
            return "NSManagedObject"
        }
        return SwiftNames.className(of: entity)
    }
}
