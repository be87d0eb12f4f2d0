import Foundation

/// Type-checks generated SwiftData code on Linux, where SwiftData does not exist (#52): a stand-in `SwiftData` module
/// declares what the generated code uses as SwiftData declares it (`@Model`, `@Attribute`, `@Relationship`,
/// `#Index`, `#Unique`, the schema options, `VersionedSchema`, `SchemaMigrationPlan`, `MigrationStage`), its macros
/// expanding to nothing through a compiler plugin built here against the SwiftSyntax libraries the toolchain ships.
/// Names, types, key paths, literals and arguments are checked as on a Mac; what the real macros add (stored
/// properties becoming persisted ones) is not.
public enum SwiftDataStandIn {
    public static let module = """
        @_exported import Foundation

        public protocol PersistentModel: AnyObject {}

        public enum Schema {
            public enum Attribute {
                public enum Option: Sendable {
                    case unique, externalStorage, ephemeral, spotlight, preserveValueOnDeletion, allowsCloudEncryption
                    case transformable(by: String)
                }
            }
            public enum Relationship {
                public enum Option: Sendable { case unique }
                public enum DeleteRule: Sendable { case nullify, cascade, deny, noAction }
            }
            public struct Version: Sendable {
                public init(_ major: Int, _ minor: Int, _ patch: Int) {}
            }
        }

        public protocol VersionedSchema {
            static var versionIdentifier: Schema.Version { get }
            static var models: [any PersistentModel.Type] { get }
        }

        public final class ModelContext {}

        public enum MigrationStage {
            case lightweight(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type)
            case custom(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type,
                        willMigrate: ((ModelContext) throws -> Void)?, didMigrate: ((ModelContext) throws -> Void)?)
        }

        public protocol SchemaMigrationPlan {
            static var schemas: [any VersionedSchema.Type] { get }
            static var stages: [MigrationStage] { get }
        }

        @attached(extension, conformances: PersistentModel)
        public macro Model() = #externalMacro(module: "StandInMacros", type: "ModelMacro")

        @attached(peer)
        public macro Attribute(_ options: Schema.Attribute.Option..., originalName: String? = nil,
                               hashModifier: String? = nil) = #externalMacro(module: "StandInMacros", type: "NoOp")

        @attached(peer)
        public macro Relationship(_ options: Schema.Relationship.Option...,
                                  deleteRule: Schema.Relationship.DeleteRule = .nullify,
                                  minimumModelCount: Int? = 0, maximumModelCount: Int? = 0, originalName: String? = nil,
                                  inverse: AnyKeyPath? = nil, hashModifier: String? = nil)
            = #externalMacro(module: "StandInMacros", type: "NoOp")

        @attached(peer)
        public macro Transient() = #externalMacro(module: "StandInMacros", type: "NoOp")

        @freestanding(declaration)
        public macro Index<T>(_ indices: [PartialKeyPath<T>]...) = #externalMacro(module: "StandInMacros", type: "NoOp")

        @freestanding(declaration)
        public macro Unique<T>(_ constraints: [PartialKeyPath<T>]...) = #externalMacro(module: "StandInMacros", type: "NoOp")

        """

    public static let macros = """
        import SwiftSyntax
        import SwiftSyntaxBuilder
        import SwiftSyntaxMacros

        /// `@Model`: the class conforms to `PersistentModel`, as the real macro makes it (its other roles add what
        /// only matters at run time).
        public struct ModelMacro: ExtensionMacro {
            public static func expansion(of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
                                         providingExtensionsOf type: some TypeSyntaxProtocol,
                                         conformingTo protocols: [TypeSyntax],
                                         in context: some MacroExpansionContext) throws -> [ExtensionDeclSyntax] {
                [try ExtensionDeclSyntax("extension \\(type.trimmed): PersistentModel {}")]
            }
        }

        /// `@Attribute`, `@Relationship`, `@Transient`, `#Index`, `#Unique`: checked as written, expanded to nothing.
        public struct NoOp: DeclarationMacro, PeerMacro {
            public static func expansion(of node: some FreestandingMacroExpansionSyntax,
                                         in context: some MacroExpansionContext) throws -> [DeclSyntax] { [] }
            public static func expansion(of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
                                         in context: some MacroExpansionContext) throws -> [DeclSyntax] { [] }
        }

        """

    /// The folder holding the built plugin and module, built once per test process; the compiler's output when
    /// building failed.
    public static let built: Result<String, StandInFailure> = {
        do {
            let folder = NSTemporaryDirectory() + "openmomc-swiftdata-standin-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: folder + "/module", withIntermediateDirectories: true)
            try macros.write(toFile: folder + "/StandInMacros.swift", atomically: true, encoding: .utf8)
            try module.write(toFile: folder + "/SwiftData.swift", atomically: true, encoding: .utf8)
            let host = try hostLibraries()
            let plugin = try SwiftCompiler.run(
                [
                    "-emit-library", "-module-name", "StandInMacros", "-I", host, "-L", host,
                    "-lSwiftSyntax", "-lSwiftSyntaxMacros", "-lSwiftSyntaxBuilder", "-lSwiftParser",
                    "-lSwiftBasicFormat", "StandInMacros.swift",
                    "-o", "libStandInMacros.so",
                ], in: folder)
            guard plugin.status == 0 else { return .failure(StandInFailure(output: plugin.output)) }
            let swiftData = try SwiftCompiler.run(
                [
                    "-emit-module", "-module-name", "SwiftData", "-parse-as-library",
                    "-load-plugin-library", folder + "/libStandInMacros.so",
                    "SwiftData.swift", "-emit-module-path",
                    "module/SwiftData.swiftmodule",
                ], in: folder)
            guard swiftData.status == 0 else { return .failure(StandInFailure(output: swiftData.output)) }
            return .success(folder)
        } catch {
            return .failure(StandInFailure(output: "\(error)"))
        }
    }()

    public struct StandInFailure: Error { public var output: String }

    /// The toolchain's SwiftSyntax libraries for compiler plugins: `usr/lib/swift/host` beside `swiftc`.
    public static func hostLibraries() throws -> String {
        let found = try Program.run(["sh", "-c", "readlink -f \"$(command -v swiftc)\""], in: NSTemporaryDirectory())
        let swiftc = found.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let usr = URL(fileURLWithPath: swiftc).deletingLastPathComponent().deletingLastPathComponent()
        return usr.appendingPathComponent("lib/swift/host").path
    }

    /// Runs `swiftc -typecheck` over `files` (name -> text) against the stand-in, with an empty class standing in for
    /// each type the app declares (a Transformable's custom class), found by a first run's "cannot find type"
    /// errors; the compiler's output on failure.
    public static func typecheck(_ files: [String: String]) throws -> (ok: Bool, output: String) {
        let folder = try built.get()
        let directory = NSTemporaryDirectory() + "openmomc-swiftdata-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (name, text) in files { try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8) }
        func run(_ extra: [String]) throws -> (ok: Bool, output: String) {
            let result = try SwiftCompiler.run(
                [
                    "-typecheck", "-I", folder + "/module", "-load-plugin-library",
                    folder + "/libStandInMacros.so",
                ] + files.keys.sorted() + extra,
                in: directory)
            return (result.status == 0, result.output)
        }
        // A type reported missing in one place can hide another's report: a few rounds, each adding what is new.
        var missing: Set<String> = []
        var result = try run([])
        for _ in 0..<3 where !result.ok {
            let pattern = "cannot find type '"
            var found = missing
            for line in result.output.split(separator: "\n") where line.contains("error: " + pattern) {
                guard let start = line.range(of: pattern)?.upperBound, let end = line[start...].firstIndex(of: "'")
                else { continue }
                found.insert(String(line[start..<end]))
            }
            guard found != missing else { break }
            missing = found
            let stand =
                "import Foundation\n"
                + missing.sorted().map { "public final class \($0): NSObject {}" }
                .joined(separator: "\n") + "\n"
            try stand.write(toFile: directory + "/~AppTypes.swift", atomically: true, encoding: .utf8)
            result = try run(["~AppTypes.swift"])
        }
        return result
    }
}
