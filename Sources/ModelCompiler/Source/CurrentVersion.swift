/// Which version of a bundle is the current one. Every verb asks this one rule (through the pipeline):
///
/// - a lone `.xcdatamodel` is its own current version;
/// - in a `.xcdatamodeld`, the version `.xccurrentversion` names, when it names one the bundle holds;
/// - otherwise (no pointer, an empty, unreadable or malformed one, a path, a name the bundle lacks) the newest
///   version by Xcode's numbering stands in (`VersionNaming.newest`), and `isDeclared` is false. The pointer checks
///   report why.
///
/// It is a fact of the bundle's files, so it is resolved here, before Compile: the compiled `VersionInfo.plist`
/// records the declared current version, and every later stage works against the same answer.
struct CurrentVersion: Sendable, Equatable {
    var name: String
    /// True when `.xccurrentversion` names this version (or the model is a lone `.xcdatamodel`).
    var isDeclared: Bool

    static func resolve(_ source: ModelBundleSource) -> CurrentVersion? {
        let names = source.versions.map(\.name)
        if source.layout == .singleVersion { return names.first.map { CurrentVersion(name: $0, isDeclared: true) } }
        // A malformed pointer has no name, so it names nothing.
        if let pointed = source.currentVersion?.versionName, names.contains(pointed) {
            return CurrentVersion(name: pointed, isDeclared: true)
        }
        return VersionNaming.newest(of: names).map { CurrentVersion(name: $0, isDeclared: false) }
    }
}
