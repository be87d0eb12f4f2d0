/// Assembles generated Swift files. By default one `<Model>+CoreDataModel.swift`; with `splitFiles`,
/// Xcode's `<Class>+CoreDataClass.swift` and `<Class>+CoreDataProperties.swift` beside it. Everything that
/// needs Core Data sits inside `#if canImport(CoreData)`, so the files build on Linux too.
enum CodeGenerator {
    static func files(for context: CodegenContext) -> [GeneratedFile] {
        let model = ModelTypeGenerator(context: context)
        let modelFileName = "\(context.modelName)+CoreDataModel.swift"
        var modelBody = model.portableLines() + ["", "#if canImport(CoreData)"] + model.loaderLines()
        var files: [GeneratedFile] = []
        for entity in context.generatedEntities {
            let generator = EntityGenerator(entity: entity, context: context)
            let keys = generator.keyAliasLines(modelType: context.modelTypeName)
            if context.options.splitFiles {
                if generator.generatesClass {
                    files.append(file("\(generator.className)+CoreDataClass.swift", coreData: [""] + generator.classLines()))
                }
                files.append(file("\(generator.className)+CoreDataProperties.swift",
                                  coreData: ["", ""] + generator.propertiesLines() + [""] + keys))
            } else {
                modelBody += [""] + (generator.generatesClass ? generator.classLines() + [""] : [])
                    + generator.propertiesLines() + [""] + keys
            }
        }
        modelBody += ["#endif"]
        let header = Self.header(modelFileName) + ["import Foundation", "#if canImport(CoreData)", "import CoreData", "#endif", ""]
        files.insert(GeneratedFile(name: modelFileName, contents: (header + modelBody).joined(separator: "\n") + "\n"), at: 0)
        return files
    }

    /// A split file: Xcode's layout, wrapped so that it is empty where Core Data does not exist.
    private static func file(_ name: String, coreData body: [String]) -> GeneratedFile {
        let lines = header(name) + ["#if canImport(CoreData)", "import Foundation", "import CoreData"] + body + ["#endif"]
        return GeneratedFile(name: name, contents: lines.joined(separator: "\n") + "\n")
    }

    /// Xcode's nine-line header (spec §3.2), with a fixed author and no date so output never varies.
    static func header(_ fileName: String) -> [String] {
        ["//", "//  \(fileName)", "//  ", "//", "//  Created by openmomc.", "//",
         "//  This file was automatically generated and should not be edited.", "//", ""]
    }
}
