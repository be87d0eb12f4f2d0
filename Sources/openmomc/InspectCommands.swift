#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ModelCompiler

/// `openmomc hashes PATH`
enum HashesCommand {
    static let spec = CommandSpec(
        name: "hashes",
        overview: "Print each version's entity version hashes (hex and base64) and versionChecksum, the values to "
            + "compare with a store's NSStoreModelVersionHashes metadata.",
        arguments: [
            .init(
                name: "path",
                help: "A source model (.xcdatamodeld, .xcdatamodel), a compiled .momd or a lone .mom, or a mapping "
                    + "model (.xcmappingmodel: the hashes of its two model snapshots)")
        ],
        options: [Options.textOrJSON], argumentCount: 1...1, argumentError: "'hashes' takes one model path")

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, spec: spec, output: output) { parsed in
            let result = ModelCompiler.hashes(path: parsed.positionals[0])
            output.error(DiagnosticRenderer.text(result.diagnostics, colored: output.colorErrors))
            if parsed.values["format"] == "json" {
                output.out(JSONText.encode(result.reports))
            } else {
                for report in result.reports {
                    output.out(
                        Verb.line("\(report.bundle): version \(report.version)\(report.isCurrent ? " (current)" : "")"))
                    output.out("  versionChecksum \(report.checksum ?? "(not recorded)")\n")
                    // Labelled, aligned columns: the entity, then its version hash in both forms stores' metadata uses.
                    let width = max(6, report.entities.map(\.name.count).max() ?? 0)
                    func padded(_ text: String) -> String {
                        text + String(repeating: " ", count: max(0, width - text.count))
                    }
                    output.out(
                        "  \(padded("entity")) versionHash (hex)\(String(repeating: " ", count: 64 - 17)) versionHash (base64)\n"
                    )
                    for (name, hash) in report.entities {
                        output.out(
                            Verb.line(
                                "  \(padded(name)) \(VersionHashReport.hex(hash)) \(VersionHashReport.base64(hash))"))
                    }
                }
            }
            return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
        }
    }
}

/// `openmomc dump PATH`
enum DumpCommand {
    static let spec = CommandSpec(
        name: "dump",
        overview: "Print a compiled model readably, one 'path: value' line per value: entities, properties with their "
            + "flags, relationships, fetch requests. For a source model, prints what it compiles to.",
        arguments: [
            .init(
                name: "path",
                help: "A .mom, a .momd, or a source model (.xcdatamodeld, .xcdatamodel); a compiled mapping model "
                    + "(.cdm), or a mapping model (.xcmappingmodel: what it compiles to)")
        ],
        options: [Options.textOrJSON], argumentCount: 1...1, argumentError: "'dump' takes one model path")

    static func run(_ arguments: [String], output: Output) -> Int32 {
        Verb.run(arguments, spec: spec, output: output) { parsed in
            let result = ModelCompiler.dump(path: parsed.positionals[0])
            output.error(DiagnosticRenderer.text(result.diagnostics, colored: output.colorErrors))
            if parsed.values["format"] == "json" {
                output.out(JSONText.encode(result.lines.map { ["path": $0.path, "value": $0.value] }))
            } else {
                output.out(result.lines.map { $0.description + "\n" }.joined())
            }
            return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
        }
    }
}
