import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// #52: generated SwiftData code type-checks against the stand-in SwiftData module (`SwiftDataStandIn`): the corrected
/// flavour and the versioned schemas with their plan for the sample and every model of the corpus; the xcode flavour
/// everywhere but where Xcode's own output does not compile (a number default copied verbatim into an integer, spec
/// section 8 item 1).
@Suite struct SwiftDataTypeCheckTests {
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SampleModels/Library.xcdatamodeld").path

    /// Every `.xcdatamodeld` of the corpus, and the loose `.xcdatamodel`s outside one.
    static let corpus: [String] = {
        guard let shared = SharedFolder.path, let walk = FileManager.default.enumerator(atPath: shared + "/corpus")
        else {
            return []
        }
        var found: [String] = []
        while let relative = walk.nextObject() as? String {
            guard relative.hasSuffix(".xcdatamodeld") || relative.hasSuffix(".xcdatamodel") else { continue }
            walk.skipDescendants()
            found.append(shared + "/corpus/" + relative)
        }
        return found.sorted()
    }()

    static func generated(
        _ model: String, _ flavor: SwiftDataOptions.Flavor, versioned: Bool = false
    ) -> [String: String] {
        var options = CodegenOptions()
        options.swiftData = SwiftDataOptions(flavor: flavor, versioned: versioned)
        let result = generate(input: model, options: options)
        return Dictionary(result.files.map { ($0.name, $0.contents) }, uniquingKeysWith: { first, _ in first })
    }

    /// The compiler's error lines, not its warnings (the generated `#warning`s) or the source it quotes.
    static func errors(_ output: String) -> String {
        output.split(separator: "\n").filter { $0.contains(": error: ") }.prefix(12).joined(separator: "\n")
    }

    @Test func theStandInCatchesWhatSwiftDataWould() throws {
        let bad = """
            import SwiftData
            @Model public class Bad {
                #Index<Bad>([\\.missing])
                var count: Int32 = 0.0
                @Relationship(deleteRule: .sometimes) var other: Bad?
            }
            """
        let result = try SwiftDataStandIn.typecheck(["Bad.swift": bad])
        #expect(!result.ok)
        #expect(result.output.contains("Bad.swift:3:"), "the key path")
        #expect(result.output.contains("Bad.swift:4:"), "the default")
        #expect(result.output.contains("Bad.swift:5:"), "the delete rule")
    }

    @Test(arguments: SwiftDataOptions.Flavor.allCases)
    func theSampleTypeChecks(_ flavor: SwiftDataOptions.Flavor) throws {
        let files = Self.generated(Self.sample, flavor)
        #expect(files.count == 5)
        let result = try SwiftDataStandIn.typecheck(files)
        #expect(result.ok, "\(result.output)")
    }

    @Test(.needsShared, .timeLimit(.minutes(10)))
    func everyCorpusModelTypeChecks() throws {
        #expect(Self.corpus.count >= 40)
        // Two compilers at a time: each run is mostly the compiler starting.
        let corpus = Self.corpus
        let outcomes = Parallel.map(corpus.count) { index -> (failures: [String], xcodeOnly: Bool) in
            let model = corpus[index]
            var failures: [String] = []
            let corrected = Self.generated(model, .corrected)
            guard !corrected.isEmpty else { return ([], false) }
            do {
                let result = try SwiftDataStandIn.typecheck(corrected)
                if !result.ok { failures.append("\(model) (corrected):\n" + Self.errors(result.output)) }
                let versioned = try SwiftDataStandIn.typecheck(Self.generated(model, .corrected, versioned: true))
                if !versioned.ok { failures.append("\(model) (versioned):\n" + Self.errors(versioned.output)) }
                let asXcode = try SwiftDataStandIn.typecheck(Self.generated(model, .xcode))
                guard !asXcode.ok else { return (failures, false) }
                // Xcode's own output fails only where it copies a number into an integer (`Int32 = 0.0`).
                let errors = asXcode.output.split(separator: "\n").filter { $0.contains(": error: ") }
                if errors.allSatisfy({ $0.contains("cannot convert value of type 'Double' to specified type 'Int") }) {
                    return (failures, true)
                }
                failures.append("\(model) (xcode):\n" + Self.errors(asXcode.output))
            } catch {
                failures.append("\(model): \(error)")
            }
            return (failures, false)
        }
        let failures = outcomes.flatMap(\.failures)
        let xcodeOnly = outcomes.filter(\.xcodeOnly).count
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
        #expect(xcodeOnly < Self.corpus.count / 2, "Xcode's integer defaults")
    }
}
