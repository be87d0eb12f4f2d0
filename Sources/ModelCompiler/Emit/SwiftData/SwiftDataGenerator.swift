/// `generate --style swiftdata`: one `<Entity>.swift` per entity of the current version with a `@Model` class, as
/// Xcode's Editor > Create SwiftData Code writes it (`.xcode`, ../shared/spec/swiftdata-codegen.md) or corrected so
/// that it compiles and keeps every value (`.corrected`, the spec's section 8).
enum SwiftDataGenerator {
    static func files(for model: ManagedObjectModel, options: SwiftDataOptions) -> [GeneratedFile] {
        let generation =
            options.xcodeVersion.flatMap(XcodeGeneration.init(xcodeVersion:))
            ?? model.metadata.lastSavedToolsVersion.flatMap(XcodeGeneration.init(toolsVersion:)) ?? .xcode16_4
        let shape = SwiftDataShape(flavor: options.flavor, generation: generation)
        let inverses = SwiftDataInverses.owners(model, everyPair: options.flavor == .corrected)
        var files = model.entities.map { entity in
            GeneratedFile(
                name: entity.name + ".swift",
                contents: SwiftDataEntityWriter(
                    entity: entity, model: model, shape: shape,
                    inverses: inverses, options: options
                ).text)
        }
        if options.flavor == .corrected {
            files += model.composites.map { composite in
                GeneratedFile(
                    name: composite.name + ".swift",
                    contents: SwiftDataComposites.text(composite, model: model, options: options))
            }
        }
        return files
    }

    /// `files` as one file named `name` (what the build plugin declares): one header and one set of imports, then
    /// each file's declarations in order.
    static func combined(_ files: [GeneratedFile], name: String, options: SwiftDataOptions) -> GeneratedFile {
        var text = header(name, options: options, publicImports: false)
        for file in files {
            let body =
                file.contents.firstRange(of: "import SwiftData\n").map { file.contents[$0.upperBound...] }
                ?? Substring(file.contents)
            text += body
        }
        return GeneratedFile(name: name, contents: text)
    }

    /// The IDE file template's header, and the imports.
    static func header(_ fileName: String, options: SwiftDataOptions, publicImports: Bool) -> String {
        let project = options.project.isEmpty ? "" : options.project
        var text =
            "//\n//  \(fileName)\n//  \(project)\n//\n//  Created by \(options.author) on \(options.date).\n//\n//\n\n"
        text +=
            publicImports
            ? "public import Foundation\npublic import SwiftData\n" : "import Foundation\nimport SwiftData\n"
        return text
    }
}

/// What the chosen flavour and Xcode generation write.
struct SwiftDataShape: Sendable {
    let flavor: SwiftDataOptions.Flavor
    let generation: XcodeGeneration
    var isXcode: Bool { flavor == .xcode }
    /// `public init() { }` (Xcode 15.0) rather than the init with the required values.
    var initWithoutParameters: Bool { isXcode && generation == .xcode15_0 }
    /// Fetch indexes as `#Index` key paths (Xcode 16.4 and later), not warnings.
    var indexMacro: Bool { !isXcode || generation >= .xcode16_4 }
}
