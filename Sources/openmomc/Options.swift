/// Options several commands take, declared once with their help; a command passes its own help where what the
/// option does differs.
enum Options {
    typealias Option = ArgumentParser.Option

    static func format(_ values: [String], _ help: String) -> Option {
        Option(name: "format", takesValue: true, allowedValues: values, help: help)
    }

    /// The formats of the commands that check a model: their findings can also be written for CI.
    static let findingsFormat = format(
        ["text", "json", "sarif", "github"],
        "'text' (default), 'json', 'sarif' (SARIF 2.1.0) or 'github' (workflow commands) diagnostics")

    static let textOrJSON = format(["text", "json"], "'text' (default) or 'json'")

    static let textOrJSONDiagnostics = format(["text", "json"], "'text' (default) or 'json' diagnostics")

    static func config(_ help: String) -> Option {
        Option(name: "config", takesValue: true, valueName: "<file>", help: help)
    }

    static let severity = Option(
        name: "severity", takesValue: true, valueName: "<code>=<level>", repeatable: true,
        help: "A code's severity: ignore, warning or error (repeatable; wins over openmomc.json)")

    static func mappingModel(_ help: String) -> Option {
        Option(name: "mapping-model", takesValue: true, valueName: "<path>", repeatable: true, help: help)
    }

    static let nearestConfiguration =
        "An openmomc.json (default: the nearest one from the model's folder up to the package root, the first folder "
        + "with Package.swift, .git or an .xcodeproj)"

    /// `--config`, `--severity` and `--mapping-model`, as the commands that check a model take them.
    static func configuration(_ config: String) -> [Option] {
        [
            Options.config(config), severity,
            mappingModel(
                "A .xcmappingmodel the guard reads besides those in the model's folder and its subfolders (repeatable; "
                    + "adds to openmomc.json's mappingModels)"),
        ]
    }

    static func module(_ help: String) -> Option {
        Option(name: "module", takesValue: true, valueName: "<name>", help: help)
    }

    static func cache(_ help: String) -> Option {
        Option(name: "cache", takesValue: true, valueName: "<folder>", help: help)
    }

    static func version(_ help: String, group: String? = nil) -> Option {
        Option(name: "version", takesValue: true, valueName: "<name>", group: group, help: help)
    }
}
