/// A renaming ID that matches no entity or property of any earlier version maps nothing: Core Data finds no old
/// element to carry over (`renaming-identifier-unknown`).
///
/// Few renaming IDs differ from their element's name. When there are few such values, each is looked for in the
/// versions in order, by comparing names; only a history with many looks its names up in tables of every name (each
/// name hashed: on a long history, that was most of this check). Both give the same answer. Names are read in place.
enum UnknownRenamingIdentifiers {
    /// Distinct identifiers up to which each is looked for by comparing names: past it, every name goes in a table.
    static let scanLimit = 32

    static func check(_ models: [ManagedObjectModel], scanLimit: Int = scanLimit) -> [Diagnostic] {
        let asked = askedValues(models)
        guard !asked.entities.isEmpty || !asked.properties.isEmpty else { return [] }
        var earlier =
            asked.entities.count + asked.properties.count <= scanLimit
            ? EarlierNames(scanning: models) : EarlierNames(indexing: models)
        var diagnostics: [Diagnostic] = []
        for (index, model) in models.enumerated() where index > 0 {
            for entity in model.entities {
                if let identifier = entity.renamingIdentifier, identifier.value != entity.name,
                    !earlier.hasEntity(identifier.value, before: index)
                {
                    diagnostics.append(unknown(identifier, "entity '\(entity.name)'", model.versionName))
                }
                func check(_ property: RenamingIdentifier?) {
                    if let identifier = property, !entity.propertyNames.contains(identifier.value),
                        !earlier.hasProperty(identifier.value, before: index)
                    {
                        diagnostics.append(unknown(identifier, "a property of '\(entity.name)'", model.versionName))
                    }
                }
                for position in entity.attributes.indices { check(entity.attributes[position].renamingIdentifier) }
                for position in entity.relationships.indices {
                    check(entity.relationships[position].renamingIdentifier)
                }
            }
        }
        return diagnostics
    }

    /// The identifiers that differ from their element's name, after the first version: the only ones asked about.
    private static func askedValues(
        _ models: [ManagedObjectModel]
    )
        -> (entities: Set<String>, properties: Set<String>)
    {
        var entities: Set<String> = [], properties: Set<String> = []
        for model in models.dropFirst() {
            for entity in model.entities {
                if let identifier = entity.renamingIdentifier?.value, identifier != entity.name {
                    entities.insert(identifier)
                }
                for position in entity.attributes.indices {
                    if let identifier = entity.attributes[position].renamingIdentifier?.value,
                        identifier != entity.attributes[position].name
                    {
                        properties.insert(identifier)
                    }
                }
                for position in entity.relationships.indices {
                    if let identifier = entity.relationships[position].renamingIdentifier?.value,
                        identifier != entity.relationships[position].name
                    {
                        properties.insert(identifier)
                    }
                }
            }
        }
        return (entities, properties)
    }

    private static func unknown(_ identifier: RenamingIdentifier, _ owner: String, _ version: String) -> Diagnostic {
        .warning(
            .renamingIdentifierUnknown,
            "the renaming ID '\(identifier.value)' of \(owner) in '\(version)' names "
                + "nothing in any earlier version, so it maps no data", at: identifier.location)
    }
}

/// The first version in which each entity or property name (or renaming ID) appears: asked of a name, found by
/// going through the versions in order (`scanning`), or read from tables of every name made in one pass
/// (`indexing`).
private struct EarlierNames {
    let models: [ManagedObjectModel]
    var entityFirst: [String: Int] = [:], propertyFirst: [String: Int] = [:]
    let isIndexed: Bool

    init(scanning models: [ManagedObjectModel]) {
        self.models = models
        isIndexed = false
    }

    init(indexing models: [ManagedObjectModel]) {
        self.models = models
        isIndexed = true
        for (index, model) in models.enumerated() {
            for entity in model.entities {
                record(entity.name, index, in: &entityFirst)
                if let identifier = entity.renamingIdentifier?.value { record(identifier, index, in: &entityFirst) }
                for position in entity.attributes.indices {
                    record(entity.attributes[position].name, index, in: &propertyFirst)
                    if let identifier = entity.attributes[position].renamingIdentifier?.value {
                        record(identifier, index, in: &propertyFirst)
                    }
                }
                for position in entity.relationships.indices {
                    record(entity.relationships[position].name, index, in: &propertyFirst)
                    if let identifier = entity.relationships[position].renamingIdentifier?.value {
                        record(identifier, index, in: &propertyFirst)
                    }
                }
                // A fetched property's identifier is its name.
                for position in entity.fetchedProperties.indices {
                    record(entity.fetchedProperties[position].name, index, in: &propertyFirst)
                }
            }
        }
    }

    private func record(_ name: String, _ index: Int, in table: inout [String: Int]) {
        if table[name] == nil { table[name] = index }
    }

    mutating func hasEntity(_ name: String, before index: Int) -> Bool {
        if let first = entityFirst[name] { return first < index }
        guard !isIndexed else { return false }
        let first =
            models.firstIndex { model in
                model.entities.contains { $0.name == name || $0.renamingIdentifier?.value == name }
            } ?? models.count
        entityFirst[name] = first
        return first < index
    }

    mutating func hasProperty(_ name: String, before index: Int) -> Bool {
        if let first = propertyFirst[name] { return first < index }
        guard !isIndexed else { return false }
        let first =
            models.firstIndex { model in
                model.entities.contains { entity in
                    entity.attributes.contains { $0.name == name || $0.renamingIdentifier?.value == name }
                        || entity.relationships.contains { $0.name == name || $0.renamingIdentifier?.value == name }
                        || entity.fetchedProperties.contains { $0.name == name }
                }
            } ?? models.count
        propertyFirst[name] = first
        return first < index
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let renamingIdentifierUnknown: DiagnosticCode = "renaming-identifier-unknown"
}
