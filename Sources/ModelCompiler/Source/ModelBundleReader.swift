/// Reads model bundles from disk: the directory layout, each version's `contents` and `.xccurrentversion`.
/// Every problem becomes a diagnostic; nothing here throws or traps on user input.
enum ModelBundleReader {
    static let bundleExtension = ".xcdatamodeld"
    static let versionExtension = ".xcdatamodel"
    static let currentVersionFileName = ".xccurrentversion"
    static let shippedRecordFileName = "ShippedVersions.json"
    static let acknowledgementsFileName = "AcknowledgedChanges.json"

    /// The model bundles a user means by `path`: the bundle itself, a version directory, a `contents`
    /// file, or every model found below a folder. A failure means the input is unusable (exit status 2).
    static func locate(_ path: String) -> Result<[String], Diagnostic> {
        let path = path.withoutTrailingSlash
        let here = SourceLocation(file: path)
        switch FileSystem.kind(of: path) {
        case .missing:
            return .failure(.error(.fileNotFound, "no such file or directory", at: here))
        case .file where path.lastPathComponent == "contents":
            let parent = String(path.dropLast("contents".count + 1))
            if parent.hasSuffix(versionExtension) { return .success([parent]) }
            return .failure(.error(.notAModel, "a model's 'contents' must be inside a '.xcdatamodel' folder", at: here))
        case .directory where path.hasSuffix(bundleExtension) || path.hasSuffix(versionExtension):
            return .success([path])
        case _ where path.hasSuffix(".mom") || path.hasSuffix(".momd"):
            return .failure(
                .error(
                    .notAModel,
                    "a compiled model, not a source one: this command reads .xcdatamodeld "
                        + "and .xcdatamodel folders; `openmomc hashes` and `openmomc dump` read .momd and .mom",
                    at: here))
        case .directory:
            var found: [String] = []
            if case .failure(let error) = FileSystem.listDirectory(path) {
                return .failure(.error(.unreadableFile, "cannot read directory: \(error.reason)", at: here))
            }
            search(path, depth: 0, into: &found)
            if found.isEmpty {
                return .failure(.error(.notAModel, "no .xcdatamodeld or .xcdatamodel found in this folder", at: here))
            }
            return .success(found)
        default:
            return .failure(
                .error(
                    .notAModel,
                    "not a Core Data model; expected a .xcdatamodeld or .xcdatamodel folder", at: here))
        }
    }

    private static func search(_ directory: String, depth: Int, into found: inout [String]) {
        guard depth < 24, case .success(let names) = FileSystem.listDirectory(directory) else { return }
        for name in names where !name.hasPrefix(".") {
            let path = directory.appendingPathComponent(name)
            // Linked folders are not followed: a link to an ancestor would make the search endless.
            guard FileSystem.kind(of: path, followingLinks: false) == .directory else { continue }
            if name.hasSuffix(bundleExtension) || name.hasSuffix(versionExtension) {
                found.append(path)
            } else if name != "node_modules" && !name.hasSuffix(".momd") {
                search(path, depth: depth + 1, into: &found)
            }
        }
    }

    /// Reads one `.xcdatamodeld` or `.xcdatamodel` directory.
    static func read(_ path: String) -> (ModelBundleSource?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let here = SourceLocation(file: path)
        let fileName = path.lastPathComponent
        guard path.hasSuffix(bundleExtension) else {
            let version = readVersion(directory: path, diagnostics: &diagnostics)
            let bundle = ModelBundleSource(
                path: path, name: version.name, layout: .singleVersion,
                versions: [version], currentVersion: nil)
            return (bundle, diagnostics)
        }
        let names: [String]
        switch FileSystem.listDirectory(path) {
        case .success(let list): names = list
        case .failure where FileSystem.kind(of: path) == .missing:
            return (nil, [.error(.fileNotFound, "no such file or directory", at: here)])
        case .failure(let error):
            return (nil, [.error(.unreadableFile, "cannot read model bundle: \(error.reason)", at: here)])
        }
        let versionNames = NaturalOrder.sorted(
            names.filter {
                $0.hasSuffix(versionExtension) && FileSystem.kind(of: path.appendingPathComponent($0)) == .directory
            }
        ) { $0.removingSuffix(versionExtension) }
        // Versions are independent: read side by side (Xcode 3 ones converted), their findings kept in version order.
        let read = Parallel.map(versionNames.count) { index in
            var found: [Diagnostic] = []
            let version = readVersion(directory: path.appendingPathComponent(versionNames[index]), diagnostics: &found)
            return (version, found)
        }
        let versions = read.map(\.0)
        diagnostics += read.flatMap(\.1)
        if versions.isEmpty {
            diagnostics.append(.warning(.emptyBundle, "model bundle contains no .xcdatamodel versions", at: here))
        }
        var pointer: CurrentVersionPointer?
        if names.contains(currentVersionFileName) {
            pointer = CurrentVersionFileReader.read(
                path.appendingPathComponent(currentVersionFileName),
                diagnostics: &diagnostics)
        }
        var shipped: RawFile?
        if names.contains(shippedRecordFileName) {
            let recordPath = path.appendingPathComponent(shippedRecordFileName)
            switch FileSystem.readFile(recordPath) {
            case .success(let bytes): shipped = RawFile(path: recordPath, bytes: bytes)
            case .failure(let error):
                // Unreadable is not "no record": the shipped versions would go unguarded.
                diagnostics.append(
                    .error(
                        .shippedRecordMalformed, "cannot read \(shippedRecordFileName): \(error.reason)",
                        at: SourceLocation(file: recordPath)))
                shipped = RawFile(path: recordPath, bytes: nil)
            }
        }
        var bundle = ModelBundleSource(
            path: path, name: fileName.removingSuffix(bundleExtension),
            layout: .versionedBundle, versions: versions, currentVersion: pointer,
            shippedRecord: shipped)
        if names.contains(acknowledgementsFileName) {
            let ackPath = path.appendingPathComponent(acknowledgementsFileName)
            bundle.acknowledgements = RawFile(path: ackPath, bytes: try? FileSystem.readFile(ackPath).get())
        }
        return (bundle, diagnostics)
    }

    private static func readVersion(directory: String, diagnostics: inout [Diagnostic]) -> ModelVersionSource {
        let contentsPath = directory.appendingPathComponent("contents")
        var version = ModelVersionSource(
            name: directory.lastPathComponent.removingSuffix(versionExtension),
            directory: directory, contentsPath: contentsPath, root: nil)
        let here = SourceLocation(file: directory)
        let names: [String]
        switch FileSystem.listDirectory(directory) {
        case .success(let list): names = list
        case .failure(let error):
            diagnostics.append(.error(.unreadableFile, "cannot read model version: \(error.reason)", at: here))
            return version
        }
        guard names.contains("contents") else {
            if names.contains("elements") {
                readBinaryVersion(&version, diagnostics: &diagnostics)
            } else if names.contains("layout") {
                diagnostics.append(
                    .error(
                        .missingContents,
                        "model version '\(version.name)' has an Xcode 3 'layout' but no 'elements', which holds the model",
                        at: here))
            } else {
                diagnostics.append(
                    .error(
                        .missingContents,
                        "model version '\(version.name)' has no 'contents' file", at: here))
            }
            return version
        }
        if names.contains("elements") {
            diagnostics.append(
                .warning(
                    .xcode3BinaryModel,
                    "model version '\(version.name)' has both 'contents' and an Xcode 3 'elements'; 'contents' is read "
                        + "and 'elements' is ignored (remove it once the XML is right)", at: here))
        }
        switch FileSystem.readFile(contentsPath) {
        case .failure(let error):
            diagnostics.append(
                .error(
                    .unreadableFile, "cannot read model: \(error.reason)",
                    at: SourceLocation(file: contentsPath)))
        case .success(let bytes):
            version.contents = bytes
        }
        return version
    }

    /// A version's `<model>` element tree: `contents` parsed (the root's children handed to `stream` as each is
    /// read, when given), or the tree an Xcode 3 version converted to; nil, with why, when there is none. Parsing
    /// is left to whoever types the version, so that it can type while the parser reads on.
    static func elementTree(
        of version: ModelVersionSource, stream: TopLevelStream? = nil
    )
        -> (SourceElement?, Diagnostic?)
    {
        if let root = version.root { return (root, nil) }
        guard let bytes = version.contents else { return (nil, nil) }
        switch XMLDocumentReader.parse(bytes: bytes, file: version.contentsPath, stream: stream) {
        case .success(let root):
            StageTrace.record(.read, version.name)
            return (root, nil)
        case .failure(let diagnostic):
            return (nil, diagnostic)
        }
    }

    /// An Xcode 3 binary version: `elements` read into the XML it converts to; `layout` (the diagram) is not needed.
    private static func readBinaryVersion(_ version: inout ModelVersionSource, diagnostics: inout [Diagnostic]) {
        let elementsPath = version.directory.appendingPathComponent("elements")
        version.contentsPath = elementsPath
        version.format = .xcode3Binary
        switch FileSystem.readFile(elementsPath) {
        case .failure(let error):
            diagnostics.append(
                .error(
                    .unreadableFile, "cannot read model: \(error.reason)",
                    at: SourceLocation(file: elementsPath)))
        case .success(let bytes):
            let (converted, problems) = Xcode3ModelReader.read(bytes: bytes, path: elementsPath)
            diagnostics += problems
            if let converted {
                StageTrace.record(.read, version.name)
                version.converted = converted
                version.root = converted.sourceElement(path: elementsPath)
            }
        }
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let missingContents: DiagnosticCode = "missing-contents"
    static let xcode3BinaryModel: DiagnosticCode = "xcode3-binary-model"
    static let emptyBundle: DiagnosticCode = "empty-bundle"
}
