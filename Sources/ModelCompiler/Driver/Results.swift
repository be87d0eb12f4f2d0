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

public struct CheckResult: Sendable {
    public var bundles: [CheckedBundle]
    /// Every diagnostic, sorted by file and position.
    public var diagnostics: [Diagnostic]
    /// True when an input could not be used at all (missing path, not a model): exit status 2.
    public var inputFailed: Bool

    public var versionCount: Int { bundles.reduce(0) { $0 + $1.source.versions.count } }
}

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

public struct VersionChecksum: Sendable, Equatable {
    public var version: String
    /// The version's `contents` file (or Xcode 3 `elements`).
    public var source: String
    public var checksum: String
}

/// Swift code for a model's current version.
public struct GenerateResult: Sendable {
    public var diagnostics: [Diagnostic]
    public var files: [GeneratedFile]
    /// Paths of the files now in place; empty when nothing was written.
    public var written: [String]
    /// Those of `written` that already held exactly this code and were left alone.
    public var unchanged: Set<String>
    public var inputFailed: Bool
}

/// What `mark-shipped` and `new-version` did, or why they did nothing.
public struct HistoryResult: Sendable {
    public var diagnostics: [Diagnostic]
    /// One line per change made, for the user.
    public var changes: [String]
    public var inputFailed: Bool
}

/// One version's hashes, as `hashes` reports them.
public struct VersionHashReport: Sendable, Encodable {
    public var bundle: String
    public var version: String
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
    public static func base64(_ hash: [UInt8]) -> String { Base64.encode(hash) }

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
