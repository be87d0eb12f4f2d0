// swift-tools-version:6.0
import PackageDescription

// The benchmark harness, a package of its own so that `swift build` and `swift test` of openmomc never pay
// for it. Run: swift build -c release && swift run -c release openmomc-benchmarks (see README.md).
let package = Package(
    name: "Benchmarks",
    dependencies: [.package(path: "openmomc")],
    targets: [
        .executableTarget(
            name: "openmomc-benchmarks", dependencies: [.product(name: "ModelCompiler", package: "openmomc")]),
        // Measures one run from a small process, so that peak memory is the command's own (see main.c).
        .executableTarget(name: "openmomc-measure"),
    ]
)
