#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The folders around a model that settings and sources are looked for in, walking up from the model to the
/// package, repository or project root (the way swift-format and SwiftLint find their settings).
enum ProjectFolders {
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
    static func nearestConfiguration(forModel path: String) -> String? {
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
