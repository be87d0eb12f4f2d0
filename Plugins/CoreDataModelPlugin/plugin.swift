import Foundation
import PackagePlugin

/// Compiles each Core Data model of a target to its `.momd` (shipped as a resource, reachable through
/// `Bundle.module`) and generates its Swift, with one build command per model that reruns exactly when a
/// file of the model, the configuration or the tool changes. Diagnostics reach `swift build` as
/// `file:line: error:` pointing into the model.
@main
struct CoreDataModelPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let folder = ModelFiles.folder(of: target)
        return try Self.commands(models: ModelFiles.models(in: folder), configurationFolder: folder,
                                 tool: context.tool(named: "openmomc").url, workDirectory: context.pluginWorkDirectoryURL,
                                 moduleName: target.moduleName, packageRoot: context.package.directoryURL)
    }

    /// `packageRoot`: where the command plugins run, so that diagnostics name them instead of an `openmomc` the
    /// package's users do not have.
    static func commands(models: [URL], configurationFolder: URL, tool: URL, workDirectory: URL, moduleName: String,
                         packageRoot: URL? = nil) -> [Command] {
        let configuration = configurationFolder.appendingPathComponent("openmomc.json")
        let hasConfiguration = FileManager.default.fileExists(atPath: configuration.path)
        return models.map { model in
            let compiled = workDirectory.appendingPathComponent(ModelFiles.compiledName(of: model))
            // SwiftPM treats an output as a folder only if it exists when the build is planned; without
            // this the first two builds would both run the command.
            if model.pathExtension == "xcdatamodeld", !FileManager.default.fileExists(atPath: compiled.path) {
                try? FileManager.default.createDirectory(at: compiled, withIntermediateDirectories: true)
            }
            // Compiled versions are kept in the work folder, so that an edit recompiles only what it changed.
            var arguments = ["build", model.path, workDirectory.path, "--module", moduleName,
                             "--cache", workDirectory.appendingPathComponent("openmomc-cache").path]
            if hasConfiguration { arguments += ["--config", configuration.path] }
            if let packageRoot { arguments += ["--package-root", packageRoot.path] }
            return .buildCommand(
                displayName: "Compiling Core Data model \(model.lastPathComponent)",
                executable: tool,
                arguments: arguments,
                inputFiles: ModelFiles.inputs(of: model) + [tool] + (hasConfiguration ? [configuration] : []),
                outputFiles: [compiled,
                              workDirectory.appendingPathComponent(ModelFiles.swiftFileName(of: model))])
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
        return try Self.commands(models: models, configurationFolder: context.xcodeProject.directoryURL,
                                 tool: context.tool(named: "openmomc").url, workDirectory: context.pluginWorkDirectoryURL,
                                 moduleName: target.product?.name ?? target.displayName)
    }
}
#endif
