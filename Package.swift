// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "openmomc",
    products: [
        .library(name: "ModelCompiler", targets: ["ModelCompiler"]),
        .executable(name: "openmomc", targets: ["openmomc"]),
        .plugin(name: "CoreDataModelPlugin", targets: ["CoreDataModelPlugin"]),
        .plugin(name: "MarkShipped", targets: ["MarkShipped"]),
        .plugin(name: "NewModelVersion", targets: ["NewModelVersion"]),
        .plugin(name: "AcknowledgeChange", targets: ["AcknowledgeChange"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // Reading Core Data stores (`openmomc store`): SQLite for the file, zlib for the model cache's raw DEFLATE.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // One system call Swift cannot reach directly (an atomic exchange of two paths).
        .target(name: "CSystemCalls"),
        // SHA-256 rounds on the CPU's SHA instructions where it has them (version hashes are one SHA-256 a property).
        .target(name: "CSHA256"),
        .target(name: "ModelCompiler", dependencies: ["CLibXML2", "CSQLite", "CZlib", "CSystemCalls", "CSHA256"]),
        .executableTarget(name: "openmomc", dependencies: ["ModelCompiler"]),
        .plugin(name: "CoreDataModelPlugin", capability: .buildTool(), dependencies: ["openmomc"]),
        .plugin(
            name: "MarkShipped",
            capability: .command(
                intent: .custom(
                    verb: "mark-shipped", description: "Record model versions as shipped in ShippedVersions.json"),
                permissions: [.writeToPackageDirectory(reason: "Records shipped model versions in the model bundle")]),
            dependencies: ["openmomc"]),
        .plugin(
            name: "NewModelVersion",
            capability: .command(
                intent: .custom(
                    verb: "new-model-version",
                    description: "Add a model version after the current one and make it current"),
                permissions: [.writeToPackageDirectory(reason: "Adds a model version to the model bundle")]),
            dependencies: ["openmomc"]),
        .plugin(
            name: "AcknowledgeChange",
            capability: .command(
                intent: .custom(
                    verb: "acknowledge-change", description: "Record that a migration change drops data on purpose"),
                permissions: [.writeToPackageDirectory(reason: "Records the acknowledged change in the model bundle")]),
            dependencies: ["openmomc"]),
        // What the test targets share (running a child process and reading its output, SwiftData's stand-in).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Tests by kind; `swift test` runs them all. Unit tests: no ../shared, no child process, no corpus (run them
        // alone with `swift test --filter ModelCompilerUnitTests`).
        .testTarget(
            name: "ModelCompilerUnitTests", dependencies: ["ModelCompiler", "CSQLite", "CZlib", "TestSupport"],
            exclude: ["Compile/Fingerprint/Pinned"]),
        // Corpus, conformance and compiler sweeps (../shared, swiftc, Graphviz); Support/ links to the unit tests'
        // helpers. Golden files are expected output, read by the tests, not compiled into them.
        .testTarget(
            name: "ModelCompilerCorpusTests", dependencies: ["ModelCompiler", "CSQLite", "CZlib", "TestSupport"],
            exclude: ["Emit/Codegen/Golden"]),
        // End to end: the executable, the plugins building packages, kill safety, the documentation.
        .testTarget(name: "openmomcTests", dependencies: ["openmomc", "ModelCompiler", "TestSupport"]),
    ]
)
