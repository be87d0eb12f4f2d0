/// Which mapping models belong to a model bundle: the `.xcmappingmodel` folders in the bundle's own folder and its
/// subfolders (apps keep them in folders like `Model/Migrations/Mapping Models/`), and the ones named by the user.
/// A mapping model whose recorded model path names another `.xcdatamodeld` found in the same folder belongs to that
/// bundle instead (`Found.belongs`, once it is read).
enum MappingModelDiscovery {
    /// How deep below the bundle's folder, and how many folders in all, the search looks: a bundle at the top of a
    /// large checkout must not make every check walk it.
    static let maximumDepth = 4
    static let maximumFolders = 5_000

    static func mappingModels(beside bundle: String, named explicit: [String] = []) -> Found {
        let bundlePath = bundle.withoutTrailingSlash
        let folder = bundlePath.withoutLastPathComponent
        var found: [String] = [], bundles: [String] = []
        var pending: [(path: String, depth: Int)] = [(folder.isEmpty ? "." : folder, 0)]
        var visited = 0
        while let (path, depth) = pending.popLast(), visited < maximumFolders {
            visited += 1
            guard case .success(let names) = FileSystem.listDirectory(path) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let child = path == "." ? name : path + "/" + name
                if name.hasSuffix(".xcmappingmodel") {
                    found.append(child)
                } else if name.hasSuffix(".xcdatamodeld") {
                    bundles.append(name)
                    // Xcode never compiles a mapping model inside a model bundle; the guard says so.
                    pending.append((child, maximumDepth))
                } else if depth < maximumDepth, !name.hasSuffix(".momd"), !name.hasSuffix(".xcdatamodel"),
                    FileSystem.kind(of: child, followingLinks: false) == .directory
                {
                    pending.append((child, depth + 1))
                }
            }
        }
        var seen = Set<String>(), paths: [String] = []
        for path in explicit.map(\.withoutTrailingSlash) + found where seen.insert(path).inserted { paths.append(path) }
        // A named mapping model usually sits beside its own bundle: what is there tells whose it is (a build plugin
        // names every mapping model of its target for every model).
        for path in Set(explicit.map { $0.withoutTrailingSlash.withoutLastPathComponent }) {
            guard case .success(let names) = FileSystem.listDirectory(path.isEmpty ? "." : path) else { continue }
            bundles += names.filter { $0.hasSuffix(".xcdatamodeld") }
        }
        return Found(
            paths: paths,
            otherBundles: Set(bundles).subtracting([bundlePath.lastPathComponent]))
    }

    struct Found: Equatable {
        /// The named ones first, then those found, in path order.
        var paths: [String]
        /// The names of the other `.xcdatamodeld` bundles found in the search.
        var otherBundles: Set<String>

        /// A mapping model whose recorded source path names one of the other bundles is that bundle's.
        func belongs(recordedSourcePath: String?) -> Bool {
            guard let named = recordedSourcePath?.split(separator: "/").first(where: { $0.hasSuffix(".xcdatamodeld") })
            else { return true }
            return !otherBundles.contains(String(named))
        }
    }
}
