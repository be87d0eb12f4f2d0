#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Options for `build` (and `--config` of `check`, `compile`, `generate`), usually from an `openmomc.json` beside the
/// model in the target: `{"style": "xcode"|"strict", "access": "public"|"internal", "warningsAsErrors": false,
/// "all": false, "history": false, "diagnostics": {"missing-inverse": "ignore"}}`.
public struct BuildConfiguration: Codable, Sendable, Equatable {
    /// The code generation style: `"xcode"` (the default), `"strict"` or `"swiftdata"` (`@Model` classes).
    public var style: String?
    /// The generated code's access: `"public"` (the default) or `"internal"`.
    public var access: String?
    /// When true, warnings fail the build.
    public var warningsAsErrors: Bool?
    /// When true, code is generated for every entity, also those whose codegen is Manual/None.
    public var all: Bool?
    /// Every finding of every version and upgrade path, as `check --history`.
    public var history: Bool?
    /// Diagnostic code -> `ignore`, `warning` or `error`.
    public var diagnostics: [String: String]?
    /// Stores older than this version are no longer opened by the app: no upgrade path starts before it.
    public var oldestSupportedVersion: String?
    /// `direct` (default: every supported version straight to the current one) or `step-by-step`.
    public var migration: String?
    /// `.xcmappingmodel` paths the guard reads besides those in the bundle's folder and its subfolders; relative
    /// to the configuration file's folder, resolved when it is read.
    public var mappingModels: [String]?
    /// What `fixtures` writes besides the model's tables: `{"historyTracking": true, "cloudKit": true}`.
    public var fixtures: FixtureSettings?
    /// The file these settings were read from, if any (not a key of the file).
    public var file: String? = nil

    /// `"fixtures"`: the tables Core Data adds when the app turns these on (a store that had them and is opened
    /// without the option becomes read-only, so fixtures must match the app).
    public struct FixtureSettings: Codable, Sendable, Equatable {
        /// Persistent history tracking (NSPersistentHistoryTrackingKey).
        public var historyTracking: Bool?
        /// CloudKit mirroring (NSPersistentCloudKitContainer), which implies history tracking.
        public var cloudKit: Bool?

        enum CodingKeys: String, CodingKey, CaseIterable { case historyTracking, cloudKit }
    }

    /// A configuration with these settings; nil ones take their defaults.
    public init(
        style: String? = nil, access: String? = nil, warningsAsErrors: Bool? = nil, all: Bool? = nil,
        history: Bool? = nil, diagnostics: [String: String]? = nil
    ) {
        self.style = style
        self.access = access
        self.warningsAsErrors = warningsAsErrors
        self.all = all
        self.history = history
        self.diagnostics = diagnostics
    }

    static let fileName = "openmomc.json"

    enum CodingKeys: String, CodingKey, CaseIterable {
        case style, access, warningsAsErrors, all, history, diagnostics, oldestSupportedVersion, migration,
            mappingModels, fixtures
    }

    /// The file's settings as written: an unreadable file, a key openmomc does not know or a value of the wrong
    /// JSON type is an error at its path. What the values mean is checked by `read`.
    static func decode(_ path: String) -> Result<BuildConfiguration, Diagnostic> {
        let here = SourceLocation(file: path, line: 1, column: 1)
        guard case .success(let bytes) = FileSystem.readFile(path) else {
            return .failure(.error(.configurationInvalid, "cannot read \(fileName)", at: here))
        }
        // A misspelled key would otherwise be ignored without a word.
        if let object = try? JSONDecoder().decode(TopLevelKeys.self, from: Data(bytes)) {
            let known = CodingKeys.allCases.map(\.rawValue)
            if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
                return .failure(
                    .error(
                        .configurationInvalid,
                        "unknown key '\(unknown)' in \(fileName); the keys are "
                            + known.joined(separator: ", "), at: here))
            }
            let settings = FixtureSettings.CodingKeys.allCases.map(\.rawValue)
            if let unknown = object.fixturesKeys.sorted().first(where: { !settings.contains($0) }) {
                return .failure(
                    .error(
                        .configurationInvalid,
                        "unknown key '\(unknown)' in \(fileName)'s fixtures; the "
                            + "keys are " + settings.joined(separator: ", "), at: here))
            }
        }
        guard let configuration = try? JSONDecoder().decode(BuildConfiguration.self, from: Data(bytes)) else {
            return .failure(
                .error(
                    .configurationInvalid,
                    "\(fileName) must be a JSON object with optional keys style (\"xcode\"|\"strict\"|\"swiftdata\"|\"swiftdata-versioned\"), access (\"public\"|\"internal\"), "
                        + "warningsAsErrors, all and history (booleans), diagnostics (code -> \"ignore\"|\"warning\"|\"error\"), "
                        + "oldestSupportedVersion and migration (strings), mappingModels (paths)", at: here))
        }
        return .success(configuration)
    }
}

/// The keys of a JSON object, whatever their values: to name a misspelled one.
private struct TopLevelKeys: Decodable {
    let keys: [String]
    /// The keys inside `"fixtures"`, when it is an object.
    var fixturesKeys: [String] = []

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        keys = container.allKeys.map(\.stringValue)
        if let nested = try? container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: "fixtures")) {
            fixturesKeys = nested.allKeys.map(\.stringValue)
        }
    }
}
