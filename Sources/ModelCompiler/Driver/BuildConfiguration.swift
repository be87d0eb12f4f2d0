#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What an `openmomc.json`'s settings mean to the stages (the file's format is read in Source).
extension BuildConfiguration {
    /// The per-code severities (checked when the file was read).
    public var policy: SeverityPolicy {
        var overrides: [DiagnosticCode: SeverityPolicy.Level] = [:]
        for (code, level) in diagnostics ?? [:] {
            if let parsed = SeverityPolicy.Level(rawValue: level) { overrides[DiagnosticCode(rawValue: code)] = parsed }
        }
        return SeverityPolicy(overrides)
    }

    /// How much of the bundle's history is reported (`history`).
    public var detail: FindingDetail { history == true ? .history : .summary }

    /// The upgrade paths the app has (`oldestSupportedVersion`, `migration`).
    public var plan: UpgradePlan {
        var plan = UpgradePlan(
            oldestSupportedVersion: oldestSupportedVersion,
            style: migration.flatMap(UpgradePlan.Style.init(rawValue:)) ?? .direct)
        plan.file = file
        plan.isStyleChosen = migration != nil
        return plan
    }

    /// A command-line `CODE=LEVEL` setting, checked against every code openmomc reports.
    public static func severitySetting(_ setting: String) -> Result<(DiagnosticCode, SeverityPolicy.Level), Diagnostic>
    {
        SeverityPolicy.parse(setting, known: DiagnosticCode.all).mapError {
            .error(.invalidArgument, $0.message, at: SourceLocation(file: "--severity"))
        }
    }

    /// Reads a configuration file; an unreadable or invalid one is an error at its path, never ignored.
    public static func read(_ path: String) -> Result<BuildConfiguration, Diagnostic> {
        let here = SourceLocation(file: path, line: 1, column: 1)
        var configuration: BuildConfiguration
        switch decode(path) {
        case .success(let decoded): configuration = decoded
        case .failure(let problem): return .failure(problem)
        }
        if let style = configuration.style, CodegenOptions.Style(rawValue: style) == nil,
            !["swiftdata", "swiftdata-versioned"].contains(style)
        {
            return .failure(
                .error(
                    .configurationInvalid,
                    "unknown style '\(style)' in \(fileName); expected xcode, strict, "
                        + "swiftdata or swiftdata-versioned", at: here))
        }
        if let access = configuration.access, CodegenOptions.Access(rawValue: access) == nil {
            return .failure(
                .error(
                    .configurationInvalid, "unknown access '\(access)' in \(fileName); expected public or internal",
                    at: here))
        }
        if let migration = configuration.migration, UpgradePlan.Style(rawValue: migration) == nil {
            return .failure(
                .error(
                    .configurationInvalid,
                    "unknown migration '\(migration)' in \(fileName); expected direct "
                        + "or step-by-step", at: here))
        }
        for (code, level) in (configuration.diagnostics ?? [:]).sorted(by: { $0.key < $1.key }) {
            if case .failure(let problem) = SeverityPolicy.entry(code: code, level: level, known: DiagnosticCode.all) {
                return .failure(
                    .error(.configurationInvalid, "\(problem.message) (in \(fileName)'s diagnostics)", at: here))
            }
        }
        if let unmapped = configuration.mappingModels?.first(where: { !MappingModelRun.isMappingModel($0) }) {
            return .failure(
                .error(
                    .configurationInvalid,
                    "'\(unmapped)' in \(fileName)'s mappingModels is not a "
                        + ".xcmappingmodel", at: here))
        }
        let folder = path.withoutLastPathComponent
        configuration.mappingModels = configuration.mappingModels?.map {
            $0.hasPrefix("/") || folder.isEmpty ? $0 : folder.appendingPathComponent($0)
        }
        configuration.file = path
        return .success(configuration)
    }

    /// Where the guard finds the bundle's mapping models: beside it, and those the configuration names.
    func mappingSearch(module: String? = nil, sources: [String]? = nil) -> MappingModelSearch {
        MappingModelSearch(named: mappingModels ?? [], module: module, sources: sources)
    }

    /// `warningsAsErrors`: every warning becomes an error.
    func promoting(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard warningsAsErrors == true else { return diagnostics }
        return diagnostics.map { diagnostic in
            var promoted = diagnostic
            if promoted.severity == .warning { promoted.severity = .error }
            return promoted
        }
    }

    func codegenOptions(moduleName: String?) -> CodegenOptions {
        var options = CodegenOptions(
            style: style.flatMap(CodegenOptions.Style.init) ?? .xcode,
            access: access.flatMap(CodegenOptions.Access.init) ?? .public,
            moduleName: moduleName, includeManualEntities: all ?? false)
        if style == "swiftdata" || style == "swiftdata-versioned" {
            options.swiftData = SwiftDataOptions(versioned: style == "swiftdata-versioned", project: moduleName ?? "")
        }
        return options
    }
}
