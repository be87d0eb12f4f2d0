import Foundation
import Testing
@testable import ModelCompiler

/// Every real model under ../shared loads: 210 versions from 24 projects, plus the conformance vectors.
@Suite struct CorpusTests {
    @Test(.needsShared) func everyCorpusVersionLoadsWithoutErrors() throws {
        guard let shared = SharedFolder.require() else { return }
        let result = check(paths: [shared + "/corpus"])
        #expect(!result.inputFailed)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.prefix(20).map(\.description).joined(separator: "\n"))")

        // Every version is typed: 210 with `contents` and the 7 Xcode 3 binary ones.
        let typed = result.bundles.reduce(0) { $0 + $1.models.count }
        #expect(typed == 217)
        let binary = result.bundles.flatMap(\.source.versions).filter { $0.format == .xcode3Binary }
        #expect(binary.count == 7)
        // Everything Xcode writes is known to the readers, binary ones included.
        let unknown = result.diagnostics.filter {
            [.unknownXMLElement, .unknownXMLAttribute, .xcode3UnknownTag, .xcode3BinaryModel].contains($0.code)
        }
        #expect(unknown.isEmpty, "\(unknown.prefix(10))")
    }

    @Test(.needsShared) func everyConformanceSourceLoadsWithoutFindings() throws {
        guard let shared = SharedFolder.require() else { return }
        let result = check(paths: [shared + "/conformance"])
        #expect(!result.inputFailed)
        #expect(result.versionCount >= 9)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.filter { $0.severity == .error })")
        // The two Xcode 3 binary vectors (RestKit, CoreDataBug) read without a word.
        let binaryFindings = result.diagnostics.filter {
            $0.severity != .note && ($0.location.file.contains("RestKit") || $0.location.file.contains("CoreDataBug"))
        }
        #expect(binaryFindings.isEmpty, "\(binaryFindings)")
        #expect(result.bundles.flatMap(\.source.versions).filter { $0.format == .xcode3Binary }.count == 2)
    }

    @Test(.needsShared) func richestConformanceModelIsReadCompletely() throws {
        guard let shared = SharedFolder.require() else { return }
        let path =
            shared
            + "/conformance/SwiftGen__SwiftGen/e0d58459/Sources/TestUtils/Fixtures/Resources/CoreData/Model.xcdatamodeld"
        let (bundle, _) = checkBundle(at: path)
        let model = try #require(bundle?.models.first { $0.versionName == "Model 2" })
        #expect(model.entities.count == 8)
        let main = try #require(model.entitiesByName["MainEntity"])
        #expect(main.className == "CustomMainEntity")
        #expect(main.attributes.count == 27 && main.relationships.count == 3 && main.fetchedProperties.count == 1)
        #expect(main.relationships.first { $0.name == "oneToMany" }?.isOrdered == true)
        #expect(model.entitiesByName["ChildEntity"]?.attributes.filter(\.isDerived).count == 3)
        #expect(model.entitiesByName["NewEntity"]?.uniquenessConstraints.count == 1)
        #expect(model.entitiesByName["NewEntity"]?.fetchIndexes.first?.name == "byIdentifierIndex")
        #expect(
            model.fetchRequests.map(\.name) == ["DictionaryFetchRequest", "ObjectFetchRequest", "ObjectIDFetchRequest"])
        #expect(model.configurations.map(\.name) == ["Custom"])
        #expect(bundle?.source.currentVersion?.versionName == "Model 2")
    }
}

@Suite struct SampleModelTests {
    @Test func sampleBundleIsCleanAndUsesEveryFeatureItAdvertises() throws {
        let (bundle, diagnostics) = checkBundle(at: Fixtures.sampleBundle)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let checked = try #require(bundle)
        #expect(checked.source.versions.map(\.name) == ["Library", "Library 2", "Library 3"])
        #expect(checked.source.currentVersion?.versionName == "Library 3")
        let current = try #require(checked.models.last)
        let entities = current.entitiesByName
        #expect(entities["Book"]?.parentName == "Item" && entities["Item"]?.isAbstract == true)
        #expect(entities["Shelf"]?.relationships.contains { $0.isOrdered && $0.isToMany } == true)
        #expect(entities["Author"]?.fetchedProperties.isEmpty == false)
        #expect(entities["Author"]?.attributes.contains { $0.isDerived } == true)
        #expect(entities["Book"]?.attributes.contains { $0.type == .transformable } == true)
        #expect(entities["Book"]?.attributes.first { $0.name == "synopsis" }?.renamingIdentifier?.value == "summary")
        #expect(entities["Book"]?.uniquenessConstraints.isEmpty == false)
        #expect(entities["Book"]?.fetchIndexes.isEmpty == false)
        #expect(!current.fetchRequests.isEmpty && !current.configurations.isEmpty)
    }
}
