/// The rest of an Xcode 3 binary version: fetched properties, fetch request templates, configurations and
/// userInfo, and the flags several kinds of property share.
extension Xcode3ModelReader {
    /// Seen once (§4.6): the request is named `fetchedPropertyFetchRequest`; a missing `isOptional` is YES.
    mutating func fetchedProperty(_ uid: Int, name: String, label: String) -> [ContentsElement] {
        let tags = tags(
            of: uid, label: label, stereotypes: XDTags.fetchedPropertyStereotypes, known: XDTags.fetchedProperty)
        var attributes: [(String, String)] = [("name", name)]
        if archive.bool(tags["XD_PPSK_isOptional"] ?? nil) ?? true { attributes.append(("optional", "YES")) }
        var children: [ContentsElement] = []
        if case .object(let request)?? = tags["XD_PFP_fetchRequestKey"],
            let element = fetchRequest(request, name: "fetchedPropertyFetchRequest", label: label)
        {
            children.append(element)
        }
        children += userInfo(tags["XD_PPSK_userInfo"] ?? nil, label: label)
        return [ContentsElement("fetchedProperty", attributes, label: label, children: children)]
    }

    mutating func fetchRequest(_ uid: Int, name: String, label: String) -> ContentsElement? {
        guard archive.className(of: uid) == "XDPMFetchRequest" else {
            malformed("a fetch request is not an XDPMFetchRequest", label)
            return nil
        }
        guard let entity = archive.object("_entity", of: uid), let entityName = archive.string("_name", of: entity)
        else {
            report(.error, .fetchRequestUnknownEntity, "fetch request '\(name)' has no entity", label)
            return nil
        }
        var attributes = [("name", name), ("entity", entityName)]
        if let predicate = archive.string("_predicateString", of: uid) {
            attributes.append(("predicateString", predicate))
        }
        return ContentsElement("fetchRequest", attributes, label: label)
    }

    /// Templates live in each entity's `XD_PSK_fetchRequestsArray`; the XML has them at model level (§4.7).
    mutating func collectTemplates(_ value: XDArchive.Value?, label: String) {
        guard let value, case .object(let array) = value, let requests = archive.members(of: array) else { return }
        for case .object(let request)? in requests {
            let name = archive.string("_name", of: request) ?? ""
            if let element = fetchRequest(request, name: name, label: "\(label).\(name)") { templates.append(element) }
        }
    }

    /// `_configurationsByName` was empty in every file seen; its layout is a guess (§4.1): a collection of entities
    /// or of entity names per configuration.
    mutating func configurations(_ root: Int) -> [ContentsElement] {
        guard let dictionary = archive.object("_configurationsByName", of: root),
            let configurations = archive.entries(of: dictionary), !configurations.isEmpty
        else { return [] }
        report(
            .warning, .xcode3UnverifiedSetting,
            "the model has configurations, whose Xcode 3 layout is not known; read as lists of entities", "model")
        return configurations.sorted { $0.key < $1.key }.map { name, value in
            var members: [String] = []
            if case .object(let collection)? = value {
                for member in archive.members(of: collection) ?? [] {
                    switch member {
                    case .object(let entity)?:
                        if let entityName = archive.string("_name", of: entity) { members.append(entityName) }
                    case .scalar(.string(let entityName))?: members.append(entityName)
                    default: break
                    }
                }
            }
            return ContentsElement(
                "configuration", [("name", name)], label: name,
                children: members.sorted().map { ContentsElement("memberEntity", [("name", $0)], label: name) })
        }
    }

    /// userInfo as `<entry>`s sorted by key, without the Sync Services keys momc drops (§6.1).
    mutating func userInfo(_ value: XDArchive.Value?, label: String) -> [ContentsElement] {
        guard let value, case .object(let dictionary) = value, let entries = archive.entries(of: dictionary) else {
            return []
        }
        var kept: [(String, String)] = []
        for (key, entry) in entries where !key.hasPrefix(XDTags.syncServicesPrefix) {
            guard let text = archive.string(entry) else {
                report(
                    .warning, .xcode3UnverifiedSetting,
                    "userInfo value of '\(key)' is not a string, which a model's XML cannot hold: it is dropped", label)
                continue
            }
            kept.append((key, text))
        }
        guard !kept.isEmpty else { return [] }
        let children = kept.sorted { $0.0 < $1.0 }.map {
            ContentsElement("entry", [("key", $0.0), ("value", $0.1)], label: label)
        }
        return [ContentsElement("userInfo", [], label: label, children: children)]
    }

    /// A missing `isOptional` is YES (§5), as Xcode's properties default to optional.
    func optionalAndTransient(_ tags: [String: XDArchive.Value?]) -> [(String, String)] {
        (archive.bool(tags["XD_PPSK_isOptional"] ?? nil) ?? true ? [("optional", "YES")] : [])
            + flags(tags, [("XD_PPSK_isTransient", "transient")])
    }

    func flags(_ tags: [String: XDArchive.Value?], _ pairs: [(String, String)]) -> [(String, String)] {
        pairs.compactMap { tag, attribute in archive.bool(tags[tag] ?? nil) == true ? (attribute, "YES") : nil }
    }
}
