// swift-tools-version:6.0
import PackageDescription

// The fuzz targets, a package of its own so that `swift build` and `swift test` of openmomc never pay for them.
// Run: Fuzz/run SECONDS [TARGET...] (see README.md). Built with libFuzzer and AddressSanitizer.
let package = Package(
    name: "Fuzz",
    dependencies: [.package(path: "openmomc")],
    targets: [
        .executableTarget(
            name: "openmomc-fuzz", dependencies: [.product(name: "ModelCompiler", package: "openmomc")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    ]
)
