/// Walks an Apple tool's command line (momc's, mapc's): positionals, flags, and options as `--option value` or
/// `--option=value`. The parsers say what each option means; this only hands them out in order.
struct ToolCommandLine {
    struct Failure: Error, Equatable { var message: String }

    private let arguments: [String]
    private var index = 0
    private var inline: String?

    init(_ arguments: [String]) { self.arguments = arguments }

    /// The next option's name (`--module` of `--module=App`), after adding any positionals before it to
    /// `positionals`; nil when the line is done.
    mutating func nextOption(positionals: inout [String]) -> String? {
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            inline = parts.count == 2 ? parts[1] : nil
            return parts[0]
        }
        return nil
    }

    /// The value of the option just returned: after its `=`, else the next argument.
    mutating func value(for option: String) throws(Failure) -> String {
        if let inline { return inline }
        guard index < arguments.count else { throw Failure(message: "option '\(option)' needs a value") }
        index += 1
        return arguments[index - 1]
    }

    /// A `--<platform>-deployment-target` option's value, recorded for its platform; any other option is unknown.
    mutating func deploymentTarget(_ name: String, into targets: inout [String: String]) throws(Failure) {
        guard let platform = Self.deploymentPlatform(name) else {
            throw Failure(message: "unrecognized option '\(name)'")
        }
        targets[platform] = try value(for: name)
    }

    static let platforms = [
        "iphoneos", "iphonesimulator", "macosx", "watchos", "watchsimulator", "appletvos",
        "appletvsimulator", "xros", "xrsimulator",
    ]

    /// The platform of a `--<platform>-deployment-target` option, nil for any other name.
    static func deploymentPlatform(_ name: String) -> String? {
        guard name.hasPrefix("--"), name.hasSuffix("-deployment-target") else { return nil }
        let platform = String(name.dropFirst(2).dropLast("-deployment-target".count))
        return platforms.contains(platform) ? platform : nil
    }
}
