/// Reads the diagram of an Xcode 3 binary version (`layout`) into the `<elements>` Xcode's conversion writes
/// (../shared/spec/xcode3-format.md §7): one `<element name positionX positionY width height>` per entity box.
/// Only `convert` needs it; the diagram is never compiled.
enum Xcode3LayoutReader {
    /// The version's diagram from its `layout` and `elements` files; nil, without a word, when it has none.
    static func elements(of version: ModelVersionSource) -> (ContentsElement?, [Diagnostic]) {
        let layoutPath = version.directory.appendingPathComponent("layout")
        guard case .success(let layout) = FileSystem.readFile(layoutPath),
            case .success(let elements) = FileSystem.readFile(version.contentsPath)
        else { return (nil, []) }
        return Self.elements(layout: layout, elements: elements, path: layoutPath)
    }

    /// `<elements>`, or nil with a warning when the layout cannot be read (Xcode then lays the boxes out anew).
    static func elements(layout: [UInt8], elements: [UInt8], path: String) -> (ContentsElement?, [Diagnostic]) {
        func unreadable(_ why: String) -> (ContentsElement?, [Diagnostic]) {
            (
                nil,
                [
                    .warning(
                        .xcode3ArchiveMalformed,
                        "the diagram cannot be read (\(why)); the converted model has no "
                            + "box positions and Xcode will place the entities anew", at: SourceLocation(file: path))
                ]
            )
        }
        guard let layoutArchive = try? KeyedArchive(bytes: layout), let model = try? KeyedArchive(bytes: elements)
        else {
            return unreadable("not a keyed archive")
        }
        let names = entityNames(byElementID: XDArchive(archive: model))
        let diagram = XDArchive(archive: layoutArchive)
        let root = Dictionary(diagram.entries(of: layoutArchive.rootUID) ?? [], uniquingKeysWith: { first, _ in first })
        guard case .object(let mappings)?? = root["mappings"], case .object(let storage)?? = root["storage"],
            let graphicsList = diagram.object("XDGraphics", of: storage),
            let graphics = diagram.members(of: graphicsList)
        else { return unreadable("no mappings or graphics") }
        // Graphic UUID -> the `_uniqueElementID` of the element it draws.
        var elementIDs: [String: Int] = [:]
        for case (.object(let graphicID)?, let value) in diagram.pairs(of: mappings) ?? [] {
            guard let uuid = uuid(of: graphicID, in: diagram), let id = elementID(value) else { continue }
            elementIDs[uuid] = id
        }
        var boxes: [ContentsElement] = []
        for case .object(let graphic)? in graphics where diagram.className(of: graphic) == "XDCompartmentGraphic" {
            guard let graphicID = diagram.object("XDUniqueID", of: graphic),
                let uuid = uuid(of: graphicID, in: diagram),
                let id = elementIDs[uuid], let name = names[id],
                let bounds = diagram.string("XDBounds", of: graphic).flatMap(Self.bounds)
            else { continue }
            boxes.append(
                ContentsElement(
                    "element",
                    [
                        ("name", name), ("positionX", bounds[0]), ("positionY", bounds[1]),
                        ("width", bounds[2]), ("height", bounds[3]),
                    ], label: name))
        }
        guard !boxes.isEmpty else { return (nil, []) }
        return (ContentsElement("elements", [], label: "model", children: boxes.sorted { $0.label < $1.label }), [])
    }

    /// Each entity's `_uniqueElementID` (an integer, sometimes behind a UID), which the diagram refers to.
    static func entityNames(byElementID archive: XDArchive) -> [Int: String] {
        let root = archive.archive.rootUID
        guard let package = archive.object("_xd_rootPackage", of: root),
            let classes = archive.object("XDBucketForClassesstorage", of: package),
            let entities = archive.entries(of: classes)
        else { return [:] }
        var names: [Int: String] = [:]
        for case (let key, .object(let entity)?) in entities {
            if let id = elementID(archive.value("_uniqueElementID", of: entity)) {
                names[id] = archive.string("_name", of: entity) ?? key
            }
        }
        return names
    }

    private static func elementID(_ value: XDArchive.Value?) -> Int? {
        if case .scalar(.integer(let id))? = value { return Int(id) }
        return nil
    }

    private static func uuid(of graphicID: Int, in diagram: XDArchive) -> String? {
        guard let string = diagram.object("XDUUID", of: graphicID) else {
            return diagram.string("XDUUID", of: graphicID)
        }
        return diagram.string("NS.string", of: string)
    }

    /// `{{x, y}, {w, h}}` -> the four numbers as written.
    static func bounds(_ text: String) -> [String]? {
        let numbers = text.split { "{}, ".contains($0) }.map(String.init)
        guard numbers.count == 4, numbers.allSatisfy({ Double($0) != nil }) else { return nil }
        return numbers
    }
}
