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

        /// A count, then each element (what `ModelDecoding`'s `list` reads).
        mutating func list<Element>(_ elements: [Element], _ write: (inout Encoder, Element) -> Void) {
            out.count(elements.count)
            for element in elements { write(&self, element) }
        }

        mutating func model(_ model: ManagedObjectModel) {
            out.string(model.versionName)
            out.string(model.file)
            span(model.span)
            let metadata = model.metadata
            for text in [
                metadata.documentVersion, metadata.lastSavedToolsVersion, metadata.systemVersion,
                metadata.minimumToolsVersion, metadata.sourceLanguage, metadata.versionIdentifier,
            ] {
                out.optionalString(text)
            }
            out.flag(metadata.usedWithSwiftData)
            out.flag(metadata.usedWithCloudKit)
            list(model.entities) { $0.entity($1) }
            list(model.composites) { this, composite in
                this.out.string(composite.name)
                this.span(composite.span)
                this.list(composite.attributes) { $0.attribute($1) }
            }
            list(model.fetchRequests) { $0.fetchRequest($1) }
            list(model.configurations) { this, configuration in
                this.out.string(configuration.name)
                this.span(configuration.span)
                this.out.flag(configuration.usedWithCloudKit)
                this.list(configuration.members) { this, member in
                    this.out.string(member.entityName)
                    this.location(member.location)
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
            list(entity.attributes) { $0.attribute($1) }
            list(entity.relationships) { $0.relationship($1) }
            list(entity.fetchedProperties) { this, fetched in
                this.out.string(fetched.name)
                this.span(fetched.span)
                this.out.flag(fetched.isOptional)
                this.out.flag(fetched.fetchRequest != nil)
                if let request = fetched.fetchRequest { this.fetchRequest(request) }
                this.userInfo(fetched.userInfo)
            }
            list(entity.fetchIndexes) { this, index in
                this.out.string(index.name)
                this.span(index.span)
                this.list(index.elements) { this, element in
                    this.out.optionalString(element.property)
                    this.out.optionalString(element.expression)
                    this.out.optionalString(element.expressionType)
                    this.out.string(element.kind.rawValue)
                    this.out.flag(element.isAscending)
                    this.span(element.span)
                }
            }
            list(entity.compoundIndexes) { $0.members($1.members, $1.location) }
            list(entity.uniquenessConstraints) { $0.members($1.members, $1.location) }
            userInfo(entity.userInfo)
        }

        mutating func attribute(_ attribute: Attribute) {
            out.string(attribute.name)
            span(attribute.span)
            // By its place among the types (0 for none): a name per attribute cost most of reading one back.
            out.count(attribute.type.flatMap { AttributeType.allCases.firstIndex(of: $0) }.map { $0 + 1 } ?? 0)
            out.optionalString(attribute.defaultValue)
            out.optionalFlag(attribute.usesScalarValueType)
            for flag in [
                attribute.isOptional, attribute.isTransient, attribute.isIndexed,
                attribute.isIndexedBySpotlight, attribute.isStoredInTruthFile,
                attribute.allowsExternalBinaryDataStorage, attribute.preservesValueInHistoryOnDeletion,
                attribute.allowsCloudEncryption, attribute.isDerived,
            ] {
                out.flag(flag)
            }
            // The settings few attributes have, each read only when one of them is set.
            let rare = [
                attribute.defaultDateTimeInterval, attribute.minValue, attribute.maxValue,
                attribute.minDateTimeInterval, attribute.maxDateTimeInterval, attribute.valueTransformerName,
                attribute.customClassName, attribute.derivationExpression?.text, attribute.compositeName,
                attribute.versionHashModifier, attribute.regularExpression,
            ]
            let hasRare =
                rare.contains { $0 != nil } || attribute.renamingIdentifier != nil
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
            for flag in [
                relationship.isOptional, relationship.isToMany, relationship.isOrdered,
                relationship.isTransient, relationship.isIndexed,
            ] {
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
            for flag in [
                request.includesSubentities, request.includesPropertyValues, request.includesPendingChanges,
                request.returnsObjectsAsFaults, request.returnsDistinctResults,
            ] {
                out.optionalFlag(flag)
            }
            out.optionalInteger(request.fetchLimit)
            out.optionalInteger(request.fetchBatchSize)
        }

        mutating func members(_ members: [UniquenessConstraint.Member], _ at: SourceLocation) {
            location(at)
            list(members) { this, member in
                this.out.string(member.value)
                this.location(member.location)
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
            list(info.entries) { this, entry in
                this.out.string(entry.key)
                this.out.string(entry.value)
                this.location(entry.location)
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
