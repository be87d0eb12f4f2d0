/// mapc's command line, as Xcode (swift-build's CoreData.xcspec), rules_apple, CocoaPods and Hyperloop write it:
/// `[--sdkroot PATH] [--<platform>-deployment-target V] [--module NAME] [--mapc-no-warnings] INPUT OUTPUT`, options
/// as `--option value` or `--option=value`.
struct MapcArguments: Equatable, DropInArguments {
    var module: String?
    /// Platform (`iphoneos`, `macosx`, ...) -> deployment target, as given.
    var deploymentTargets: [String: String] = [:]
    var noWarnings = false
    var printDiagnosticCategories = false
    var positionals: [String] = []

    typealias Failure = ToolCommandLine.Failure

    init(_ arguments: [String]) throws(Failure) {
        var line = ToolCommandLine(arguments)
        while let name = line.nextOption(positionals: &positionals) {
            switch name {
            case "--module": module = try line.value(for: name)
            case "--sdkroot": _ = try line.value(for: name)
            case "--mapc-no-warnings": noWarnings = true
            case "--print-diagnostic-categories": printDiagnosticCategories = true
            default: try line.deploymentTarget(name, into: &deploymentTargets)
            }
        }
    }
}
