// swift-tools-version:6.0
import PackageDescription

// The fuzz targets, a package of its own so that `swift build` and `swift test` of openmomc never pay for them.
// Run: Fuzz/run SECONDS [TARGET...] (see README.md). Each target is built with libFuzzer and AddressSanitizer.
let targets = ["fuzz-contents", "fuzz-predicate", "fuzz-compiled-model", "fuzz-xcode3-elements", "fuzz-bundle-files"]

let package = Package(
    name: "Fuzz",
    dependencies: [.package(path: "openmomc")],
    targets: targets.map { name in
        .executableTarget(
            name: name, dependencies: [.product(name: "ModelCompiler", package: "openmomc")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    }
)
