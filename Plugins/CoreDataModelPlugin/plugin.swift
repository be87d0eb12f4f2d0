import Foundation
import PackagePlugin

/// Compiles each Core Data model of a target to its `.momd` (shipped as a resource, reachable through
/// `Bundle.module`) and generates its Swift, with one build command per model that reruns exactly when a
/// file of the model, its mapping models, the configuration or the tool changes; and each mapping model to its
/// `.cdm` at the resources root, where Core Data looks for it. Diagnostics reach `swift build` as
/// `file:line: error:` pointing into the model or the mapping model.
@main
struct CoreDataModelPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let folder = ModelFiles.folder(of: target)
        return try Self.commands(
            models: ModelFiles.models(in: folder), mappingModels: ModelFiles.mappingModels(in: folder),
            tool: context.tool(named: "openmomc").url, workDirectory: context.pluginWorkDirectoryURL,
            moduleName: target.moduleName, packageRoot: context.package.directoryURL)
    }

    /// `packageRoot`: where the command plugins run, so that diagnostics name them instead of an `openmomc` the
    /// package's users do not have.
    /// `compiledMappingModels`: those to compile (default: all); the guard reads every one of `mappingModels`.
    static func commands(
        models: [URL], mappingModels: [URL], compiledMappingModels: [URL]? = nil,
        tool: URL, workDirectory: URL, moduleName: String,
        packageRoot: URL? = nil
    ) -> [Command] {
        // The guard of every model reads every mapping model of the target (each says which bundle it belongs to).
        let mappingFiles = mappingModels.flatMap(ModelFiles.inputs(of:))
        let compiledMappings = (compiledMappingModels ?? mappingModels).map { mappingModel in
            Command.buildCommand(
                displayName: "Compiling Core Data mapping model \(mappingModel.lastPathComponent)",
                executable: tool,
                arguments: ["compile", mappingModel.path, workDirectory.path],
                inputFiles: ModelFiles.inputs(of: mappingModel) + [tool],
                outputFiles: [
                    workDirectory.appendingPathComponent(
                        mappingModel.deletingPathExtension().lastPathComponent + ".cdm")
                ])
        }
        return compiledMappings
            + models.map { model in
                let compiled = workDirectory.appendingPathComponent(ModelFiles.compiledName(of: model))
                // SwiftPM treats an output as a folder only if it exists when the build is planned; without
                // this the first two builds would both run the command.
                if model.pathExtension == "xcdatamodeld", !FileManager.default.fileExists(atPath: compiled.path) {
                    try? FileManager.default.createDirectory(at: compiled, withIntermediateDirectories: true)
                }
                // Compiled versions are kept in the work folder, so that an edit recompiles only what it changed.
                var arguments = [
                    "build", model.path, workDirectory.path, "--module", moduleName,
                    "--cache", workDirectory.appendingPathComponent("openmomc-cache").path,
                ]
                // The same file the command line finds for this model, named so that an edit of it reruns the build.
                let configuration = ModelFiles.configuration(for: model)
                if let configuration { arguments += ["--config", configuration.path] }
                for mappingModel in mappingModels { arguments += ["--mapping-model", mappingModel.path] }
                if let packageRoot { arguments += ["--package-root", packageRoot.path] }
                return .buildCommand(
                    displayName: "Compiling Core Data model \(model.lastPathComponent)",
                    executable: tool,
                    arguments: arguments,
                    inputFiles: ModelFiles.inputs(of: model) + mappingFiles + [tool]
                        + (configuration.map { [$0] } ?? []),
                    outputFiles: [
                        compiled,
                        workDirectory.appendingPathComponent(ModelFiles.swiftFileName(of: model)),
                    ])
            }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension CoreDataModelPlugin: XcodeBuildToolPlugin {
    /// In Xcode the model is removed from the target (so Xcode's own momc rule does not also produce
    /// `Name.momd`); the plugin finds it by walking the folders that hold the target's files.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let folders = Set(target.inputFiles.map { $0.url.deletingLastPathComponent() })
        let models = Set(folders.flatMap { ModelFiles.models(in: $0) }).sorted { $0.path < $1.path }
        let mappingModels = Set(folders.flatMap { ModelFiles.mappingModels(in: $0) }).sorted { $0.path < $1.path }
        // One still in the target is compiled by Xcode's own mapc rule: a second `.cdm` of the same name would clash.
        let members = Set(target.inputFiles.map(\.url.standardizedFileURL.path))
        return try Self.commands(
            models: models, mappingModels: mappingModels,
            compiledMappingModels: mappingModels.filter { !members.contains($0.standardizedFileURL.path) },
            tool: context.tool(named: "openmomc").url, workDirectory: context.pluginWorkDirectoryURL,
            moduleName: target.product?.name ?? target.displayName)
    }
}
#endif
