/// A typed model as bytes, so that the compile cache can give a version that has not changed back without its XML
/// being parsed and typed again (`ModelDecoding` reads it). Every stored value is written, locations included:
/// what comes back equals what was typed (`ModelCodingTests` checks every corpus version), so the migration
/// analysis and the code generator cannot tell a cached model from a fresh one. The element positions point into
/// the version's file, whose exact bytes the cache keeps as its key.
enum ModelEncoding {
    /// Nil for a model that was not typed from one XML file (an Xcode 3 binary version): the cache keeps none.
    static func encode(_ model: ManagedObjectModel) -> [UInt8]? {
        guard case .file(let file, _) = model.span.storage, file.labels.isEmpty else { return nil }
        var encoder = Encoder(file: file, path: model.file)
        encoder.model(model)
        return encoder.failed ? nil : encoder.out.bytes
    }

    private struct Encoder {
        var out = ByteWriter()
        let file: SourceFile
        let path: String
        /// Set when a span points into another file: such a model cannot be given back from one file's bytes.
        var failed = false

        init(file: SourceFile, path: String) {
            self.file = file
            self.path = path
        }

        mutating func model(_ model: ManagedObjectModel) {
            out.string(model.versionName)
            out.string(model.file)
            span(model.span)
            let metadata = model.metadata
            for text in [metadata.documentVersion, metadata.lastSavedToolsVersion, metadata.systemVersion,
                         metadata.minimumToolsVersion, metadata.sourceLanguage, metadata.versionIdentifier] {
                out.optionalString(text)
            }
            out.flag(metadata.usedWithSwiftData)
            out.flag(metadata.usedWithCloudKit)
            out.count(model.entities.count)
            for entity in model.entities { self.entity(entity) }
            out.count(model.composites.count)
            for composite in model.composites {
                out.string(composite.name)
                span(composite.span)
                out.count(composite.attributes.count)
                for attribute in composite.attributes { self.attribute(attribute) }
            }
            out.count(model.fetchRequests.count)
            for request in model.fetchRequests { fetchRequest(request) }
            out.count(model.configurations.count)
            for configuration in model.configurations {
                out.string(configuration.name)
                span(configuration.span)
                out.flag(configuration.usedWithCloudKit)
                out.count(configuration.members.count)
                for member in configuration.members {
                    out.string(member.entityName)
                    location(member.location)
                }
            }
        }

        mutating func entity(_ entity: Entity) {
            out.string(entity.name)
            span(entity.span)
            out.optionalString(entity.className)
            out.optionalString(entity.parentName)
            out.flag(entity.isAbstract)
            out.optionalString(entity.versionHashModifier)
            renamingIdentifier(entity.renamingIdentifier)
            out.string(entity.codeGeneration.rawValue)
            out.count(entity.attributes.count)
            for attribute in entity.attributes { self.attribute(attribute) }
            out.count(entity.relationships.count)
            for relationship in entity.relationships { self.relationship(relationship) }
            out.count(entity.fetchedProperties.count)
            for fetched in entity.fetchedProperties {
                out.string(fetched.name)
                span(fetched.span)
                out.flag(fetched.isOptional)
                out.flag(fetched.fetchRequest != nil)
                if let request = fetched.fetchRequest { fetchRequest(request) }
                userInfo(fetched.userInfo)
            }
            out.count(entity.fetchIndexes.count)
            for index in entity.fetchIndexes {
                out.string(index.name)
                span(index.span)
                out.count(index.elements.count)
                for element in index.elements {
                    out.optionalString(element.property)
                    out.optionalString(element.expression)
                    out.optionalString(element.expressionType)
                    out.string(element.kind.rawValue)
                    out.flag(element.isAscending)
                    span(element.span)
                }
            }
            out.count(entity.compoundIndexes.count)
            for index in entity.compoundIndexes { members(index.members, index.location) }
            out.count(entity.uniquenessConstraints.count)
            for constraint in entity.uniquenessConstraints { members(constraint.members, constraint.location) }
            userInfo(entity.userInfo)
        }

        mutating func attribute(_ attribute: Attribute) {
            out.string(attribute.name)
            span(attribute.span)
            // By its place among the types (0 for none): a name per attribute cost most of reading one back.
            out.count(attribute.type.flatMap { AttributeType.allCases.firstIndex(of: $0) }.map { $0 + 1 } ?? 0)
            out.optionalString(attribute.defaultValue)
            out.optionalFlag(attribute.usesScalarValueType)
            for flag in [attribute.isOptional, attribute.isTransient, attribute.isIndexed,
                         attribute.isIndexedBySpotlight, attribute.isStoredInTruthFile,
                         attribute.allowsExternalBinaryDataStorage, attribute.preservesValueInHistoryOnDeletion,
                         attribute.allowsCloudEncryption, attribute.isDerived] {
                out.flag(flag)
            }
            // The settings few attributes have, each read only when one of them is set.
            let rare = [attribute.defaultDateTimeInterval, attribute.minValue, attribute.maxValue,
                        attribute.minDateTimeInterval, attribute.maxDateTimeInterval, attribute.valueTransformerName,
                        attribute.customClassName, attribute.derivationExpression?.text, attribute.compositeName,
                        attribute.versionHashModifier]
            let hasRare = rare.contains { $0 != nil } || attribute.renamingIdentifier != nil
                || !attribute.userInfo.isEmpty
            out.flag(hasRare)
            guard hasRare else { return }
            for text in rare { out.optionalString(text) }
            renamingIdentifier(attribute.renamingIdentifier)
            userInfo(attribute.userInfo)
        }

        mutating func relationship(_ relationship: Relationship) {
            out.string(relationship.name)
            span(relationship.span)
            out.optionalString(relationship.destinationEntityName)
            out.optionalString(relationship.inverseName)
            out.optionalString(relationship.inverseEntityName)
            for flag in [relationship.isOptional, relationship.isToMany, relationship.isOrdered,
                         relationship.isTransient, relationship.isIndexed] {
                out.flag(flag)
            }
            out.optionalInteger(relationship.minCountValue)
            out.optionalInteger(relationship.maxCountValue)
            out.optionalString(relationship.deleteRuleValue?.rawValue)
            renamingIdentifier(relationship.renamingIdentifier)
            out.optionalString(relationship.versionHashModifier)
            userInfo(relationship.userInfo)
        }

        mutating func fetchRequest(_ request: FetchRequest) {
            out.string(request.name)
            span(request.span)
            out.optionalString(request.entityName)
            out.optionalString(request.predicate?.text)
            out.optionalInteger(request.resultType)
            for flag in [request.includesSubentities, request.includesPropertyValues, request.includesPendingChanges,
                         request.returnsObjectsAsFaults, request.returnsDistinctResults] {
                out.optionalFlag(flag)
            }
            out.optionalInteger(request.fetchLimit)
            out.optionalInteger(request.fetchBatchSize)
        }

        mutating func members(_ members: [UniquenessConstraint.Member], _ at: SourceLocation) {
            location(at)
            out.count(members.count)
            for member in members {
                out.string(member.value)
                location(member.location)
            }
        }

        mutating func renamingIdentifier(_ identifier: RenamingIdentifier?) {
            out.flag(identifier != nil)
            guard let identifier else { return }
            out.string(identifier.value)
            out.string(identifier.spelling.rawValue)
            span(identifier.span)
        }

        mutating func userInfo(_ info: UserInfo) {
            out.count(info.entries.count)
            for entry in info.entries {
                out.string(entry.key)
                out.string(entry.value)
                location(entry.location)
            }
        }

        mutating func span(_ span: SourceSpan) {
            switch span.storage {
            case .file(let spanFile, let position):
                if spanFile !== file { failed = true }
                out.flag(false)
                out.integer(position.offset)
                out.integer(position.line)
                out.integer(position.column)
            case .fixed(let element, let settings):
                out.flag(true)
                location(element)
                out.count(settings.count)
                for (name, at) in settings.sorted(by: { $0.key < $1.key }) {
                    out.string(name)
                    location(at)
                }
            }
        }

        /// Nearly every location is in the version's own file: its path is written once, with the model.
        mutating func location(_ location: SourceLocation) {
            out.flag(location.file != path)
            if location.file != path { out.string(location.file) }
            out.integer(location.line)
            out.integer(location.column)
            out.optionalString(location.element)
        }
    }
}
