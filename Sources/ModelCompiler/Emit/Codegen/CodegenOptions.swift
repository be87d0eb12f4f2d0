/// How Swift code is generated.
public struct CodegenOptions: Sendable, Hashable {
    /// The shape of the generated code.
    public enum Style: String, Sendable, CaseIterable {
        /// What Xcode's "Class Definition"/"Category/Extension" codegen writes, so a project can switch.
        case xcode
        /// Honours the model: optionality, Swift scalars, typed sets, a non-clashing typed fetch request.
        case strict
    }

    /// The access level of the generated declarations.
    public enum Access: String, Sendable, CaseIterable {
        /// The generated declarations are `public`, for a model in a library.
        case `public`
        /// The generated declarations have Swift's default access.
        case `internal`
    }

    /// The shape of the code; Xcode's by default.
    public var style: Style = .xcode
    /// The declarations' access; `public` by default, as Xcode writes.
    public var access: Access = .public
    /// The module the classes live in: `Module.Foo` then counts as the current module, like `.Foo`.
    public var moduleName: String?
    /// Also generate entities whose codegen is Manual/None.
    public var includeManualEntities = false
    /// Xcode's per-entity files instead of one file per model.
    public var splitFiles = false
    /// SwiftData `@Model` classes instead of Core Data code (`--style swiftdata`), and how they are written.
    public var swiftData: SwiftDataOptions?
    /// `extension Class : Identifiable {}` on root entities, as Xcode writes when the deployment target has
    /// `Identifiable` (iOS 13, macOS 10.15, tvOS 13, watchOS 6 and later) or none is given.
    public var identifiable = true

    /// Options for code generation; the defaults are Xcode's.
    public init(
        style: Style = .xcode, access: Access = .public, moduleName: String? = nil,
        includeManualEntities: Bool = false, splitFiles: Bool = false, identifiable: Bool = true
    ) {
        self.identifiable = identifiable
        self.style = style
        self.access = access
        self.moduleName = moduleName
        self.includeManualEntities = includeManualEntities
        self.splitFiles = splitFiles
    }

    /// `"public "` or `""`, to put before declarations.
    var accessPrefix: String { access == .public ? "public " : "" }
}

/// A generated source file.
public struct GeneratedFile: Sendable, Hashable {
    /// The file's name, without a folder.
    public var name: String
    /// The Swift source.
    public var contents: String
}
