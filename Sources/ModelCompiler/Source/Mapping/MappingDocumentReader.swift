/// Reads `xcmapping.xml` through the same libxml2 reader as a model's `contents`, keeping every value's line and
/// column. Only what the mapping model reaches counts: the walk starts at `XDDEVMAPPINGMODEL.entitymappings`, so
/// orphaned objects Xcode left behind (Threema's file has four) are ignored, as mapc ignores them (§2.1).
enum MappingDocumentReader {
    /// The file inside a `.xcmappingmodel` folder.
    static let fileName = "xcmapping.xml"

    /// `path`: the `.xcmappingmodel` folder, or its `xcmapping.xml`.
    static func read(path: String) -> (MappingDocument?, [Diagnostic]) {
        let trimmed = path.withoutTrailingSlash
        let file = trimmed.hasSuffix("/" + fileName) || trimmed == fileName ? trimmed : trimmed + "/" + fileName
        switch FileSystem.readFile(file) {
        case .success(let bytes): return read(bytes: bytes, file: file)
        case .failure(let failure):
            let code: DiagnosticCode = FileSystem.kind(of: file) == .missing ? .fileNotFound : .unreadableFile
            return (
                nil,
                [
                    .error(
                        code, "cannot read the mapping model's \(fileName): \(failure.reason)",
                        at: SourceLocation(file: file))
                ]
            )
        }
    }

    static func read(bytes: [UInt8], file: String) -> (MappingDocument?, [Diagnostic]) {
        let root: SourceElement
        switch XMLDocumentReader.parse(bytes: bytes, file: file) {
        case .success(let element): root = element
        case .failure(let failure): return (nil, [failure])
        }
        guard root.name == "database" else {
            return (
                nil,
                [
                    malformed(
                        "the root element is <\(root.name)>, not <database>: this is not an Xcode mapping "
                            + "model", at: root.location)
                ]
            )
        }
        var diagnostics: [Diagnostic] = []
        var objects: [String: MappingDocument.Object] = [:]
        var models: [MappingDocument.Object] = []
        for element in root.children where element.name == "object" {
            guard let object = object(element, diagnostics: &diagnostics) else { continue }
            guard objects[object.id] == nil else {
                diagnostics.append(malformed("object id '\(object.id)' is used twice", at: object.location))
                continue
            }
            objects[object.id] = object
            if object.type == "XDDEVMAPPINGMODEL" { models.append(object) }
        }
        guard let model = models.first else {
            diagnostics.append(malformed("the file has no XDDEVMAPPINGMODEL object", at: root.location))
            return (nil, diagnostics)
        }
        if models.count > 1 {
            diagnostics.append(
                malformed(
                    "the file has \(models.count) XDDEVMAPPINGMODEL objects; a mapping model has "
                        + "one", at: models[1].location))
            return (nil, diagnostics)
        }
        func targets(_ name: String, of owner: MappingDocument.Object, type: String) -> [MappingDocument.Object] {
            (owner.relationships[name] ?? []).compactMap { id in
                guard let target = objects[id], target.type == type else {
                    diagnostics.append(
                        malformed(
                            "'\(name)' of object '\(owner.id)' names '\(id)', which is not an "
                                + "\(type) object in this file", at: owner.location))
                    return nil
                }
                return target
            }
        }
        let mappings = targets("entitymappings", of: model, type: "XDDEVENTITYMAPPING").map { mapping in
            MappingDocument.EntityObject(
                object: mapping,
                attributeMappings: targets("attributemappings", of: mapping, type: "XDDEVATTRIBUTEMAPPING"),
                relationshipMappings: targets("relationshipmappings", of: mapping, type: "XDDEVRELATIONSHIPMAPPING"))
        }
        return (MappingDocument(path: file, mappingModel: model, entityMappings: mappings), diagnostics)
    }

    private static func object(_ element: SourceElement, diagnostics: inout [Diagnostic]) -> MappingDocument.Object? {
        guard let type = element[attribute: "type"], let id = element[attribute: "id"] else {
            diagnostics.append(malformed("an <object> without a type or an id is ignored", at: element.location))
            return nil
        }
        var object = MappingDocument.Object(type: type, id: id, location: element.location)
        for child in element.children {
            guard let name = child[attribute: "name"] else { continue }
            switch child.name {
            case "attribute":
                object.attributes[name] = .init(
                    type: child[attribute: "type"] ?? "", text: child.text,
                    location: child.location)
            case "relationship":
                let ids = (child[attribute: "idrefs"] ?? "").split(separator: " ").map(String.init)
                object.relationships[name] = ids
            default:
                continue
            }
        }
        return object
    }

    static func malformed(_ message: String, at location: SourceLocation) -> Diagnostic {
        .error(.mappingModelMalformed, message, at: location)
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let mappingModelMalformed: DiagnosticCode = "mapping-model-malformed"
}
