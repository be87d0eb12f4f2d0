/// What the entry points return. Everything a caller needs is here; the stage types behind it are internal.

/// One model bundle after the pipeline: what was read, which version is current, and the versions that passed
/// validation, typed.
public struct CheckedBundle: Sendable {
    var source: ModelBundleSource
    /// The current version by the one rule (`CurrentVersion`); nil for a bundle without versions.
    var current: CurrentVersion?
    /// The versions without errors, typed, in the bundle's version order. Their element trees are released.
    public var models: [ManagedObjectModel] { compiled.map(\.model) }
    /// The same versions after the Compile stage: hashes and checksums.
    var compiled: [CompiledVersion]

    init(_ pipeline: BundlePipeline) {
        source = pipeline.source
        current = pipeline.current
        compiled = pipeline.versions
    }
}

/// What `check(paths:absent:detail:policy:plan:mappingModels:)` found.
public struct CheckResult: Sendable {
    /// Each model bundle checked, in the order found.
    public var bundles: [CheckedBundle]
    /// Every diagnostic, sorted by file and position.
    public var diagnostics: [Diagnostic]
    /// True when an input could not be used at all (missing path, not a model): exit status 2.
    public var inputFailed: Bool

    /// How many model versions were read, over every bundle.
    public var versionCount: Int { bundles.reduce(0) { $0 + $1.source.versions.count } }
}

/// What `compile(input:outputDirectory:outputName:configuration:cache:)` wrote and found.
public struct CompileResult: Sendable {
    /// Every diagnostic, sorted by file and position.
    public var diagnostics: [Diagnostic]
    /// The `.momd` folder or `.mom` file written, nil when nothing was written.
    public var outputPath: String?
    /// True when the input could not be used at all (exit status 2).
    public var inputFailed: Bool
    /// Each compiled version's checksum, what momc notes after compiling; empty when nothing was written.
    public var versionChecksums: [VersionChecksum] = []

    init(diagnostics: [Diagnostic], outputPath: String?, inputFailed: Bool) {
        self.diagnostics = diagnostics
        self.outputPath = outputPath
        self.inputFailed = inputFailed
    }
}

/// One compiled version's `versionChecksum`, as momc notes it.
public struct VersionChecksum: Sendable, Equatable {
    /// The version's name.
    public var version: String
    /// The version's `contents` file (or Xcode 3 `elements`).
    public var source: String
    /// The base64 checksum Core Data and Xcode record for the version.
    public var checksum: String
}

/// Swift code for a model's current version.
public struct GenerateResult: Sendable {
    /// Every finding, sorted by file and position.
    public var diagnostics: [Diagnostic]
    /// The generated files, written or not.
    public var files: [GeneratedFile]
    /// Paths of the files now in place; empty when nothing was written.
    public var written: [String]
    /// Those of `written` that already held exactly this code and were left alone.
    public var unchanged: Set<String>
    /// True when the input could not be used at all (exit status 2).
    public var inputFailed: Bool
}

/// What `build` wrote: the compiled model and its Swift code, into one folder.
public struct BuildResult: Sendable {
    /// Every finding, sorted by file and position.
    public var diagnostics: [Diagnostic]
    /// The compiled model's path, then the Swift files', as written; empty when nothing was.
    public var written: [String]
    /// True when the input or the output could not be used at all (exit status 2).
    public var inputFailed: Bool
}

/// Each version's hashes, as `hashes` reports them.
public struct HashesResult: Sendable {
    /// One report per version, in version order.
    public var reports: [VersionHashReport]
    /// Every finding, sorted by file and position.
    public var diagnostics: [Diagnostic]
    /// True when the input could not be used at all (exit status 2).
    public var inputFailed: Bool

    init(_ found: (reports: [VersionHashReport], diagnostics: [Diagnostic], inputFailed: Bool)) {
        (reports, diagnostics, inputFailed) = found
    }
}

/// What `dump` lists.
public struct DumpResult: Sendable {
    /// Every archived value as a path and its value, then the hashes.
    public var lines: [DumpLine]
    /// Every finding, sorted by file and position.
    public var diagnostics: [Diagnostic]
    /// True when the input could not be used at all (exit status 2).
    public var inputFailed: Bool

    init(_ found: (lines: [DumpLine], diagnostics: [Diagnostic], inputFailed: Bool)) {
        (lines, diagnostics, inputFailed) = found
    }
}

/// `diff --format markdown`: a pull-request comment.
public struct DiffMarkdownResult: Sendable {
    /// The comment; empty when the bundle could not be read.
    public var markdown: String
    /// Every finding, sorted by file and position.
    public var diagnostics: [Diagnostic]
    /// True when the input could not be used at all (exit status 2).
    public var inputFailed: Bool
}

/// What `mark-shipped` and `new-version` did, or why they did nothing.
public struct HistoryResult: Sendable {
    /// Every finding, sorted by file and position.
    public var diagnostics: [Diagnostic]
    /// One line per change made, for the user.
    public var changes: [String]
    /// True when the bundle could not be used at all (exit status 2).
    public var inputFailed: Bool
}

/// One version's hashes, as `hashes` reports them.
public struct VersionHashReport: Sendable, Encodable {
    /// The bundle's (or model's) path.
    public var bundle: String
    /// The version's name.
    public var version: String
    /// True for the bundle's current version.
    public var isCurrent: Bool
    /// Nil when read from a `VersionInfo.plist` written by Xcode 14 or older, which has none.
    public var checksum: String?
    /// Entity name -> 32-byte hash, sorted by name.
    public var entities: [(name: String, hash: [UInt8])]

    /// The JSON says `versionChecksum`, as the text listing and Xcode do.
    enum CodingKeys: String, CodingKey { case bundle, version, isCurrent, checksum = "versionChecksum", entities }

    init(bundle: String, version: String, isCurrent: Bool, checksum: String?, entityHashes: [String: [UInt8]]) {
        self.bundle = bundle
        self.version = version
        self.isCurrent = isCurrent
        self.checksum = checksum
        entities = entityHashes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// An entity's hash as lower-case hex and as base64, the two forms stores' metadata is compared in.
    public static func hex(_ hash: [UInt8]) -> String { Hex.encode(hash) }
    /// A hash in base64, as a store's `NSStoreModelVersionHashes` metadata holds it.
    public static func base64(_ hash: [UInt8]) -> String { Base64.encode(hash) }

    /// Encodes the report as `hashes --format json` prints it, hashes in hex and base64.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bundle, forKey: .bundle)
        try container.encode(version, forKey: .version)
        try container.encode(isCurrent, forKey: .isCurrent)
        try container.encode(checksum, forKey: .checksum)
        var byName: [String: [String: String]] = [:]
        for (name, hash) in entities {
            byName[name] = ["hex": Hex.encode(hash), "base64": Base64.encode(hash)]
        }
        try container.encode(byName, forKey: .entities)
    }
}
