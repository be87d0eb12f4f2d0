import Foundation
import Testing
@testable import ModelCompiler

/// Generated Swift for the sample and the conformance models, in both styles, against golden files.
/// Regenerate: OPENMOMC_UPDATE_GOLDENS=1 swift test --filter Golden
@Suite struct CodegenGoldenTests {
    static let folder = Golden.folder()

    static func generated(_ input: String, _ options: CodegenOptions) throws -> [GeneratedFile] {
        let result = generate(input: input, options: options)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        return result.files
    }

    @Test(arguments: CodegenOptions.Style.allCases)
    func sample(_ style: CodegenOptions.Style) throws {
        for file in try Self.generated(Fixtures.sampleBundle, CodegenOptions(style: style)) {
            Golden.check(file.contents, against: "Sample/\(style.rawValue)/\(file.name)", folder: Self.folder)
        }
    }

    @Test func sampleSplitIntoXcodesFiles() throws {
        let files = try Self.generated(Fixtures.sampleBundle, CodegenOptions(splitFiles: true))
        #expect(
            files.map(\.name) == [
                "Library+CoreDataModel.swift", "Author+CoreDataClass.swift", "Author+CoreDataProperties.swift",
                "Book+CoreDataClass.swift", "Book+CoreDataProperties.swift", "Item+CoreDataClass.swift",
                "Item+CoreDataProperties.swift", "Magazine+CoreDataClass.swift", "Magazine+CoreDataProperties.swift",
                "Shelf+CoreDataClass.swift", "Shelf+CoreDataProperties.swift",
            ])
        for file in files { Golden.check(file.contents, against: "SampleSplit/\(file.name)", folder: Self.folder) }
    }

    @Test(.needsShared, arguments: ConformanceVector.all)
    func conformanceModels(_ vector: ConformanceVector) throws {
        guard let shared = SharedFolder.require() else { return }
        for style in CodegenOptions.Style.allCases {
            for file in try Self.generated(shared + "/conformance/" + vector.source, CodegenOptions(style: style)) {
                let folder = vector.source.split(separator: "/").first.map(String.init) ?? vector.name
                Golden.check(file.contents, against: "\(folder)/\(style.rawValue)/\(file.name)", folder: Self.folder)
            }
        }
    }
}
