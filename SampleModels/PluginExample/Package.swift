// swift-tools-version:6.0
import PackageDescription

// Uses openmomc's build plugin on the sample model. `openmomc` is a link to the repository root: SwiftPM
// names a path dependency after its folder, so this resolves as "openmomc" wherever the repository is cloned.
let package = Package(
    name: "PluginExample",
    dependencies: [.package(path: "openmomc")],
    targets: [
        // The model is excluded so that no other rule compiles it (on macOS SwiftPM and Xcode have their own);
        // the plugin finds it, and openmomc.json, by walking the target's folder.
        .target(
            name: "LibraryStore",
            exclude: ["Library.xcdatamodeld", "openmomc.json"],
            plugins: [.plugin(name: "CoreDataModelPlugin", package: "openmomc")]),
        .testTarget(name: "LibraryStoreTests", dependencies: ["LibraryStore"]),
    ]
)
