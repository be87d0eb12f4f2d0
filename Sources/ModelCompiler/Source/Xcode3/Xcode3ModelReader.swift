/// Reads an Xcode 3 binary model version (`elements`) into the `contents` XML Xcode's own conversion writes
/// (../shared/spec/xcode3-format.md §4-5, §9.2): entities by name, in each the attributes, relationships and
/// fetched properties by name, then userInfo; then the fetch request templates. Every tag is optional (older
/// files write only what was set) and gets §5's default. Problems are located by file and `Entity.property`.
struct Xcode3ModelReader {
    let archive: XDArchive
    let path: String
    var diagnostics: [Diagnostic] = []
    var templates: [ContentsElement] = []

    private init(archive: KeyedArchive, path: String) {
        self.archive = XDArchive(archive: archive)
        self.path = path
    }

    static func read(bytes: [UInt8], path: String) -> (ContentsElement?, [Diagnostic]) {
        let archive: KeyedArchive
        do {
            archive = try KeyedArchive(bytes: bytes)
        } catch {
            return (
                nil,
                [
                    .error(
                        .xcode3ArchiveMalformed,
                        "not a readable Xcode 3 model archive: \(error.description)", at: SourceLocation(file: path))
                ]
            )
        }
        var reader = Xcode3ModelReader(archive: archive, path: path)
        let model = reader.model(archive.rootUID)
        return (model, reader.diagnostics)
    }

    mutating func report(_ severity: Severity, _ code: DiagnosticCode, _ message: String, _ label: String?) {
        diagnostics.append(Diagnostic(severity, code, message, at: SourceLocation(file: path, element: label)))
    }

    /// Xcode's conversion sorts elements by name (each starts with its `name` attribute).
    static func byName(_ a: ContentsElement, _ b: ContentsElement) -> Bool {
        a.attributes[0].value < b.attributes[0].value
    }

    mutating func malformed(_ message: String, _ label: String? = nil) {
        report(.error, .xcode3ArchiveMalformed, message, label)
    }

    mutating func model(_ root: Int) -> ContentsElement? {
        guard archive.className(of: root) == "XDPMModel" else {
            malformed(
                "the archive's root is \(archive.className(of: root).map { "a \($0)" } ?? "not an object"), "
                    + "not an XDPMModel: this is not an Xcode 3 model")
            return nil
        }
        guard let package = archive.object("_xd_rootPackage", of: root),
            let classes = archive.object("XDBucketForClassesstorage", of: package),
            let entities = archive.entries(of: classes)
        else {
            malformed("the model has no readable entity list (_xd_rootPackage.XDBucketForClassesstorage)")
            return nil
        }
        var children: [ContentsElement] = []
        for (key, value) in entities {
            guard case .object(let uid)? = value, archive.className(of: uid) == "XDPMEntity" else {
                malformed("entity '\(key)' is not an XDPMEntity", key)
                continue
            }
            children.append(entity(uid, name: archive.string("_name", of: uid) ?? key))
        }
        children.sort(by: Self.byName)
        children += templates.sorted(by: Self.byName)
        children += configurations(root)
        let identifier = archive.string("_modelVersionIdentifier", of: root) ?? ""
        // The header Xcode's conversion wrote (Xcode 6, tools version 6172.15), as Docs/CompatibilityChoices.md says.
        return ContentsElement(
            "model",
            [
                ("userDefinedModelVersionIdentifier", identifier), ("type", "com.apple.IDECoreDataModeler.DataModel"),
                ("documentVersion", "1.0"), ("lastSavedToolsVersion", "6172.15"), ("systemVersion", "13D65"),
                ("minimumToolsVersion", "Xcode 4.5"), ("macOSVersion", "Automatic"), ("iOSVersion", "Automatic"),
            ], label: "model", children: children)
    }

    mutating func tags(
        of uid: Int, label: String, stereotypes expected: Set<String>, known: Set<String>
    )
        -> [String: XDArchive.Value?]
    {
        let (stereotypes, tags) = archive.tags(of: uid)
        for name in stereotypes where !expected.contains(name) {
            report(.warning, .xcode3UnknownTag, "unknown stereotype '\(name)' is ignored", label)
        }
        for name in tags.keys.sorted() where !known.contains(name) {
            report(.warning, .xcode3UnknownTag, "unknown tag '\(name)' is ignored", label)
        }
        return tags
    }

    mutating func entity(_ uid: Int, name: String) -> ContentsElement {
        let tags = tags(of: uid, label: name, stereotypes: XDTags.entityStereotypes, known: XDTags.entity)
        var attributes: [(String, String)] = [("name", name)]
        if let className = archive.string(tags["XD_PSK_entityClassName"] ?? nil) {
            attributes.append(("representedClassName", className))
        }
        if archive.bool(archive.value("_isAbstract", of: uid)) == true
            || archive.bool(tags["XD_PSK_isAbstract"] ?? nil) == true
        {
            attributes.append(("isAbstract", "YES"))
        }
        if let parent = parentName(uid, label: name) { attributes.append(("parentEntity", parent)) }
        attributes += renamingSettings(
            tags, elementID: "XD_PSK_elementID", modifier: "XD_PSK_versionHashModifier", label: name)
        attributes.append(("syncable", "YES"))

        var attributeElements: [ContentsElement] = [], relationships: [ContentsElement] = [],
            fetched: [ContentsElement] = []
        if let bucket = archive.object("XDBucketForOwnedAttributesstorage", of: uid),
            let owned = archive.entries(of: bucket)
        {
            for (key, value) in owned {
                let label = "\(name).\(key)"
                guard case .object(let property)? = value else {
                    malformed("property '\(key)' is not an archived object", label)
                    continue
                }
                let propertyName = archive.string("_name", of: property) ?? key
                switch archive.className(of: property) {
                case "XDPMAttribute": attributeElements += self.attribute(property, name: propertyName, label: label)
                case "XDPMRelationship": relationships += self.relationship(property, name: propertyName, label: label)
                case "XDPMFetchedProperty": fetched += fetchedProperty(property, name: propertyName, label: label)
                default:
                    report(
                        .warning, .xcode3UnknownTag,
                        "unknown property class '\(archive.className(of: property) ?? "?")' is ignored", label)
                }
            }
        }
        var children =
            attributeElements.sorted(by: Self.byName) + relationships.sorted(by: Self.byName)
            + fetched.sorted(by: Self.byName)
        children += userInfo(tags["XD_PSK_userInfo"] ?? nil, label: name)
        collectTemplates(tags["XD_PSK_fetchRequestsArray"] ?? nil, label: name)
        children += memberLists(
            tags["XDPMCompoundIndexes"] ?? nil, tag: "XDPMCompoundIndexes",
            ("compoundIndexes", "compoundIndex", "index"), label: name)
        children += memberLists(
            tags["XDPMUniquenessConstraints"] ?? nil, tag: "XDPMUniquenessConstraints",
            ("uniquenessConstraints", "uniquenessConstraint", "constraint"), label: name)
        return ContentsElement("entity", attributes, label: name, children: children)
    }

    /// Uniqueness constraints and compound indexes: an array of arrays of property names, as the snapshots in mapping
    /// models store them (../shared/spec/mapping-model-format.md §2.3; their entity hashes match momc's). An empty
    /// array is none; anything else is reported and skipped.
    mutating func memberLists(
        _ value: XDArchive.Value?, tag: String, _ namesOf: (String, String, String),
        label: String
    ) -> [ContentsElement] {
        guard let value else { return [] }
        guard case .object(let outer) = value, let lists = archive.members(of: outer) else {
            malformed("'\(tag)' is not an array of property name lists", label)
            return []
        }
        var elements: [ContentsElement] = []
        for list in lists {
            let members: [XDArchive.Value?]
            if case .object(let inner)? = list, let found = archive.members(of: inner) {
                members = found
            } else {
                members = [nil]
            }
            let names = members.compactMap { archive.string($0) }
            guard names.count == members.count else {
                malformed("an entry of '\(tag)' is not a list of property names", label)
                continue
            }
            guard !names.isEmpty else { continue }
            elements.append(
                ContentsElement(
                    namesOf.1, [], label: label,
                    children: names.map {
                        ContentsElement(namesOf.2, [("value", $0)], label: label)
                    }))
        }
        return elements.isEmpty ? [] : [ContentsElement(namesOf.0, [], label: label, children: elements)]
    }

    /// The parent entity from the entity's generalization (§4.2); a generalization without `_general` is none.
    mutating func parentName(_ uid: Int, label: String) -> String? {
        guard let bucket = archive.object("XDBucketForGeneralizationsstorage", of: uid),
            let generalizations = archive.members(of: bucket)
        else { return nil }
        let parents = generalizations.compactMap { value -> Int? in
            guard case .object(let generalization)? = value else { return nil }
            return archive.object("_general", of: generalization)
        }
        guard let parent = parents.first else { return nil }
        if parents.count > 1 {
            malformed("the entity has \(parents.count) parent entities; Core Data allows one", label)
        }
        guard archive.className(of: parent) == "XDPMEntity", let name = archive.string("_name", of: parent) else {
            malformed("the entity's parent is not an entity", label)
            return nil
        }
        return name
    }

    /// `elementID` (the renaming identifier) and `versionHashModifier`: always nil in the files seen (§4.2, §4.3).
    mutating func renamingSettings(
        _ tags: [String: XDArchive.Value?], elementID: String, modifier: String,
        label: String
    ) -> [(String, String)] {
        var settings: [(String, String)] = []
        for (tag, attribute) in [(elementID, "elementID"), (modifier, "versionHashModifier")] {
            guard let value = archive.string(tags[tag] ?? nil), !value.isEmpty else { continue }
            settings.append((attribute, value))
            report(
                .warning, .xcode3UnverifiedSetting,
                "'\(tag)' is set ('\(value)'); no Apple-compiled Xcode 3 model shows one, so it is read as `\(attribute)`",
                label)
        }
        return settings
    }

    mutating func attribute(_ uid: Int, name: String, label: String) -> [ContentsElement] {
        let tags = tags(of: uid, label: label, stereotypes: XDTags.attributeStereotypes, known: XDTags.attribute)
        func tag(_ name: String) -> XDArchive.Value? { tags[name] ?? nil }
        var attributes: [(String, String)] = [("name", name)]
        attributes += optionalAndTransient(tags)
        let code = archive.integer(tag("XD_PAttK_attributeType")) ?? 0
        if code != 0 {
            guard let type = XDTags.attributeTypes[code] else {
                report(.error, .unknownAttributeType, "attribute '\(name)' has unknown type code \(code)", label)
                return []
            }
            attributes.append(("attributeType", type))
        }
        attributes += flags(tags, [("XD_PAttK_allowsExternalBinaryDataStorage", "allowsExternalBinaryDataStorage")])
        for (key, attribute) in [("XD_PAttK_valueTransformerName", "valueTransformerName")] {
            if let value = archive.string(tag(key)) { attributes.append((attribute, value)) }
        }
        attributes += flags(
            tags,
            [
                ("XD_PPSK_isSpotlightIndexed", "spotlightIndexingEnabled"),
                ("XD_PPSK_isStoredInTruthFile", "storedInTruthFile"),
            ])
        for (key, attribute) in [
            ("XD_PAttK_minValueString", "minValueString"), ("XD_PAttK_maxValueString", "maxValueString"),
            ("XD_PAttK_regularExpressionString", "regularExpressionString"),
            ("XD_PAttK_defaultValueAsString", "defaultValueString"),
        ] {
            if let value = archive.string(tag(key)) { attributes.append((attribute, value)) }
        }
        if code == 900, let text = archive.string(tag("XD_PAttK_defaultValueAsString")) {
            report(
                .warning, .xcode3UnverifiedSetting,
                "the Date default '\(text)' is stored as text; what momc compiles it to is not known, "
                    + "so the attribute gets no default", label)
        }
        attributes += flags(tags, [("XD_PPSK_isIndexed", "indexed")])
        attributes += renamingSettings(
            tags, elementID: "XD_PPSK_elementID", modifier: "XD_PPSK_versionHashModifier",
            label: label)
        attributes.append(("syncable", "YES"))
        return [
            ContentsElement(
                "attribute", attributes, label: label,
                children: userInfo(tag("XD_PPSK_userInfo"), label: label))
        ]
    }

    mutating func relationship(_ uid: Int, name: String, label: String) -> [ContentsElement] {
        let tags = tags(of: uid, label: label, stereotypes: XDTags.relationshipStereotypes, known: XDTags.relationship)
        func tag(_ name: String) -> XDArchive.Value? { tags[name] ?? nil }
        var attributes: [(String, String)] = [("name", name)]
        attributes += optionalAndTransient(tags)
        let toMany = archive.bool(tag("XD_PRK_isToMany")) ?? false
        if toMany { attributes.append(("toMany", "YES")) }
        // Counts as stored: optional to-one relationships keep minCount 1 (§6.4), and it is hashed.
        let minCount = archive.integer(tag("XD_PRK_minCount")) ?? 0,
            maxCount = archive.integer(tag("XD_PRK_maxCount")) ?? 0
        if minCount != 0 { attributes.append(("minCount", String(minCount))) }
        if !toMany {
            attributes.append(("maxCount", "1"))
        } else if maxCount != 0 {
            attributes.append(("maxCount", String(maxCount)))
        }
        let rule = archive.integer(tag("XD_PRK_deleteRule")) ?? 1
        guard let deletionRule = XDTags.deletionRules[rule] else {
            report(.error, .invalidEnumValue, "relationship '\(name)' has unknown delete rule code \(rule)", label)
            return []
        }
        attributes.append(("deletionRule", deletionRule))
        attributes += flags(tags, [("XD_PRK_ordered", "ordered")])
        guard case .object(let destination)? = tag("XD_PRK_destination"),
            archive.className(of: destination) == "XDPMEntity",
            let destinationName = archive.string("_name", of: destination)
        else {
            report(
                .error, .destinationEntityNotFound,
                "relationship '\(name)' has no destination entity (or it is not an entity)", label)
            return []
        }
        attributes.append(("destinationEntity", destinationName))
        if let value = tag("XD_PRK_inverseRelationship") {
            guard case .object(let inverse) = value, archive.className(of: inverse) == "XDPMRelationship",
                let inverseName = archive.string("_name", of: inverse),
                let owner = archive.object("_owner", of: inverse), let ownerName = archive.string("_name", of: owner)
            else {
                report(.error, .inverseNotFound, "the inverse of relationship '\(name)' is not a relationship", label)
                return []
            }
            attributes += [("inverseName", inverseName), ("inverseEntity", ownerName)]
        }
        attributes += renamingSettings(
            tags, elementID: "XD_PPSK_elementID", modifier: "XD_PPSK_versionHashModifier",
            label: label)
        // Xcode's conversion keeps `indexed` on relationships; momc archived nothing of it (§6.3), nor does openmomc.
        attributes += flags(tags, [("XD_PPSK_isIndexed", "indexed")])
        for tag in ["XD_PPSK_isSpotlightIndexed", "XD_PPSK_isStoredInTruthFile"]
        where archive.bool(tags[tag] ?? nil) == true {
            report(.warning, .xcode3UnverifiedSetting, "'\(tag)' on a relationship is not read", label)
        }
        attributes.append(("syncable", "YES"))
        return [
            ContentsElement(
                "relationship", attributes, label: label,
                children: userInfo(tag("XD_PPSK_userInfo"), label: label))
        ]
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let xcode3ArchiveMalformed: DiagnosticCode = "xcode3-archive-malformed"
    static let xcode3UnknownTag: DiagnosticCode = "xcode3-unknown-tag"
    static let xcode3UnverifiedSetting: DiagnosticCode = "xcode3-unverified-setting"
}
