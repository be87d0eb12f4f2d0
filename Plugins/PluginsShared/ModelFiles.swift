import Foundation
import PackagePlugin

/// Finds model bundles and their files by walking folders: SwiftPM hides excluded files from plugins
/// and, on Linux, does not list `.xcdatamodeld` contents as sources at all. Shared by every plugin here
/// through a symbolic link, as plugins cannot share a library.
enum ModelFiles {
    /// A target's folder (`Target.directoryURL`, tools-version 6.1: the older `directory` is deprecated and
    /// would print a warning in every build that uses the plugin).
    static func folder(of target: Target) -> URL {
        target.directoryURL
    }

    /// Every `.xcdatamodeld`, and every `.xcdatamodel` not inside one, below `folder`, sorted.
    static func models(in folder: URL) -> [URL] {
        walk(folder) { $0.hasSuffix(".xcdatamodeld") || $0.hasSuffix(".xcdatamodel") }
    }

    /// Every `.xcmappingmodel` below `folder`, sorted; those inside a model bundle are left out, as Xcode leaves them
    /// (the guard warns about them).
    static func mappingModels(in folder: URL) -> [URL] {
        walk(folder) { $0.hasSuffix(".xcmappingmodel") }
    }

    /// The items below `folder` whose names `take`, sorted; it looks inside no model, mapping model, build folder
    /// or compiled model.
    private static func walk(_ folder: URL, take: (String) -> Bool) -> [URL] {
        var found: [URL] = []
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isDirectoryKey],
                options: [.skipsHiddenFiles])
        else { return [] }
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            if take(name) { found.append(url) }
            if [".xcdatamodeld", ".xcdatamodel", ".xcmappingmodel", ".momd"].contains(where: name.hasSuffix)
                || name == ".build"
            {
                enumerator.skipDescendants()
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Every regular file inside a model bundle (each `contents`, `.xccurrentversion`, `ShippedVersions.json`),
    /// so that the build reruns exactly when one of them changes.
    static func inputs(of model: URL) -> [URL] {
        var files: [URL] = []
        guard
            let enumerator = FileManager.default.enumerator(at: model, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        for case let url as URL in enumerator
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The `openmomc.json` the model is built with: the nearest one from the model's folder up to the package root
    /// (the first folder holding `Package.swift`, a `.git` or an `.xcodeproj`), as the `openmomc` command line finds
    /// it (`ConfigurationLookup` in the library, which a plugin cannot link).
    static func configuration(for model: URL) -> URL? {
        let manager = FileManager.default
        var folder = model.deletingLastPathComponent().standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent("openmomc.json")
            var isFolder: ObjCBool = false
            if manager.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue {
                return candidate
            }
            let names = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
            if names.contains(where: { $0 == "Package.swift" || $0 == ".git" || $0.hasSuffix(".xcodeproj") }) {
                return nil
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// What the compiled model is called in the output folder: `Name.momd` or, for a lone version, `Name.mom`.
    static func compiledName(of model: URL) -> String {
        let base = model.deletingPathExtension().lastPathComponent
        return model.pathExtension == "xcdatamodeld" ? base + ".momd" : base + ".mom"
    }

    static func swiftFileName(of model: URL) -> String {
        model.deletingPathExtension().lastPathComponent + "+CoreDataModel.swift"
    }
}
