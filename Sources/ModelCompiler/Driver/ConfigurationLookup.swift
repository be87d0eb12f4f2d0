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
        if let found = file ?? ProjectFolders.nearestConfiguration(forModel: path) {
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

    /// The nearest `openmomc.json` from the folder holding the model (a bundle's, for a version inside one) up to
    /// the package root, nil without one. For a folder that is not a model, the walk starts at that folder.
    public static func nearestFile(forModel path: String) -> String? {
        ProjectFolders.nearestConfiguration(forModel: path)
    }
}
