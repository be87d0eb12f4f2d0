/// How `generate --style swiftdata` writes `@Model` classes (../shared/spec/swiftdata-codegen.md).
public struct SwiftDataOptions: Sendable, Hashable {
    /// Whose shape the code has.
    public enum Flavor: String, Sendable, CaseIterable {
        /// The same shape corrected: code that compiles and keeps every value (spec section 8).
        case corrected
        /// Byte for byte what Xcode's Editor > Create SwiftData Code writes, its quirks included.
        case xcode
    }

    /// Corrected (the default) or Xcode's own output.
    public var flavor: Flavor = .corrected
    /// `--style swiftdata-versioned`: a `VersionedSchema` per version a store can come from, and the migration plan.
    public var versioned = false
    /// The Xcode whose output `.xcode` reproduces (`15.0`, `15.1`, `16.0-beta`, `16.4`, `26`); nil: the one that
    /// last saved the model (its tools version), else the newest known.
    public var xcodeVersion: String?
    /// The header's project line (Xcode writes the project or package name).
    public var project = ""
    /// The header's author, as the IDE template writes it: fixed unless given, so output never varies.
    public var author = "openmomc"
    /// The header's date (Xcode writes it in the user's locale): fixed unless given.
    public var date = "1/1/26"

    /// Options for SwiftData code; by default the corrected flavour, one class per entity, a fixed header.
    public init(
        flavor: Flavor = .corrected, versioned: Bool = false, xcodeVersion: String? = nil,
        project: String = "", author: String = "openmomc", date: String = "1/1/26"
    ) {
        self.flavor = flavor
        self.versioned = versioned
        self.xcodeVersion = xcodeVersion
        self.project = project
        self.author = author
        self.date = date
    }

    /// Whether `--xcode-version` names a generation the generator knows.
    public static func knows(xcodeVersion: String) -> Bool { XcodeGeneration(xcodeVersion: xcodeVersion) != nil }
}
