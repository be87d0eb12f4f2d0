import Foundation
import TestSupport
import Testing
@testable import ModelCompiler

/// #52: `generate --style swiftdata --flavor xcode` against the files Xcode's Create SwiftData Code wrote from four
/// shared models (../shared/swiftdata/pairs.tsv), compared after the header (its author and date are the user's).
@Suite(.needsShared) struct SwiftDataXcodeFlavorTests {
    struct Pair: CustomTestStringConvertible, Sendable {
        var folder: String
        var model: String
        var generated: String
        var files: [String]
        var testDescription: String { folder.lastPathComponent }
    }

    static let pairs: [Pair] = {
        guard let shared = SharedFolder.path,
            let text = try? String(contentsOfFile: shared + "/swiftdata/pairs.tsv", encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 4 else { return nil }
            let base = shared + "/swiftdata/"
            return Pair(
                folder: base + fields[0], model: base + fields[1], generated: base + fields[2],
                files: fields[3].split(separator: ",").map(String.init))
        }
    }()

    /// The text from the imports on.
    static func body(_ text: String) -> String {
        guard let range = text.range(of: "\nimport ") ?? text.range(of: "\npublic import ") else { return text }
        return String(text[text.index(after: range.lowerBound)...])
    }

    static func generated(_ pair: Pair) throws -> [String: String] {
        var options = CodegenOptions()
        options.swiftData = SwiftDataOptions(flavor: .xcode)
        let result = generate(input: pair.model, options: options)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        return Dictionary(result.files.map { ($0.name, $0.contents) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func theFourPairsAreListed() {
        #expect(Self.pairs.count == 4)
        #expect(Self.pairs.map(\.files.count).reduce(0, +) == 18)
    }

    /// Every golden file but one is reproduced byte for byte; `Entry.swift` lists `isRemoved` first because it was
    /// added in the open editor session (spec 3.1: the editor's creation order is not in the file), so it has the
    /// same lines in another order.
    @Test(arguments: pairs)
    func theXcodeFlavourWritesWhatXcodeWrote(_ pair: Pair) throws {
        let ours = try Self.generated(pair)
        // What Xcode wrote compiled in the app: so does the whole set here, against the stand-in.
        let checked = try SwiftDataStandIn.typecheck(ours)
        #expect(checked.ok, "\(SwiftDataTypeCheckTests.errors(checked.output))")
        for file in pair.files {
            let golden = try String(contentsOfFile: pair.generated + "/" + file, encoding: .utf8)
            let className = try #require(
                golden.split(separator: "\n").first { $0.contains("@Model public class ") }?
                    .split(separator: " ").dropLast().last.map(String.init))
            let mine = try #require(ours[className + ".swift"], "no \(className).swift")
            if file == "Entry.swift" {
                #expect(Self.body(mine) != Self.body(golden))
                #expect(
                    Self.body(mine).split(separator: "\n").sorted() == Self.body(golden).split(separator: "\n").sorted()
                )
            } else {
                #expect(Self.body(mine) == Self.body(golden), "\(file)")
            }
        }
    }

    /// The header is the IDE template's with the options' project, author and date.
    @Test func theHeaderComesFromTheOptions() throws {
        let pair = try #require(Self.pairs.first { $0.folder.hasSuffix("pbk20191__Sqlite2CoreData") })
        var options = CodegenOptions()
        options.swiftData = SwiftDataOptions(flavor: .xcode, project: "Sqlite2CoreData", author: "Ann", date: "8/2/25")
        let album = try #require(generate(input: pair.model, options: options).files.first { $0.name == "Album.swift" })
        #expect(
            album.contents.hasPrefix(
                "//\n//  Album.swift\n//  Sqlite2CoreData\n//\n//  Created by Ann on 8/2/25.\n"
                    + "//\n//\n\nimport Foundation\nimport SwiftData\n\n\n@available(macOS 15, *)\n@Model public class Album {\n"
            ))
    }
}
