import Foundation
import PackagePlugin

/// Runs an `openmomc` verb on the package's models: the ones named with `--model PATH`, else every model
/// in the targets named with `--target`, else every model of the package.
enum ModelCommandRunner {
    static func run(verb: String, context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let explicit = extractor.extractOption(named: "model")
        let targetNames = Set(extractor.extractOption(named: "target"))
        let passThrough = extractor.remainingArguments
        let packageFolder = context.package.directoryURL
        var models = explicit.map { URL(fileURLWithPath: $0, relativeTo: packageFolder).standardizedFileURL }
        if models.isEmpty {
            let targets = context.package.targets.filter { targetNames.isEmpty || targetNames.contains($0.name) }
            models = targets.compactMap { $0 as? SourceModuleTarget }.flatMap {
                ModelFiles.models(in: ModelFiles.folder(of: $0))
            }
            .filter { $0.pathExtension == "xcdatamodeld" }
        }
        guard !models.isEmpty else {
            Diagnostics.error("no .xcdatamodeld found; name one with --model PATH")
            return
        }
        let tool = try context.tool(named: "openmomc").url
        for model in models {
            let process = Process()
            process.executableURL = tool
            process.arguments = [verb, model.path] + passThrough
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 {
                Diagnostics.error("openmomc \(verb) failed for \(model.lastPathComponent)")
            }
        }
    }
}
