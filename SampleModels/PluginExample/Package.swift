// swift-tools-version:6.0
import PackageDescription

// Uses openmomc's build plugin on the sample model. `openmomc` is a link to the repository root: SwiftPM
// names a path dependency after its folder, so this resolves as "openmomc" wherever the repository is cloned.
let package = Package(
    name: "PluginExample",
    dependencies: [.package(path: "openmomc")],
    targets: [
        // The models and the mapping model are excluded so that no other rule compiles them (on macOS SwiftPM and
        // Xcode have their own); the plugin finds them, and openmomc.json, by walking the target's folder.
        .target(
            name: "LibraryStore",
            exclude: ["Library.xcdatamodeld", "Notes.xcdatamodeld", "NotesToNotes2.xcmappingmodel", "openmomc.json"],
            plugins: [.plugin(name: "CoreDataModelPlugin", package: "openmomc")]),
        .testTarget(name: "LibraryStoreTests", dependencies: ["LibraryStore"]),
    ]
)
