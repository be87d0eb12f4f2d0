import PackagePlugin

/// `swift package new-model-version [--model PATH] [--target NAME] [--name NAME]`
@main
struct NewModelVersion: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ModelCommandRunner.run(verb: "new-version", context: context, arguments: arguments)
    }
}
