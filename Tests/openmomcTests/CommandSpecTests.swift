import Foundation
import Testing
@testable import openmomc

/// #53: every option is declared once; the parser, usage, `--help` and the command reference come from that
/// declaration, and the reference guide fails this test when it names an option a command does not declare, or
/// leaves one out.
@Suite struct CommandSpecTests {
    static let reference =
        EndToEndTests.packageRoot
        + "/Sources/ModelCompiler/ModelCompiler.docc/CommandLineReference.md"

    /// Every command, and `store sanitize`.
    static let specs = CommandLineTool.commands.map(\.spec) + [SanitizeCommand.spec]

    /// The `--name`s in a text.
    static func options(in text: some StringProtocol) -> Set<String> {
        var found: Set<String> = []
        var rest = Substring(text)
        while let range = rest.range(of: "--") {
            let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            if let first = name.first, first.isLetter { found.insert(String(name)) }
            rest = rest[range.upperBound...]
        }
        return found
    }

    @Test(arguments: specs.map(\.name))
    func helpAndUsageShowEveryOptionTheParserTakes(_ name: String) throws {
        let spec = try #require(Self.specs.first { $0.name == name })
        let declared = Set(spec.options.map(\.name)).union(["help"])
        #expect(Set(spec.parser.options.map(\.name)) == declared)
        let help = spec.helpText()
        for option in spec.options {
            #expect(help.contains("  " + CommandSpec.label(option)), "\(name): --\(option.name) has no help entry")
            #expect(!option.help.isEmpty, "\(name): --\(option.name) has no help text")
        }
        let plain = Set(spec.options.map(\.name).filter { !$0.contains("<") })
        #expect(Self.options(in: spec.tokens.joined(separator: " ")) == plain)
        #expect(help.hasPrefix("OVERVIEW: ") && help.contains("\nUSAGE: openmomc \(name) "))
        // Lines stay within the width (a single long token aside).
        for line in help.split(separator: "\n") where line.contains(" ") {
            #expect(line.count <= TextWrap.width, "\(name): \(line)")
        }
    }

    /// The reference guide's row for each command names exactly its options (momc and mapc take Apple's command
    /// lines, which their own page describes).
    @Test func theCommandReferenceNamesEveryDeclaredOptionAndNoOther() throws {
        let text = try String(contentsOfFile: Self.reference, encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `openmomc ") }
        for spec in Self.specs where spec.name != "momc" && spec.name != "mapc" {
            let row = try #require(
                rows.first {
                    $0.hasPrefix("| `openmomc \(spec.name) ")
                        && (spec.name != "compile" || !$0.contains(".xcmappingmodel"))
                        && (spec.name != "store" || !$0.contains("sanitize"))
                }, "no row for \(spec.name)")
            // The first cell's code span: the synopsis.
            let synopsis = row.dropFirst(3).prefix { $0 != "`" }
            let named = Self.options(in: synopsis)
            let declared = Set(spec.options.map(\.name))
            #expect(
                named == declared, "\(spec.name): the reference names \(named.sorted()), declared \(declared.sorted())")
        }
    }

    /// Run under the name `momc` (a link), the drop-in's help and usage name `momc`, not `openmomc momc`.
    @Test func theDropInsNameThemselves() {
        let printed = Printed()
        _ = MomcCommand.run(["--help"], output: printed.output, invocation: "momc")
        #expect(printed.out.contains("\nUSAGE: momc [--action compile|generate]"), "\(printed.out)")
        _ = MomcCommand.run([], output: printed.output, invocation: "momc")
        #expect(printed.err.contains("momc: error: expected an input model and an output path\nusage: momc ["))
        let mapc = Printed()
        _ = MapcCommand.run(["-h"], output: mapc.output)
        #expect(mapc.out.contains("\nUSAGE: openmomc mapc [--module <name>]"))
    }

    /// Every option momc's and mapc's help declares is one their parsers accept.
    @Test func theDropInsAcceptEveryOptionTheirHelpNames() throws {
        for spec in [MomcCommand.spec, MapcCommand.spec] {
            for option in spec.options {
                let name = "--" + option.name.replacingOccurrences(of: "<platform>", with: "iphoneos")
                let arguments =
                    [name] + (option.takesValue ? [option.allowedValues?.first ?? "1"] : []) + ["in", "out"]
                if spec.name == "momc" {
                    #expect(throws: Never.self, "\(name)") { _ = try MomcArguments(arguments) }
                } else {
                    #expect(throws: Never.self, "\(name)") { _ = try MapcArguments(arguments) }
                }
            }
        }
    }

    @Test func textIsFilledWithoutSplittingWords() {
        #expect(TextWrap.fill(["aa", "bb", "cc"], width: 5) == ["aa bb", "cc"])
        #expect(TextWrap.fill(["abcdefgh", "b"], width: 5) == ["abcdefgh", "b"])
        #expect(TextWrap.paragraphs("one two\n\nthree") == "one two\n\nthree")
    }
}

/// What a command printed, for tests that run one in the process.
final class Printed: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = "", errText = ""
    var out: String { lock.withLock { outText } }
    var err: String { lock.withLock { errText } }
    var output: Output {
        Output(
            out: { text in self.lock.withLock { self.outText += text } },
            error: { text in self.lock.withLock { self.errText += text } }, colorErrors: false)
    }
}
