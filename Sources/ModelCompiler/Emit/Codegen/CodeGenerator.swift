/// Assembles generated Swift files. By default one `<Model>+CoreDataModel.swift`; with `splitFiles`,
/// Xcode's `<Class>+CoreDataClass.swift` and `<Class>+CoreDataProperties.swift` beside it. Everything that
/// needs Core Data sits inside `#if canImport(CoreData)`, so the files build on Linux too.
enum CodeGenerator {
    static func files(for context: CodegenContext) -> [GeneratedFile] {
        let modelFileName = "\(context.modelName)+CoreDataModel.swift"
        let model = ModelTypeGenerator(context: context)
        let keyed = context.model.entities, generated = context.generatedEntities
        // One list of jobs, so that the cores share all of it: the model type's head (it needs every version's
        // checksum, whose hashes may still be being worked out), its entities' keys, the entities' own code.
        let keyRanges = Parallel.ranges(keyed.count, minimum: 32)
        let partRanges = Parallel.ranges(generated.count, minimum: 32)
        let parts = Parallel.map(1 + keyRanges.count + partRanges.count) { job -> EntityParts in
            if job == 0 {
                var head = CodePrinter()
                printHeader(modelFileName, &head)
                for line in ["import Foundation", "#if canImport(CoreData)", "import CoreData", "#endif", ""] {
                    head.line(line)
                }
                model.printPortableHead(&head)
                return (head, [])
            }
            guard job > keyRanges.count else {
                var keys = CodePrinter(depth: 1)
                model.printEntityKeys(keyed[keyRanges[job - 1]], &keys)
                return (keys, [])
            }
            return entityParts(generated[partRanges[job - 1 - keyRanges.count]], context)
        }
        var main = CodePrinter()
        var files: [GeneratedFile] = []
        for (job, part) in parts.enumerated() {
            main.append(part.main)
            files += part.files
            guard job == keyRanges.count else { continue }
            // The model type is complete: then the loader, inside the Core Data condition the entities close.
            main.close()
            main.line()
            main.line("#if canImport(CoreData)")
            model.printLoader(&main)
        }
        main.line("#endif")
        return [GeneratedFile(name: modelFileName, contents: main.text)] + files
    }

    /// A part of the model file, and (split) the entities' own files.
    private typealias EntityParts = (main: CodePrinter, files: [GeneratedFile])

    /// The code of a run of entities: their sections of the model file, or (split) their own files.
    private static func entityParts(_ entities: ArraySlice<Entity>, _ context: CodegenContext) -> EntityParts {
        var main = CodePrinter()
        var files: [GeneratedFile] = []
        for entity in entities {
            let generator = EntityGenerator(entity: entity, context: context)
            if context.options.splitFiles {
                if generator.generatesClass {
                    files.append(
                        coreDataFile("\(generator.className)+CoreDataClass.swift") { p in
                            p.line()
                            generator.printClass(&p)
                        })
                }
                files.append(
                    coreDataFile("\(generator.className)+CoreDataProperties.swift") { p in
                        p.line()
                        p.line()
                        generator.printProperties(&p)
                        p.line()
                        generator.printKeyAliases(modelType: context.modelTypeName, &p)
                    })
            } else {
                main.line()
                if generator.generatesClass {
                    generator.printClass(&main)
                    main.line()
                }
                generator.printProperties(&main)
                main.line()
                generator.printKeyAliases(modelType: context.modelTypeName, &main)
            }
        }
        return (main, files)
    }

    /// A split file: Xcode's layout, wrapped so that it is empty where Core Data does not exist.
    private static func coreDataFile(_ name: String, _ body: (inout CodePrinter) -> Void) -> GeneratedFile {
        var p = CodePrinter()
        printHeader(name, &p)
        for line in ["#if canImport(CoreData)", "import Foundation", "import CoreData"] { p.line(line) }
        body(&p)
        p.line("#endif")
        return GeneratedFile(name: name, contents: p.text)
    }

    /// Xcode's nine-line header (spec §3.2), with a fixed author and no date so output never varies.
    static func printHeader(_ fileName: String, _ p: inout CodePrinter) {
        for line in [
            "//", "//  \(fileName)", "//  ", "//", "//  Created by openmomc.", "//",
            "//  This file was automatically generated and should not be edited.", "//", "",
        ] {
            p.verbatim(line)
        }
    }
}
