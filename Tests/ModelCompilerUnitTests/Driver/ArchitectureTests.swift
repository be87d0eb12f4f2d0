import Foundation
import Testing
@testable import ModelCompiler

/// The design's arrows (../shared/design/architecture.md): data flows left to right, so no stage names a
/// type declared by a later one. Read from the sources, so a new reach backwards fails here.
@Suite struct ArchitectureTests {
    /// In pipeline order. Diagnostics and Predicate are used by every stage and use none. Cache keeps what Compile
    /// made (its entries written as Emit writes files) for the Driver to look up; Fuzzing drives the whole pipeline.
    static let stages = [
        "Diagnostics", "Predicate", "Source", "Model", "Validation", "Compile", "Store", "Versions", "Emit", "Cache",
        "Driver", "Fuzzing",
    ]

    static func declaredTypes(in file: String) throws -> Set<String> {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let pattern = try NSRegularExpression(
            pattern: #"^(?:public )?(?:final |indirect )?(?:struct|enum|class|protocol|typealias) ([A-Z][A-Za-z0-9]*)"#,
            options: .anchorsMatchLines)
        let range = NSRange(text.startIndex..., in: text)
        return Set(
            pattern.matches(in: text, range: range).compactMap {
                Range($0.range(at: 1), in: text).map { String(text[$0]) }
            })
    }

    @Test func noStageNamesATypeOfALaterStage() throws {
        var declared: [String: Set<String>] = [:]
        for stage in Self.stages {
            declared[stage] = try SourceTree.files(in: [stage]).reduce(into: []) {
                $0.formUnion(try Self.declaredTypes(in: $1))
            }
        }
        #expect(
            declared["Compile"]?.contains("CompiledVersion") == true
                && declared["Versions"]?.contains("BundleHistory") == true)
        var violations: [String] = []
        for (index, stage) in Self.stages.enumerated() {
            let later = Self.stages[(index + 1)...].reduce(into: Set<String>()) { $0.formUnion(declared[$1] ?? []) }
            for file in try SourceTree.files(in: [stage]) {
                // Comments and string literals (a file's name: "VersionInfo.plist") may name anything; code may not.
                let text = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
                    .map { line in line.range(of: "//").map { line[..<$0.lowerBound] } ?? line }
                    .map { $0.replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression) }
                    .joined(separator: "\n")
                let words = Set(text.split { !($0.isLetter || $0.isNumber) }.map(String.init))
                for name in words.intersection(later).sorted() {
                    violations.append("\(stage)/\(file.lastPathComponent) names \(name)")
                }
            }
        }
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }
}
