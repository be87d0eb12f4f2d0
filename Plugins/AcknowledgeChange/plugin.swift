import PackagePlugin

/// `swift package acknowledge-change [--model PATH] [--target NAME] Entity.property --reason TEXT`
@main
struct AcknowledgeChange: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ModelCommandRunner.run(verb: "acknowledge", context: context, arguments: arguments)
    }
}
