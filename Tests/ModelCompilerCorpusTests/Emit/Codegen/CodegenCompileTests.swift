import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// The generated code is valid Swift for every real model, and its portable part builds and runs here,
/// on Linux, with constants that match the model.
@Suite struct CodegenCompileTests {
    /// Every corpus and conformance bundle's current version, generated in `style`.
    /// Checked once for every test here: checking the corpus is the slow part.
    static let corpus: CheckResult? = SharedFolder.path.map { check(paths: [$0 + "/corpus", $0 + "/conformance"]) }

    static func corpusFiles(
        _ style: CodegenOptions.Style, shared: String
    ) -> [(String, GeneratedFile, ManagedObjectModel)] {
        guard let result = corpus else { return [] }
        var files: [(String, GeneratedFile, ManagedObjectModel)] = []
        for bundle in result.bundles where bundle.models.count == bundle.source.versions.count {
            let generated = generate(
                input: bundle.source.path, options: CodegenOptions(style: style, includeManualEntities: true))
            let current = bundle.source.currentVersion?.versionName ?? bundle.models.last?.versionName
            guard let model = bundle.models.first(where: { $0.versionName == current }) else { continue }
            #expect(
                !generated.diagnostics.hasErrors,
                "\(bundle.source.path): \(generated.diagnostics.filter { $0.severity == .error })")
            for file in generated.files { files.append((bundle.source.path, file, model)) }
        }
        return files
    }

    @Test(.needsShared, arguments: CodegenOptions.Style.allCases)
    func everyCorpusModelParses(_ style: CodegenOptions.Style) throws {
        guard let shared = SharedFolder.require() else { return }
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let files = Self.corpusFiles(style, shared: shared)
        #expect(files.count >= 45)
        var names: [String] = []
        for (index, (_, file, _)) in files.enumerated() {
            let name = "\(index)-" + file.name.replacingOccurrences(of: " ", with: "_")
            try file.contents.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
            names.append(name)
        }
        // Parsing is per file, so one invocation checks them all; CoreData parts are parsed though not built here.
        let result = try SwiftCompiler.run(["-parse"] + names, in: directory)
        #expect(result.status == 0, "\(result.output.prefix(3000))")
    }

    @Test(.needsShared) func thePortablePartBuildsAndRunsWithTheModelsConstants() throws {
        guard let shared = SharedFolder.require() else { return }
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        // One program per batch of models with distinct type names; it prints every constant, which is compared with the model.
        var batches: [[(String, GeneratedFile, ManagedObjectModel)]] = []
        for entry in Self.corpusFiles(.xcode, shared: shared) where entry.1.name.hasSuffix("+CoreDataModel.swift") {
            let type = SwiftNames.modelTypeName(entry.1.name.replacingOccurrences(of: "+CoreDataModel.swift", with: ""))
            if let index = batches.firstIndex(where: {
                !$0.contains {
                    SwiftNames.modelTypeName($0.1.name.replacingOccurrences(of: "+CoreDataModel.swift", with: ""))
                        == type
                }
            }) {
                batches[index].append(entry)
            } else {
                batches.append([entry])
            }
        }
        #expect(batches.count <= 6)
        var checkedModels = 0
        for (number, batch) in batches.enumerated() {
            var sources: [String] = [], main: [String] = [], expected: [String] = []
            for (index, (_, file, model)) in batch.enumerated() {
                let name = "m\(index).swift"
                try file.contents.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
                sources.append(name)
                let type = SwiftNames.modelTypeName(
                    file.name.replacingOccurrences(of: "+CoreDataModel.swift", with: ""))
                main.append(
                    "print(\(type).currentVersionName, \(type).versionChecksums[\(type).currentVersionName] ?? \"-\")")
                expected.append("\(model.versionName) \(VersionHasher.hashes(for: model).versionChecksum)")
                for entity in model.entities {
                    let keys = "\(type).\(SwiftNames.typeName(entity.name))"
                    main.append(
                        "print(\(keys).entityName, \(keys).Attributes.allCases.count, \(keys).Relationships.allCases.count)"
                    )
                    let visible = ModelMatcher.visibleProperties(of: entity, in: model.entitiesByName)
                    let attributes = visible.filter { if case .attribute = $0 { true } else { false } }.count
                    let relationships = visible.filter { if case .relationship = $0 { true } else { false } }.count
                    expected.append("\(entity.name) \(attributes) \(relationships)")
                }
                checkedModels += 1
            }
            try main.joined(separator: "\n").write(toFile: directory + "/main.swift", atomically: true, encoding: .utf8)
            let build = try SwiftCompiler.run(sources + ["main.swift", "-o", "batch\(number)"], in: directory)
            #expect(build.status == 0, "\(build.output.prefix(3000))")
            guard build.status == 0 else { continue }
            let run = try SwiftCompiler.runExecutable(directory + "/batch\(number)")
            #expect(run.output.split(separator: "\n").map(String.init) == expected)
        }
        #expect(checkedModels >= 45)
    }
}

/// The Core Data half of every corpus model's generated code type-checks (against `CoreDataStub`'s stand-in), in
/// both styles: what `-parse` cannot see, a name that resolves to the wrong type, is caught here.
@Suite struct CodegenTypeCheckTests {
    @Test(.needsShared, arguments: CodegenOptions.Style.allCases)
    func everyCorpusModelTypeChecks(_ style: CodegenOptions.Style) throws {
        guard let shared = SharedFolder.require() else { return }
        let files = CodegenCompileTests.corpusFiles(style, shared: shared).filter {
            $0.1.name.hasSuffix("+CoreDataModel.swift")
        }
        #expect(files.count >= 45)
        // Batches of models whose declarations cannot collide: no two share a class or model type name.
        var batches: [(names: Set<String>, files: [String: String])] = []
        for (path, file, model) in files {
            // Class names and the Transformable classes the app declares, which the check stands in for.
            let custom = model.entities.flatMap { $0.attributes.compactMap(\.customClassName) }.map(
                SwiftNames.customClassType)
            let declared = Set(model.entities.map(SwiftNames.className(of:)) + custom + [file.name])
            if let index = batches.firstIndex(where: { $0.names.isDisjoint(with: declared) }) {
                batches[index].names.formUnion(declared)
                batches[index].files[path + "/" + file.name] = file.contents
            } else {
                batches.append((declared, [path + "/" + file.name: file.contents]))
            }
        }
        for batch in batches {
            let result = try CoreDataStub.typecheckWithAppTypes(batch.files)
            #expect(result.ok, "\(result.output.prefix(3000))")
        }
    }
}
