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

    /// Each file once where both styles generate the same bytes (`<model>/<file>`), else once per style
    /// (`<model>/<style>/<file>`); a copy left in the other place fails, so the layout stays true.
    @Test(.needsShared, arguments: ConformanceVector.all)
    func conformanceModels(_ vector: ConformanceVector) throws {
        guard let shared = SharedFolder.require() else { return }
        let folder = vector.source.split(separator: "/").first.map(String.init) ?? vector.name
        let styles = CodegenOptions.Style.allCases
        let outputs = try styles.map {
            try Self.generated(shared + "/conformance/" + vector.source, CodegenOptions(style: $0))
        }
        for (index, file) in outputs[0].enumerated() {
            let same = outputs.allSatisfy { $0.count == outputs[0].count && $0[index] == file }
            let places = same ? ["\(folder)/\(file.name)"] : styles.map { "\(folder)/\($0.rawValue)/\(file.name)" }
            let unused = same ? styles.map { "\(folder)/\($0.rawValue)/\(file.name)" } : ["\(folder)/\(file.name)"]
            for (place, style) in zip(places, same ? [styles[0]] : styles) {
                let contents = outputs[styles.firstIndex(of: style)!][index].contents
                Golden.check(contents, against: place, folder: Self.folder)
            }
            for place in unused where FileManager.default.fileExists(atPath: Self.folder + "/" + place) {
                if Golden.updating {
                    try FileManager.default.removeItem(atPath: Self.folder + "/" + place)
                } else {
                    let message =
                        "golden file \(place) is a second copy: both styles generate the same bytes, or no "
                        + "longer do; regenerate with OPENMOMC_UPDATE_GOLDENS=1 swift test --filter Golden"
                    Issue.record(Comment(rawValue: message))
                }
            }
        }
    }
}
