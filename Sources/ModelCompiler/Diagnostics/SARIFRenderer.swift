#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Findings as one SARIF 2.1.0 log, for code scanning: one run of `openmomc`, a rule per code found, a result per
/// finding with its place relative to the working folder (`SRCROOT`). Every finding is there (no summing up):
/// SARIF readers group and count for themselves. Columns are the line's byte columns, which are its code points in
/// the ASCII that model files are written in (`columnKind`).
extension DiagnosticRenderer {
    /// The findings as a SARIF 2.1.0 log, for code-scanning tools; paths relative to `workingDirectory`.
    public static func sarif(
        _ diagnostics: [Diagnostic], relativeTo workingDirectory: String,
        toolVersion: String, commands: SuggestedCommand.Spelling = .here
    ) -> String {
        let diagnostics = diagnostics.spellingCommands(commands)
        let codes = Array(Set(diagnostics.map(\.code.rawValue))).sorted()
        let ruleIndex = Dictionary(uniqueKeysWithValues: codes.enumerated().map { ($0.element, $0.offset) })
        var root = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        if !root.hasPrefix("/") { root = "/" + root }
        let results = diagnostics.map { diagnostic -> SARIF.Result in
            let location = diagnostic.location
            var locations: [SARIF.Location] = []
            if !location.file.isEmpty {
                let path = ReportPaths.relative(location.file, to: workingDirectory)
                let region =
                    location.line > 0
                    ? SARIF.Region(startLine: location.line, startColumn: location.column > 0 ? location.column : nil)
                    : nil
                locations.append(
                    SARIF.Location(
                        physicalLocation: SARIF.PhysicalLocation(
                            artifactLocation: SARIF.ArtifactLocation(
                                uri: ReportPaths.uriPath(path),
                                uriBaseId: path.hasPrefix("/") ? nil : "SRCROOT"),
                            region: region)))
            }
            let level: String
            switch diagnostic.severity {
            case .error: level = "error"
            case .warning: level = "warning"
            case .note: level = "note"
            }
            let element = location.element.map { " [\($0)]" } ?? ""
            return SARIF.Result(
                ruleId: diagnostic.code.rawValue, ruleIndex: ruleIndex[diagnostic.code.rawValue] ?? 0,
                level: level, message: SARIF.Message(text: diagnostic.message + element),
                locations: locations, baselineState: diagnostic.isHistory ? "unchanged" : nil)
        }
        let run = SARIF.Run(
            tool: SARIF.Tool(
                driver: SARIF.Driver(
                    name: "openmomc", version: toolVersion,
                    rules: codes.map {
                        SARIF.Rule(
                            id: $0, shortDescription: SARIF.Message(text: String($0.map { $0 == "-" ? " " : $0 })))
                    })),
            originalUriBaseIds: [
                "SRCROOT": SARIF.ArtifactLocation(
                    uri: "file://" + ReportPaths.uriPath(root),
                    uriBaseId: nil)
            ],
            columnKind: "unicodeCodePoints", results: results)
        return JSONText.encode(SARIF.Log(runs: [run]))
    }
}

/// The SARIF 2.1.0 objects openmomc writes (the OASIS standard's names; optional members left out when empty).
enum SARIF {
    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema", version, runs
        }
    }

    struct Run: Encodable {
        var tool: Tool
        var originalUriBaseIds: [String: ArtifactLocation]
        var columnKind: String
        var results: [Result]
    }

    struct Tool: Encodable { var driver: Driver }

    struct Driver: Encodable {
        var name: String
        var version: String
        var rules: [Rule]
    }

    struct Rule: Encodable {
        var id: String
        var shortDescription: Message
    }

    struct Message: Encodable { var text: String }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        /// "unchanged" for a finding on an upgrade that already shipped (the baseline), else left out.
        var baselineState: String? = nil
    }

    struct Location: Encodable { var physicalLocation: PhysicalLocation }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }
}

/// Stable JSON: sorted keys, pretty printed, slashes as they are, one newline at the end.
enum JSONText {
    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { fatalError("encoding strings and numbers cannot fail") }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
