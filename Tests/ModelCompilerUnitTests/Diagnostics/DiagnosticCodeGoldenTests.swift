import Foundation
import Testing

@testable import ModelCompiler

/// The one list of diagnostic codes is generated from their declarations, each beside the rule that reports it (an
/// `extension DiagnosticCode` at the end of the rule's file), as swift-format generates its rule registry: a new code
/// is declared once, where it is reported, and
///     OPENMOMC_UPDATE_GOLDENS=1 swift test --filter Golden
/// regenerates `Diagnostics/DiagnosticCode+Registry.swift`, which the severity policy, the compile cache and the
/// guides' settings are checked against.
@Suite struct DiagnosticCodeGoldenTests {
    struct Declaration: Equatable {
        let code: String
        let name: String
        /// The file declaring it, from `Sources/ModelCompiler/`.
        let file: String
    }

    static let registryFile = "Diagnostics/DiagnosticCode+Registry.swift"

    /// Every `static let name: DiagnosticCode = "code"` of the library's sources, by code.
    static func declarations() throws -> [Declaration] {
        let pattern = try NSRegularExpression(
            pattern: #"^\s*(?:public )?static let (\w+): DiagnosticCode = "([a-z0-9-]+)""#, options: .anchorsMatchLines)
        var found: [Declaration] = []
        for file in try SourceTree.files(in: ["."]).sorted() {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let part = { (index: Int) in String(text[Range(match.range(at: index), in: text)!]) }
                let relative = String(file.dropFirst(SourceTree.root.count)).replacingOccurrences(of: "./", with: "")
                found.append(Declaration(code: part(2), name: part(1), file: relative))
            }
        }
        return found.sorted { $0.code < $1.code }
    }

    static func registry(_ declarations: [Declaration]) -> String {
        var lines = [
            "// Generated from every `static let <name>: DiagnosticCode` of the library's sources; do not edit. Regenerate",
            "// with `OPENMOMC_UPDATE_GOLDENS=1 swift test --filter Golden` (DiagnosticCodeGoldenTests).",
            "",
            "extension DiagnosticCode {",
            "    /// Every code openmomc reports, each declared beside the rule that reports it: a configuration's per-code",
            "    /// severities are checked against it (a misspelled code is an error, not an override that does nothing),",
            "    /// and a compile cache entry holding another code is not trusted.",
            "    static let all: Set<String> = [",
        ]
        for declaration in declarations {
            lines.append("        DiagnosticCode.\(declaration.name).rawValue,  // \(declaration.file)")
        }
        lines += ["    ]", "}", ""]
        return lines.joined(separator: "\n")
    }

    @Test func theRegistryIsGeneratedFromTheDeclarations() throws {
        let declarations = try Self.declarations()
        #expect(declarations.count > 100)
        let codes = declarations.map(\.code), names = declarations.map(\.name)
        #expect(Set(codes).count == codes.count, "a code declared twice")
        #expect(Set(names).count == names.count, "a name declared twice")
        Golden.check(Self.registry(declarations), against: Self.registryFile, folder: SourceTree.root)
        if !Golden.updating { #expect(DiagnosticCode.all == Set(codes)) }
    }

    /// Declared beside their rules: only the codes several stages report are in `DiagnosticCode.swift`.
    @Test func codesAreDeclaredBesideTheirRules() throws {
        let shared = try Self.declarations().filter { $0.file == "Diagnostics/DiagnosticCode.swift" }
        #expect(shared.count <= 15, "\(shared.map(\.code))")
    }

    /// What the guides tell users to write in `openmomc.json`'s `diagnostics` or with `--severity` names real codes.
    @Test func theGuidesNameOnlyRealCodes() throws {
        let folder = SourceTree.root + "ModelCompiler.docc"
        let guides =
            try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".md") }
            .map { folder + "/" + $0 } + [Fixtures.packageRoot + "/README.md"]
        let setting = try NSRegularExpression(
            pattern: #"(?:--severity[ =]|"diagnostics": \{[^}]*?")([a-z0-9-]+)(?:=|": ")"#)
        var named: Set<String> = []
        for guide in guides {
            let text = try String(contentsOfFile: guide, encoding: .utf8)
            for match in setting.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                named.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        #expect(!named.isEmpty)
        #expect(named.subtracting(DiagnosticCode.all).isEmpty, "\(named.subtracting(DiagnosticCode.all).sorted())")
    }
}
