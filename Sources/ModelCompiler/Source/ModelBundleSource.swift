/// What is on disk for one model: a `.xcdatamodeld` bundle of versions, or a lone `.xcdatamodel`.
struct ModelBundleSource: Sendable {
    enum Layout: Sendable { case versionedBundle, singleVersion }

    /// Path of the `.xcdatamodeld` or `.xcdatamodel` directory.
    var path: String
    /// The bundle's name without its extension (`Library` for `Library.xcdatamodeld`).
    var name: String
    var layout: Layout
    /// Versions in natural name order ("Model 10" after "Model 9").
    var versions: [ModelVersionSource]
    /// The `.xccurrentversion` pointer; nil when the file does not exist.
    var currentVersion: CurrentVersionPointer?
    /// `ShippedVersions.json` as read; nil when the bundle has none.
    var shippedRecord: RawFile?
    /// `AcknowledgedChanges.json` as read; nil when the bundle has none.
    var acknowledgements: RawFile? = nil
}

/// A file's path and bytes, read at the edge and interpreted by a later stage.
struct RawFile: Sendable {
    var path: String
    /// Nil when the file exists but could not be read (a diagnostic says why).
    var bytes: [UInt8]?
}

/// One `.xcdatamodel` directory and its parsed `contents`.
struct ModelVersionSource: Sendable {
    /// How the version is stored: Xcode's XML `contents`, or Xcode 3's binary `elements` (and `layout`).
    enum Format: Sendable { case xml, xcode3Binary }

    /// The version name: directory name without `.xcdatamodel`.
    var name: String
    var directory: String
    /// The file the model is read from: `contents`, or `elements` for a binary version.
    var contentsPath: String
    var format: Format = .xml
    /// The XML `contents` as read, parsed by whoever types the version (`ModelBundleReader.elementTree`); nil for
    /// a binary version or when it could not be read (a diagnostic says why).
    var contents: [UInt8]?
    /// A binary version's `<model>` element, converted; nil when it could not be (a diagnostic says why).
    var root: SourceElement?
    /// A binary version as the `contents` XML it converts to (what `root` was made from).
    var converted: ContentsElement?
}

/// What `.xccurrentversion` says.
struct CurrentVersionPointer: Sendable {
    var file: String
    /// `_XCCurrentVersionName` as written (with `.xcdatamodel`), nil for an empty dictionary.
    var rawName: String?
    var location: SourceLocation
    /// True when the file could not be read as a pointer (a diagnostic says why).
    var isMalformed = false

    /// The version name without the `.xcdatamodel` extension.
    var versionName: String? { rawName.map { $0.removingSuffix(".xcdatamodel") } }
}
