/// What every generator needs to know about the model being generated.
struct CodegenContext {
    let model: ManagedObjectModel
    let entities: [String: Entity]
    let options: CodegenOptions
    /// The bundle's name (`Library` for `Library.xcdatamodeld`), the name of the compiled resource.
    let modelName: String
    /// `momd` for a bundle, `mom` for a lone version.
    let resourceExtension: String
    let currentVersionName: String
    /// Version name -> versionChecksum, for every version of the bundle.
    let versionChecksums: [(String, String)]

    var modelTypeName: String { SwiftNames.modelTypeName(modelName) }

    /// Entities that get classes and accessors, in model order.
    var generatedEntities: [Entity] {
        model.entities.filter { $0.codeGeneration != .manual || options.includeManualEntities }
    }
}
