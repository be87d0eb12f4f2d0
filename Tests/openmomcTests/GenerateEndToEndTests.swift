import Foundation
import Testing

@Suite struct GenerateEndToEndTests {
    let tool = EndToEndTests()

    @Test func generateWritesOneFileOrXcodesSplitFiles() throws {
        let output = NSTemporaryDirectory() + "openmomc-e2e-gen-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: output) }
        let single = try tool.run("generate", "SampleModels/Library.xcdatamodeld", output)
        #expect(single.status == 0 && single.stdout == "wrote \(output)/Library+CoreDataModel.swift\n")
        let again = try tool.run("generate", "SampleModels/Library.xcdatamodeld", output)
        #expect(again.stdout == "unchanged \(output)/Library+CoreDataModel.swift\n")
        let strict = try tool.run(
            "generate", "--style", "strict", "--access", "internal", "--split", "SampleModels/Library.xcdatamodeld",
            output)
        #expect(strict.status == 0)
        #expect(FileManager.default.fileExists(atPath: output + "/Book+CoreDataProperties.swift"))
        let properties = try String(contentsOfFile: output + "/Book+CoreDataProperties.swift", encoding: .utf8)
        #expect(properties.contains("@NSManaged var isbn: String\n") && properties.contains("typedFetchRequest()"))
        #expect(try tool.run("generate", "--style", "loose", "SampleModels/Library.xcdatamodeld", output).status == 2)
        #expect(try tool.run("generate", "SampleModels/Library.xcdatamodeld", output + "/missing").status == 0)
        #expect(FileManager.default.fileExists(atPath: output + "/missing/Library+CoreDataModel.swift"))
        #expect(
            try tool.run(
                "generate", "SampleModels/Library.xcdatamodeld", output + "/missing/Library+CoreDataModel.swift"
            ).status == 2)
        #expect(try tool.run("help", "generate").stdout.contains("--split"))
    }
}
