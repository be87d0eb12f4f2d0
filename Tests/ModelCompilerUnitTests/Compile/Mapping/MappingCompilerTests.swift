import Foundation
import Testing
@testable import ModelCompiler

/// mapc's derivations on the real mapping models, and on copies of them edited one fault at a time.
@Suite struct MappingCompilerTests {
    @Test func propertyMappingsSortByNameIgnoringCase() {
        let names = ["addMissingDeviceToTeams", "additionalBuildArgumentsData", "Zeta", "alpha", "beta"]
        let sorted = MappingCompiler.sortedByName(names.map { .init(name: $0, expression: nil) }).map(\.name)
        #expect(sorted == ["additionalBuildArgumentsData", "addMissingDeviceToTeams", "alpha", "beta", "Zeta"])
    }

    @Test func sourceKeyPathsOfTheFormMapcWrites() {
        #expect(MappingCompiler.keyPath("$source.books") == .keyPath(variable: "source", path: "books"))
        #expect(
            MappingCompiler.keyPath("$source.countries.@distinctUnionOfSets.moods")
                == .keyPath(variable: "source", path: "countries.@distinctUnionOfSets.moods"))
        for bad in ["books", "$source", "$.books", "$source.", "$so urce.x", "$source.a b"] {
            #expect(MappingCompiler.keyPath(bad) == nil, "\(bad)")
        }
    }
}
