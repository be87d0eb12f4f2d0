#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// What the fuzz targets in `Fuzz/` feed: each reader of untrusted bytes, followed by every stage that consumes
/// what it accepts. SPI, not API: `@_spi(Fuzzing) import ModelCompiler`.
@_spi(Fuzzing) public enum FuzzingEntryPoints {
    /// A version's `contents`: XML reader, typing, rules, and for a valid model compile, archive and codegen.
    public static func contents(_ bytes: [UInt8]) {
        guard case .success(let root) = XMLDocumentReader.parse(bytes: bytes, file: "contents") else { return }
        model(root)
    }

    /// An app's Swift or Objective-C source, scanned for the classes it declares (`DeclaredClasses`): the names it
    /// finds must be identifiers, and reading the same bytes twice finds the same.
    public static func declaredClasses(_ bytes: [UInt8]) {
        let text = String(decoding: bytes.prefix(DeclaredClasses.maximumFileBytes), as: UTF8.self)
        for swift in [true, false] {
            var first = DeclaredClasses(), second = DeclaredClasses()
            first.read(text, swift: swift)
            second.read(text, swift: swift)
            precondition(first == second, "the same source read twice differs")
            for name in first.runtimeNames.union(first.swiftClasses) {
                precondition(
                    !name.isEmpty && !name.unicodeScalars.contains { $0.properties.isWhitespace || $0 == ":" },
                    "a declared name that is not an identifier: \(name)")
            }
        }
    }

    /// A predicate or an expression, parsed, formatted and archived.
    public static func predicate(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        if case .success(let predicate) = PredicateParser.parse(text) {
            _ = PredicateFormat.string(for: predicate)
            var graph = ArchiveGraph(), expressions = ExpressionArchiver()
            let root = expressions.node(for: predicate, in: &graph)
            archive(graph, root)
        }
        if case .success(let expression) = ExpressionParser.parse(text) {
            _ = PredicateFormat.string(for: expression)
            var graph = ArchiveGraph(), expressions = ExpressionArchiver()
            let root = expressions.node(for: expression, in: &graph)
            archive(graph, root)
        }
    }

    /// Both ways of writing an archive: the encoder that compile uses must give the general writer's bytes.
    private static func archive(_ graph: consuming ArchiveGraph, _ root: ArchiveGraph.Node) {
        let archive = graph.archive(root: root)
        let tree = BinaryPropertyListWriter.data(for: archive.propertyList)
        precondition(archive.binaryPropertyList() == tree, "the archive encoder and the plist writer disagree")
    }

    /// A compiled `.mom` (or any binary plist): the plist and keyed-archive readers, `dump`, and typing it back.
    public static func compiledModel(_ bytes: [UInt8]) {
        guard let archive = try? KeyedArchive(bytes: bytes) else { return }
        _ = archive.damage
        _ = ArchiveDump.lines(archive)
        if let model = ModelUnarchiver.model(from: archive, versionName: "Fuzz", file: "Fuzz.mom") {
            _ = VersionHasher.hashes(for: model)
        }
        _ = try? VersionInfo(propertyList: BinaryPropertyListReader.read(bytes))
    }

    /// An Xcode 3 `elements` archive, read like a version, and as a `layout` beside it.
    public static func xcode3Elements(_ bytes: [UInt8]) {
        let (tree, _) = Xcode3ModelReader.read(bytes: bytes, path: "elements")
        if let tree {
            _ = ContentsWriter.document(tree)
            model(tree.sourceElement(path: "elements"))
        }
        _ = Xcode3LayoutReader.elements(layout: bytes, elements: bytes, path: "layout")
    }

    /// A compile cache entry's typed model (`ModelDecoding`), its positions pointing into the input itself. An input
    /// that starts as XML is typed first and its model coded: it must come back equal.
    public static func cachedModel(_ bytes: [UInt8]) {
        let file = SourceFile(path: "contents", bytes: bytes)
        if bytes.first == UInt8(ascii: "<") {
            guard case .success(let root) = XMLDocumentReader.parse(bytes: bytes, file: "contents"),
                let model = ModelBuilder.build(root, versionName: "Fuzz", file: "contents").0,
                case .file(let typedFrom, _) = model.span.storage
            else { return }
            let coded = ModelEncoding.encode(model)
            precondition(
                coded.flatMap { ModelDecoding.decode($0, file: typedFrom) } == model,
                "a model did not come back")
            return
        }
        guard let model = ModelDecoding.decode(bytes, file: file) else { return }
        let again = ModelEncoding.encode(model)
        precondition(
            again.flatMap { ModelDecoding.decode($0, file: file) } == model,
            "a decoded model did not come back")
        // Every place is worked out from the input's bytes, whatever position the entry gave.
        for entity in model.entities {
            _ = entity.location
            for property in entity.properties { _ = property.location }
            for attribute in entity.attributes { _ = attribute.renamingIdentifier?.location }
        }
        _ = DiagnosticRenderer.text(ModelValidator.validate(model))
    }

    /// A mapping model's `xcmapping.xml`: the reader, typing its snapshots, mapc's derivations, the `.cdm` archiver
    /// (whose bytes must read back as a mapping model) and its listing. A binary input is taken as a `.cdm` and as an
    /// archived expression copied into one.
    public static func mappingModel(_ bytes: [UInt8]) {
        if bytes.starts(with: Array("bplist".utf8)) {
            guard let input = try? KeyedArchive(bytes: bytes) else { return }
            _ = ArchiveDump.lines(input)
            var graph = ArchiveGraph()
            if let copied = try? graph.copy(input.rootUID, of: input, mutableArraysUnder: ["NSArguments"]) {
                let root = graph.array([copied], mutable: false)
                archive(graph, root)
            }
            return
        }
        let (document, _) = MappingDocumentReader.read(bytes: bytes, file: "xcmapping.xml")
        guard let document, case (let model?, let found) = MappingModelBuilder.build(document, name: "Fuzz"),
            !found.hasErrors, case (let compiled?, _) = MappingCompiler.compile(model),
            let cdm = try? MappingArchiver.cdmData(for: compiled)
        else { return }
        let listing = try? KeyedArchive(bytes: cdm)
        precondition(listing?.className(of: listing!.rootUID) == "NSMappingModel", "a .cdm did not read back")
        _ = ArchiveDump.lines(listing!)
    }

    /// A store file: the store reader (metadata, primary keys, row and column counts, model cache), the drop counts of
    /// an upgrade from its cached model to itself (a damaged cache may name a property twice: one of them is dropped),
    /// and `store sanitize` of it, whose output must read back.
    public static func store(_ bytes: [UInt8]) {
        let folder = FileSystem.temporaryFolder + "/openmomc-fuzz-store-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard FileManager.default.createFile(atPath: folder + "/in.sqlite", contents: Data(bytes)) else { return }
        guard let read = StoreReader.read(folder + "/in.sqlite").0 else { return }
        if let cache = read.modelCache { _ = StoreDrops.count(read, from: cache, to: cache) }
        let clean = sanitizeStore(path: folder + "/in.sqlite", output: folder + "/out.sqlite")
        if clean.outputPath != nil {
            precondition(StoreReader.read(folder + "/out.sqlite").0 != nil, "a sanitized store did not read back")
        }
    }

    /// `.xccurrentversion` and `ShippedVersions.json`, and XML property lists.
    public static func bundleFiles(_ bytes: [UInt8]) {
        _ = ShippedRecord.parse(bytes, file: "ShippedVersions.json")
        _ = try? XMLPropertyListReader.read(bytes, path: "VersionInfo.plist")
        let path = FileSystem.temporaryFolder + "/openmomc-fuzz-\(getpid()).xccurrentversion"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
        var diagnostics: [Diagnostic] = []
        _ = CurrentVersionFileReader.read(path, diagnostics: &diagnostics)
    }

    private static func model(_ root: SourceElement) {
        let (version, found) = BundlePipeline.compileVersion(root, name: "Fuzz", file: "contents")
        _ = DiagnosticRenderer.text(found)
        _ = DiagnosticRenderer.sarif(found, relativeTo: "/", toolVersion: "fuzz")
        _ = DiagnosticRenderer.github(found, relativeTo: "/")
        guard let compiled = version, !found.hasErrors else { return }
        let model = compiled.model
        _ = VersionCompiler.mom(compiled)
        let (graph, root) = ModelArchiver.graph(for: model)
        archive(graph, root)
        for style in CodegenOptions.Style.allCases {
            let context = CodegenContext(
                model: model, entities: model.entitiesByName, options: CodegenOptions(style: style),
                modelName: "Fuzz", resourceExtension: "mom", currentVersionName: "Fuzz",
                versionChecksums: { [("Fuzz", compiled.versionChecksum)] })
            if !CodegenRules.check(context).hasErrors { _ = CodeGenerator.files(for: context) }
        }
        let drawing = ModelDiagram(model, title: "Fuzz")
        _ = DOTRenderer.render(drawing)
        _ = MermaidRenderer.render(drawing)
    }
}
