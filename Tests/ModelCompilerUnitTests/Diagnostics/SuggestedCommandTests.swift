import Foundation
import Testing

@testable import ModelCompiler

/// A finding's fix travels as data and is spelled where the finding is rendered: `openmomc` on the command line, the
/// package's command plugins (with a path relative to the package) inside a SwiftPM build.
@Suite struct SuggestedCommandTests {
    @Test func commandLineAndPlugin() {
        let bundle = "/work/App/Sources/Store/My Model.xcdatamodeld"
        let newVersion = SuggestedCommand(.newVersion, bundle: bundle)
        #expect(newVersion.text() == "openmomc new-version \"\(bundle)\"")
        #expect(newVersion.text(.commandLine(workingDirectory: "/elsewhere")) == newVersion.text())
        // Below the working folder, the path is shown relative to it, as the user would type it.
        let here = FileManager.default.currentDirectoryPath + "/Sources/M.xcdatamodeld"
        #expect(
            SuggestedCommand(.markShipped, bundle: here).text(.here) == "openmomc mark-shipped Sources/M.xcdatamodeld")
        let plugin = SuggestedCommand.Spelling.packagePlugin(packageRoot: "/work/App")
        #expect(
            newVersion.text(plugin)
                == "swift package --allow-writing-to-package-directory new-model-version --model \"Sources/Store/My Model.xcdatamodeld\""
        )
        #expect(
            SuggestedCommand(.markShipped, bundle: "/elsewhere/M.xcdatamodeld", options: "--version NAME").text(plugin)
                == "swift package --allow-writing-to-package-directory mark-shipped --version NAME --model /elsewhere/M.xcdatamodeld"
        )
        // A bundle given relative to this process's folder, a package root given absolute (or the other way round):
        // the plugin's path is the bundle's place in the package.
        let cwd = FileManager.default.currentDirectoryPath
        let inPackage = SuggestedCommand.Spelling.packagePlugin(packageRoot: cwd + "/Sources")
        #expect(
            SuggestedCommand(.markShipped, bundle: "./Sources/Store/M.xcdatamodeld").text(inPackage)
                == "swift package --allow-writing-to-package-directory mark-shipped --model Store/M.xcdatamodeld")
        #expect(
            SuggestedCommand(.markShipped, bundle: cwd + "/Sources/M.xcdatamodeld").text(
                .packagePlugin(packageRoot: "."))
                == "swift package --allow-writing-to-package-directory mark-shipped --model Sources/M.xcdatamodeld")
        #expect(
            SuggestedCommand.acknowledge("/work/App/M.xcdatamodeld", subjects: ["Book.title"]).text(plugin)
                == "swift package --allow-writing-to-package-directory acknowledge-change --reason \"...\" --model M.xcdatamodeld Book.title"
        )
    }

    /// A stage attaches the command only when its message says it; every renderer spells it for its reader, and
    /// nothing else of the message changes.
    @Test func renderersSpellTheAttachedCommand() {
        let bundle = "/work/App/M.xcdatamodeld"
        let command = SuggestedCommand(.markShipped, bundle: bundle)
        let finding = Diagnostic.note(
            .noShippedRecord, "after each release run `\(command.text())` (see `\(command.text())`)",
            at: SourceLocation(file: bundle)
        ).suggesting(command)
        #expect(finding.command == command)
        #expect(
            Diagnostic.note(.noShippedRecord, "no command here", at: SourceLocation(file: bundle)).suggesting(command)
                .command == nil)
        let plugin = SuggestedCommand.Spelling.packagePlugin(packageRoot: "/work/App")
        let spelled = command.text(plugin)
        // Only the first mention is the command: the rest of the message is the stage's, as written.
        #expect(
            finding.message(commands: plugin)
                == "after each release run `\(spelled)` (see `\(command.text())`)")
        #expect(DiagnosticRenderer.text([finding], commands: plugin).contains(spelled))
        #expect(DiagnosticRenderer.momc([finding], commands: plugin).contains(spelled))
        #expect(DiagnosticRenderer.json([finding], commands: plugin).contains("mark-shipped --model M.xcdatamodeld"))
        #expect(
            DiagnosticRenderer.sarif([finding], relativeTo: "/work", toolVersion: "1", commands: plugin)
                .contains("mark-shipped --model M.xcdatamodeld"))
        #expect(DiagnosticRenderer.github([finding], relativeTo: "/work", commands: plugin).contains(spelled))
        #expect(
            DiagnosticRenderer.text([finding], commands: .commandLine(workingDirectory: "/work/App"))
                .contains("run `openmomc mark-shipped M.xcdatamodeld`"))
    }

    /// A tool reading `--format json` gets the fix as data beside the message: the command as spelled for its reader
    /// and what it does; a finding no command fixes has none.
    @Test func theJSONCarriesTheFix() throws {
        let bundle = "/work/App/My Model.xcdatamodeld"
        let command = SuggestedCommand.acknowledge(bundle, subjects: ["Note.body"])
        let finding = Diagnostic.warning(
            .noShippedRecord, "drop: record it with `\(command.text())`", at: SourceLocation(file: bundle)
        ).suggesting(command)
        let other = Diagnostic.note(.noShippedRecord, "nothing to run", at: SourceLocation(file: bundle))
        let text = DiagnosticRenderer.json(
            [finding, other], commands: .commandLine(workingDirectory: "/work/App"))
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        let fix = try #require(records.first?["fix"] as? [String: String])
        #expect(fix["verb"] == "acknowledge")
        #expect(fix["command"] == #"openmomc acknowledge --reason "..." "My Model.xcdatamodeld" Note.body"#)
        #expect((records.first?["message"] as? String)?.hasSuffix("`\(fix["command"] ?? "")`") == true)
        #expect(records.last?["fix"] == nil)
    }
}
