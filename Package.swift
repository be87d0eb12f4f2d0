// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "openmomc",
    products: [
        .library(name: "ModelCompiler", targets: ["ModelCompiler"]),
        .executable(name: "openmomc", targets: ["openmomc"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "ModelCompiler", dependencies: ["CLibXML2"]),
        .executableTarget(name: "openmomc", dependencies: ["ModelCompiler"]),
        // Golden files are expected output, read by the tests, not compiled into them.
        .testTarget(name: "ModelCompilerTests", dependencies: ["ModelCompiler"], exclude: ["Emit/Codegen/Golden"]),
        .testTarget(name: "openmomcTests", dependencies: ["openmomc", "ModelCompiler"]),
    ]
)
