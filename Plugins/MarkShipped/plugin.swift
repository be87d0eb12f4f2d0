import PackagePlugin

/// `swift package mark-shipped [--model PATH] [--target NAME] [--version NAME | --all]`
@main
struct MarkShipped: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ModelCommandRunner.run(verb: "mark-shipped", context: context, arguments: arguments)
    }
}
