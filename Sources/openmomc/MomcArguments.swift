/// momc's command line, as Xcode, rules_apple, CocoaPods and older scripts write it: `--option value`,
/// `--option=value`, flags, and Xcode 6's `-XD_MOMC_NAME=value` / `-MOMC_NAME [value]` spellings. Its own small
/// grammar, so it has its own parser.
struct MomcArguments: Equatable {
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

    struct Failure: Error, Equatable { var message: String }

    static let platforms = ["iphoneos", "iphonesimulator", "macosx", "watchos", "watchsimulator", "appletvos",
                            "appletvsimulator", "xros", "xrsimulator"]

    init(_ arguments: [String]) throws(Failure) {
        var index = 0
        func value(for option: String, inline: String?) throws(Failure) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else { throw Failure(message: "option '\(option)' needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            defer { index += 1 }
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0], inline = parts.count == 2 ? parts[1] : nil
            switch name {
            case "--action":
                let given = try value(for: name, inline: inline)
                guard let chosen = Action(rawValue: given) else {
                    throw Failure(message: "unknown action '\(given)'; expected 'compile' or 'generate'")
                }
                action = chosen
            case "--module": module = try value(for: name, inline: inline)
            case "--swift-version": swiftVersion = try value(for: name, inline: inline)
            case "--sdkroot": _ = try value(for: name, inline: inline)
            case "--no-warnings", "-MOMC_NO_WARNINGS": noWarnings = true
            case "--no-inverse-relationship-warnings", "-MOMC_NO_INVERSE_RELATIONSHIP_WARNINGS": noInverseWarnings = true
            case "--no-max-property-count-warnings", "-MOMC_NO_MAX_PROPERTY_COUNT_WARNINGS": noMaxPropertyCountWarnings = true
            case "--no-delete-rule-warnings", "-MOMC_NO_DELETE_RULE_WARNINGS": noDeleteRuleWarnings = true
            // An error only for models created with Mac OS X 10.4, which openmomc never reports.
            case "--suppress-inverse-transient-error", "-MOMC_SUPPRESS_INVERSE_TRANSIENT_ERROR": break
            case "--dry-run": dryRun = true
            case "--print-diagnostic-categories": printDiagnosticCategories = true
            case "-MOMC_PLATFORMS": _ = try value(for: name, inline: inline)
            case "-XD_MOMC_IOS_TARGET_VERSION": deploymentTargets["iphoneos"] = try value(for: name, inline: inline)
            case "-XD_MOMC_SDKROOT": _ = try value(for: name, inline: inline)
            default:
                if name.hasPrefix("--"), name.hasSuffix("-deployment-target"),
                   case let platform = String(name.dropFirst(2).dropLast("-deployment-target".count)),
                   Self.platforms.contains(platform) {
                    deploymentTargets[platform] = try value(for: name, inline: inline)
                } else {
                    throw Failure(message: "unrecognized option '\(name)'")
                }
            }
        }
    }

    /// Xcode writes `Identifiable` only when every given deployment target has it; with none given, it is written.
    var identifiable: Bool {
        let minimums: [String: [Int]] = ["iphoneos": [13], "iphonesimulator": [13], "macosx": [10, 15],
                                         "watchos": [6], "watchsimulator": [6], "appletvos": [13], "appletvsimulator": [13]]
        return deploymentTargets.allSatisfy { platform, version in
            guard let minimum = minimums[platform] else { return true }
            let given = version.split(separator: ".").map { Int($0) ?? 0 }
            return !given.lexicographicallyPrecedes(minimum)
        }
    }
}
