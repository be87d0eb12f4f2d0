extension ModelBundleReader {
    /// The `.xcdatamodeld` bundles in the folders holding `paths`, folder by folder and in name order within each,
    /// each once however its path is spelled, `excluding` one (the bundle they are neighbours of).
    static func bundles(inFoldersOf paths: [String], excluding excluded: String) -> [String] {
        var folders: [String] = [], found: [String] = [], seen: Set<String> = [FileSystem.canonicalPath(excluded)]
        for folder in paths.map(\.withoutLastPathComponent) where !folders.contains(folder) {
            folders.append(folder)
            guard case .success(let names) = FileSystem.listDirectory(folder.isEmpty ? "." : folder) else { continue }
            for name in names.sorted() where name.hasSuffix(bundleExtension) {
                let path = folder.isEmpty ? name : folder + "/" + name
                if seen.insert(FileSystem.canonicalPath(path)).inserted { found.append(path) }
            }
        }
        return found
    }
}
