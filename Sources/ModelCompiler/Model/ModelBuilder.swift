/// Turns a version's `<model>` element into a typed `ManagedObjectModel`. Reports what cannot be
/// typed (missing names, unknown types, bad numbers, unknown XML) and keeps going, so one run shows
/// every problem; the semantic rules live in Validation.
enum ModelBuilder {
    /// `typed`: the root's children typed already, as the parser streamed them (`StreamingModelBuilder`).
    static func build(
        _ root: SourceElement, versionName: String, file: String, typed: [TypedChildren] = []
    )
        -> (ManagedObjectModel?, [Diagnostic])
    {
        StageTrace.record(.typed, versionName)
        guard root.name == "model" else {
            return (
                nil,
                [
                    .error(
                        .rootNotModel,
                        "the root element is <\(root.name)>, not <model>: this is not a Core Data model",
                        at: root.location)
                ]
            )
        }
        var diagnostics: [Diagnostic] = []
        var reader = ElementReader(root, known: ModelSchema.model)
        var model = ManagedObjectModel(versionName: versionName, file: file, span: reader.span)
        model.metadata.documentVersion = reader.string("documentVersion")
        model.metadata.lastSavedToolsVersion = reader.string("lastSavedToolsVersion")
        model.metadata.systemVersion = reader.string("systemVersion")
        model.metadata.minimumToolsVersion = reader.string("minimumToolsVersion")
        model.metadata.sourceLanguage = reader.string("sourceLanguage")
        model.metadata.versionIdentifier = reader.string("userDefinedModelVersionIdentifier")
        model.metadata.usedWithSwiftData = reader.flag("usedWithSwiftData")
        model.metadata.usedWithCloudKit = reader.flag("usedWithCloudKit")
        diagnostics += reader.finish()

        // Each element is typed on its own: consecutive runs of them side by side, joined in document order.
        let children = root.children
        let parts = typed + Parallel.chunks(children.count, minimum: 64) { typeChildren(children[$0]) }
        for part in parts {
            model.entities += part.entities
            model.composites += part.composites
            model.fetchRequests += part.fetchRequests
            model.configurations += part.configurations
            diagnostics += part.diagnostics
        }
        return (model, diagnostics)
    }

    /// What a run of the `<model>` element's children types to, in document order.
    struct TypedChildren: Sendable {
        var entities: [Entity] = []
        var composites: [Composite] = []
        var fetchRequests: [FetchRequest] = []
        var configurations: [Configuration] = []
        var diagnostics: [Diagnostic] = []
    }

    /// Children of `<model>`, in document order.
    static func typeChildren(_ children: some Collection<SourceElement>) -> TypedChildren {
        var typed = TypedChildren()
        var diagnostics: [Diagnostic] = []
        for child in children {
            switch child.name {
            case "entity":
                if let entity = EntityBuilder.build(child, diagnostics: &diagnostics) { typed.entities.append(entity) }
            case "composite":
                if let composite = buildComposite(child, diagnostics: &diagnostics) {
                    typed.composites.append(composite)
                }
            case "fetchRequest":
                if let request = FetchRequestBuilder.build(child, diagnostics: &diagnostics) {
                    typed.fetchRequests.append(request)
                }
            case "configuration":
                if let configuration = buildConfiguration(child, diagnostics: &diagnostics) {
                    typed.configurations.append(configuration)
                }
            case "elements":
                break  // the diagram layout of older Xcode versions
            default:
                diagnostics.append(unknownElement(child, in: "model"))
            }
        }
        typed.diagnostics = diagnostics
        return typed
    }

    static func unknownElement(_ child: SourceElement, in parent: SourceElement) -> Diagnostic {
        unknownElement(child, in: parent.name)
    }

    static func unknownElement(_ child: SourceElement, in parentName: String) -> Diagnostic {
        .warning(
            .unknownXMLElement, "unknown element <\(child.name)> inside <\(parentName)> is ignored",
            at: child.location)
    }

    private static func buildComposite(_ element: SourceElement, diagnostics: inout [Diagnostic]) -> Composite? {
        var reader = ElementReader(element, known: ModelSchema.composite)
        let name = reader.required("name", what: "composite")
        diagnostics += reader.finish()
        var attributes: [Attribute] = []
        for child in element.children {
            if child.name == "attribute" {
                if let attribute = PropertyBuilder.attribute(child, diagnostics: &diagnostics) {
                    attributes.append(attribute)
                }
            } else {
                diagnostics.append(unknownElement(child, in: element))
            }
        }
        guard let name else { return nil }
        return Composite(name: name, attributes: attributes, span: reader.span)
    }

    private static func buildConfiguration(_ element: SourceElement, diagnostics: inout [Diagnostic]) -> Configuration?
    {
        var reader = ElementReader(element, known: ModelSchema.configuration)
        let name = reader.required("name", what: "configuration")
        let cloudKit = reader.flag("usedWithCloudKit")
        diagnostics += reader.finish()
        var members: [Configuration.Member] = []
        for child in element.children {
            guard child.name == "memberEntity" else {
                diagnostics.append(unknownElement(child, in: element))
                continue
            }
            var memberReader = ElementReader(child, known: ModelSchema.named)
            if let entityName = memberReader.required("name", what: "configuration member") {
                members.append(.init(entityName: entityName, location: child.location(ofAttribute: "name")))
            }
            diagnostics += memberReader.finish()
        }
        guard let name else { return nil }
        return Configuration(name: name, members: members, usedWithCloudKit: cloudKit, span: reader.span)
    }
}

/// `<userInfo><entry key value/></userInfo>`, shared by every element that can carry one.
enum UserInfoBuilder {
    /// The userInfo of an element whose only allowed child is `<userInfo>` (attributes, relationships).
    static func onlyChild(of element: SourceElement, diagnostics: inout [Diagnostic]) -> UserInfo {
        var userInfo = UserInfo()
        for child in element.children {
            if child.name == "userInfo" {
                userInfo = build(child, diagnostics: &diagnostics)
            } else {
                diagnostics.append(ModelBuilder.unknownElement(child, in: element))
            }
        }
        return userInfo
    }

    static func build(_ element: SourceElement, diagnostics: inout [Diagnostic]) -> UserInfo {
        var reader = ElementReader(element, known: ModelSchema.none)
        diagnostics += reader.finish()
        var entries: [UserInfo.Entry] = []
        for child in element.children {
            guard child.name == "entry" else {
                diagnostics.append(ModelBuilder.unknownElement(child, in: element))
                continue
            }
            var entryReader = ElementReader(child, known: ModelSchema.entry)
            let key = entryReader.required("key", what: "userInfo entry")
            let value = entryReader.string("value") ?? ""
            diagnostics += entryReader.finish()
            guard let key else { continue }
            if entries.contains(where: { $0.key == key }) {
                diagnostics.append(
                    .warning(
                        .duplicateUserInfoKey,
                        "userInfo key '\(key)' appears more than once; the last value wins", at: child.location))
            }
            entries.append(.init(key: key, value: value, location: child.location))
        }
        return UserInfo(entries: entries)
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let rootNotModel: DiagnosticCode = "root-not-model"
    static let unknownXMLElement: DiagnosticCode = "unknown-xml-element"
    static let duplicateUserInfoKey: DiagnosticCode = "duplicate-user-info-key"
}
