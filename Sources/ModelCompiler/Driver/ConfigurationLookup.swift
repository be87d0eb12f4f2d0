#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a verb's settings come from, the way swift-format and SwiftLint find theirs: the file `--config` names,
/// else the nearest `openmomc.json` from the model's folder up to the package root (the first folder holding
/// `Package.swift`, a `.git` or an `.xcodeproj`); the command line's settings go on top of either. The build plugin
/// looks the same way, so the command line and the build read the same file for the same model.
public struct ConfigurationLookup: Sendable, Equatable {
    /// The file `--config` names; nil to look for one beside the model.
    public var file: String?
    /// `--severity` settings, code -> level, over the file's `diagnostics`.
    public var severities: [String: String]
    /// `--mapping-model` paths, added to the file's `mappingModels`.
    public var mappingModels: [String]

    /// A lookup; with no arguments, the nearest `openmomc.json` alone.
    public init(file: String? = nil, severities: [String: String] = [:], mappingModels: [String] = []) {
        self.file = file
        self.severities = severities
        self.mappingModels = mappingModels
    }

    /// The settings for the model at `path`: the named or nearest file (defaults without one), with the command
    /// line's settings on top; an unreadable or invalid file is an error at its path.
    public func configuration(forModel path: String) -> Result<BuildConfiguration, Diagnostic> {
        var configuration = BuildConfiguration()
        if let found = file ?? Self.nearestFile(forModel: path) {
            switch BuildConfiguration.read(found) {
            case .success(let read): configuration = read
            case .failure(let problem): return .failure(problem)
            }
        }
        if !mappingModels.isEmpty { configuration.mappingModels = (configuration.mappingModels ?? []) + mappingModels }
        if !severities.isEmpty {
            configuration.diagnostics = (configuration.diagnostics ?? [:]).merging(severities) { $1 }
        }
        return .success(configuration)
    }

    /// Folders that end the walk up: a package's, a repository's or an Xcode project's root.
    static func isRoot(_ folder: String) -> Bool {
        if ["Package.swift", ".git"].contains(where: {
            FileSystem.kind(of: folder.appendingPathComponent($0)) != .missing
        }) {
            return true
        }
        guard case .success(let names) = FileSystem.listDirectory(folder) else { return false }
        return names.contains { $0.hasSuffix(".xcodeproj") }
    }

    /// The package, repository or project root around a model: the first folder up from the one holding it that
    /// `isRoot`; nil when there is none.
    static func projectRoot(forModel path: String) -> String? {
        var folder = startFolder(forModel: path)
        while true {
            if isRoot(folder) { return folder }
            if folder == "/" || folder.isEmpty { return nil }
            folder = folder.withoutLastPathComponent
            if folder.isEmpty { folder = "/" }
        }
    }

    /// The nearest `openmomc.json` from the folder holding the model (a bundle's, for a version inside one) up to
    /// the package root, nil without one. For a folder that is not a model, the walk starts at that folder.
    public static func nearestFile(forModel path: String) -> String? {
        var folder = startFolder(forModel: path)
        while true {
            let candidate = folder.appendingPathComponent(BuildConfiguration.fileName)
            if FileSystem.kind(of: candidate) == .file { return candidate }
            if isRoot(folder) || folder == "/" || folder.isEmpty { return nil }
            folder = folder.withoutLastPathComponent
            if folder.isEmpty { folder = "/" }
        }
    }

    /// The folder beside the outermost model folder on the path (a file that is not a model: its folder).
    private static func startFolder(forModel path: String) -> String {
        var absolute = path.withoutTrailingSlash
        if !absolute.hasPrefix("/") {
            absolute = FileManager.default.currentDirectoryPath.appendingPathComponent(absolute)
        }
        let components = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        // The outermost model folder on the path: the walk starts beside it.
        let model =
            components.firstIndex { $0.hasSuffix(ModelBundleReader.bundleExtension) }
            ?? components.firstIndex { $0.hasSuffix(ModelBundleReader.versionExtension) }
            ?? components.firstIndex { $0.hasSuffix(".xcmappingmodel") }
        var folder = "/" + components[..<(model ?? components.count)].joined(separator: "/")
        // A file that is not a model (a `contents` outside any bundle) starts at its folder.
        if model == nil, FileSystem.kind(of: folder) == .file { folder = folder.withoutLastPathComponent }
        return folder
    }
}
