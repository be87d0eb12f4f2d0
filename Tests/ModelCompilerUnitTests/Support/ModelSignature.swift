@testable import ModelCompiler

/// The facts of a model that its compiled archive keeps, one line each, in a fixed order: the measure
/// of the compile/read round trip. Source-only settings (code generation, scalar types) are left out,
/// and values are compared the way the archive stores them (a default as its archived object).
enum ModelSignature {
    static func lines(_ model: ManagedObjectModel) -> [String] {
        var lines = ["versionIdentifier \(model.metadata.versionIdentifier ?? "")"]
        let entities = model.entitiesByName
        for entity in entities.values.sorted(by: { $0.name < $1.name }) {
            let className = entity.className.flatMap { $0.isEmpty || $0 == "NSManagedObject" ? nil : $0 }
            lines.append(
                "entity \(entity.name) class=\(className ?? "-") parent=\(entity.parentName ?? "-") "
                    + "abstract=\(entity.isAbstract) vhm=\(nonEmpty(entity.versionHashModifier)) renaming=\(entity.effectiveRenamingIdentifier)"
            )
            lines += userInfo(entity.userInfo, "  ")
            for attribute in firstByName(entity.attributes, \.name) {
                let type = attribute.type ?? .undefined
                let derived = attribute.derivationExpression?.value.map(PredicateFormat.string(for:)) ?? "-"
                let transformer =
                    attribute.valueTransformerName.map { GraphBuilder.transformerConstants[$0] ?? $0 } ?? "-"
                lines.append(
                    "  attribute \(attribute.name) \(type.rawValue) optional=\(attribute.isOptional) "
                        + "transient=\(attribute.isTransient) derived=\(attribute.isDerived ? derived : "-") "
                        + "default=\(render(defaultValue(of: attribute))) transformer=\(transformer) "
                        + "class=\(type == .transformable ? attribute.customClassName ?? "-" : "-") "
                        + "external=\(attribute.allowsExternalBinaryDataStorage) preserve=\(attribute.preservesValueInHistoryOnDeletion) "
                        + "spotlight=\(attribute.isIndexedBySpotlight) truth=\(attribute.isStoredInTruthFile) "
                        + "encrypted=\(attribute.allowsCloudEncryption) indexed=\(attribute.isIndexed) "
                        + "renaming=\(attribute.effectiveRenamingIdentifier) vhm=\(nonEmpty(attribute.versionHashModifier)) "
                        + "range=\(ValidationArchiver.rules(for: attribute).map { PredicateFormat.string(for: $0.predicate) + " \($0.warning)" })"
                )
                lines += userInfo(attribute.userInfo, "    ")
            }
            for relationship in firstByName(entity.relationships, \.name) {
                lines.append(
                    "  relationship \(relationship.name) -> \(relationship.destinationEntityName ?? "-") "
                        + "inverse=\(resolvedInverse(relationship, entities) ?? "-") optional=\(relationship.isOptional) "
                        + "transient=\(relationship.isTransient) ordered=\(relationship.isOrdered) "
                        + "count=\(relationship.minCount)...\(relationship.maxCount) delete=\(relationship.deleteRule.rawValue) "
                        + "renaming=\(relationship.effectiveRenamingIdentifier) vhm=\(nonEmpty(relationship.versionHashModifier))"
                )
                lines += userInfo(relationship.userInfo, "    ")
            }
            for fetched in firstByName(entity.fetchedProperties, \.name) {
                lines.append(
                    "  fetched \(fetched.name) optional=\(fetched.isOptional) "
                        + (fetched.fetchRequest.map(request) ?? "-"))
                lines += userInfo(fetched.userInfo, "    ")
            }
            for constraint in entity.uniquenessConstraints {
                lines.append("  unique " + constraint.members.map(\.value).joined(separator: ","))
            }
            for index in entity.fetchIndexes {
                lines.append(
                    "  index \(index.name) "
                        + index.elements.map {
                            "\($0.property ?? $0.expression ?? "")/\($0.kind.rawValue)/\($0.isAscending ? "asc" : "desc")"
                        }.joined(separator: ","))
            }
            for index in entity.compoundIndexes {
                lines.append("  compoundIndex " + index.members.map(\.value).joined(separator: ","))
            }
        }
        for fetchRequest in firstByName(model.fetchRequests, \.name) {
            lines.append("template \(fetchRequest.name) " + request(fetchRequest))
        }
        for configuration in firstByName(model.configurations, \.name) {
            let members = configuration.members.map(\.entityName).filter { entities[$0] != nil }.sorted()
            lines.append("configuration \(configuration.name) " + members.joined(separator: ","))
        }
        return lines
    }

    private static func request(_ request: FetchRequest) -> String {
        let predicate = request.predicate?.value.map(PredicateFormat.string(for:))
        return "entity=\(request.entityName ?? "-") predicate=\(predicate ?? "-") result=\(request.resultType ?? 0) "
            + "flags=\(GraphBuilder.fetchRequestFlags(request)) limit=\(request.fetchLimit ?? 0) batch=\(request.fetchBatchSize ?? 0)"
    }

    private static func resolvedInverse(_ relationship: Relationship, _ entities: [String: Entity]) -> String? {
        guard let inverse = relationship.inverseName,
            let destination = relationship.destinationEntityName.flatMap({ entities[$0] })
        else { return nil }
        return destination.lineage(in: entities).contains { $0.relationships.contains { $0.name == inverse } }
            ? inverse : nil
    }

    private static func firstByName<T>(_ items: [T], _ name: (T) -> String) -> [T] {
        var seen: Set<String> = []
        return items.filter { seen.insert(name($0)).inserted }.sorted { name($0) < name($1) }
    }

    private static func userInfo(_ info: UserInfo, _ indent: String) -> [String] {
        info.dictionary.sorted { $0.key < $1.key }.map { "\(indent)userInfo \($0.key)=\($0.value)" }
    }

    private static func nonEmpty(_ text: String?) -> String { text.flatMap { $0.isEmpty ? nil : $0 } ?? "-" }

    static func defaultValue(of attribute: Attribute) -> ArchiveValue {
        var graph = ArchiveGraph()
        let value = DefaultValueEncoder.value(for: attribute, in: &graph)
        return graph.handBuilt(value)
    }

    static func render(_ value: ArchiveValue) -> String {
        switch value {
        case .null: return "nil"
        case .string(let text): return "string(\(text))"
        case .int(let number): return "int(\(number))"
        case .real(let number): return "real(\(number))"
        case .float(let number): return "float(\(number))"
        case .bool(let flag): return "bool(\(flag))"
        case .data(let bytes): return "data(\(bytes))"
        case .node(let node):
            return node.className + "{"
                + node.fields.map { key, field in
                    switch field {
                    case .int(let number): return "\(key)=\(number)"
                    case .bool(let flag): return "\(key)=\(flag)"
                    case .real(let number): return "\(key)=\(number)"
                    case .data(let bytes): return "\(key)=\(bytes)"
                    case .object(let inner): return "\(key)=\(render(inner))"
                    case .objects(let inner): return "\(key)=[\(inner.map(render).joined(separator: ","))]"
                    }
                }.joined(separator: ",") + "}"
        }
    }
}
