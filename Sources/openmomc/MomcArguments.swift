/// momc's command line, as Xcode, rules_apple, CocoaPods and older scripts write it: `--option value`,
/// `--option=value`, flags, and Xcode 6's `-XD_MOMC_NAME=value` / `-MOMC_NAME [value]` spellings. Its own small
/// grammar, so it has its own parser.
struct MomcArguments: Equatable, DropInArguments {
    enum Action: String { case compile, generate }

    var action = Action.compile
    var module: String?
    var swiftVersion: String?
    /// Platform (`iphoneos`, `macosx`, ...) -> deployment target, as given.
    var deploymentTargets: [String: String] = [:]
    var noWarnings = false
    var noInverseWarnings = false
    var noMaxPropertyCountWarnings = false
    var noDeleteRuleWarnings = false
    var dryRun = false
    var printDiagnosticCategories = false
    var positionals: [String] = []

    typealias Failure = ToolCommandLine.Failure

    init(_ arguments: [String]) throws(Failure) {
        var line = ToolCommandLine(arguments)
        while let name = line.nextOption(positionals: &positionals) {
            switch name {
            case "--action":
                let given = try line.value(for: name)
                guard let chosen = Action(rawValue: given) else {
                    throw Failure(message: "unknown action '\(given)'; expected 'compile' or 'generate'")
                }
                action = chosen
            case "--module": module = try line.value(for: name)
            case "--swift-version": swiftVersion = try line.value(for: name)
            case "--sdkroot": _ = try line.value(for: name)
            case "--no-warnings", "-MOMC_NO_WARNINGS": noWarnings = true
            case "--no-inverse-relationship-warnings", "-MOMC_NO_INVERSE_RELATIONSHIP_WARNINGS":
                noInverseWarnings = true
            case "--no-max-property-count-warnings", "-MOMC_NO_MAX_PROPERTY_COUNT_WARNINGS":
                noMaxPropertyCountWarnings = true
            case "--no-delete-rule-warnings", "-MOMC_NO_DELETE_RULE_WARNINGS": noDeleteRuleWarnings = true
            // An error only for models created with Mac OS X 10.4, which openmomc never reports.
            case "--suppress-inverse-transient-error", "-MOMC_SUPPRESS_INVERSE_TRANSIENT_ERROR": break
            case "--dry-run": dryRun = true
            case "--print-diagnostic-categories": printDiagnosticCategories = true
            case "-MOMC_PLATFORMS": _ = try line.value(for: name)
            case "-XD_MOMC_IOS_TARGET_VERSION": deploymentTargets["iphoneos"] = try line.value(for: name)
            case "-XD_MOMC_SDKROOT": _ = try line.value(for: name)
            default: try line.deploymentTarget(name, into: &deploymentTargets)
            }
        }
    }

    /// Xcode writes `Identifiable` only when every given deployment target has it; with none given, it is written.
    var identifiable: Bool {
        let minimums: [String: [Int]] = [
            "iphoneos": [13], "iphonesimulator": [13], "macosx": [10, 15],
            "watchos": [6], "watchsimulator": [6], "appletvos": [13], "appletvsimulator": [13],
        ]
        return deploymentTargets.allSatisfy { platform, version in
            guard let minimum = minimums[platform] else { return true }
            let given = version.split(separator: ".").map { Int($0) ?? 0 }
            return !given.lexicographicallyPrecedes(minimum)
        }
    }
}
