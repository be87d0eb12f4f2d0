import ModelCompiler

/// `openmomc compile INPUT OUTPUT_DIR`
enum CompileCommand {
    static let parser = ArgumentParser(options: [
        .init(name: "format", takesValue: true, allowedValues: ["text", "json"]),
        .init(name: "help", takesValue: false, short: "h"),
    ])

    static func run(_ arguments: [String], output: Output) -> Int32 {
        guard let parsed = Verb.parse(arguments, with: parser, help: Help.compile, output: output) else {
            return Verb.lastStatus(arguments, parser: parser)
        }
        guard parsed.positionals.count == 2 else {
            return CommandLineTool.usageError("'compile' takes an input model and an output folder", output: output)
        }
        let result = ModelCompiler.compile(input: parsed.positionals[0], outputDirectory: parsed.positionals[1])
        Verb.report(result.diagnostics, json: parsed.values["format"] == "json", output: output)
        if parsed.values["format"] != "json", let written = result.outputPath {
            output.out("wrote \(written)\n")
        }
        return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
    }
}

/// `openmomc hashes PATH`
enum HashesCommand {
    static let parser = CompileCommand.parser

    static func run(_ arguments: [String], output: Output) -> Int32 {
        guard let parsed = Verb.parse(arguments, with: parser, help: Help.hashes, output: output) else {
            return Verb.lastStatus(arguments, parser: parser)
        }
        guard parsed.positionals.count == 1 else {
            return CommandLineTool.usageError("'hashes' takes one model path", output: output)
        }
        let result = ModelCompiler.hashes(path: parsed.positionals[0])
        output.error(DiagnosticRenderer.text(result.diagnostics, colored: output.colorErrors))
        if parsed.values["format"] == "json" {
            output.out(JSONText.encode(result.reports))
        } else {
            for report in result.reports {
                output.out("\(report.bundle) \(report.version)\(report.isCurrent ? " (current)" : "")\n")
                output.out("  versionChecksum \(report.checksum ?? "(not recorded)")\n")
                for (name, hash) in report.entities {
                    output.out("  \(name) \(hash.map { hexByte($0) }.joined()) \(Base64.encode(hash))\n")
                }
            }
        }
        return Verb.status(result.diagnostics, inputFailed: result.inputFailed)
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}

/// `openmomc dump PATH`
enum DumpCommand {
    static let parser = CompileCommand.parser

    static func run(_ arguments: [String], output: Output) -> Int32 {
        guard let parsed = Verb.parse(arguments, with: parser, help: Help.dump, output: output) else {
            return Verb.lastStatus(arguments, parser: parser)
        }
        guard parsed.positionals.count == 1 else {
            return CommandLineTool.usageError("'dump' takes one model path", output: output)
        }
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
