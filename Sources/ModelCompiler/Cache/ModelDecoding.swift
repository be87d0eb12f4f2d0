/// Reads what `ModelEncoding` wrote, with every element's position pointing into `file` (the version's exact bytes,
/// which the compile cache checked). Predicates and derivation expressions are parsed again from their text, as
/// typing does. Nil for anything damaged: the cache then types the version from its XML.
enum ModelDecoding {
    static func decode(_ bytes: [UInt8], file: SourceFile) -> ManagedObjectModel? {
        var decoder = Decoder(input: ByteReader(bytes), file: file)
        guard let model = decoder.model(), decoder.input.isAtEnd else { return nil }
        return model
    }

    private struct Decoder {
        static let attributeTypes = AttributeType.allCases
        var input: ByteReader
        let file: SourceFile
        var path = ""

        mutating func model() -> ManagedObjectModel? {
            guard let name = input.string(), let path = input.string() else { return nil }
            self.path = path
            // The model's own place is in its file: `ModelEncoding` codes no other model, so none is read back.
            guard let span = span(), case .file = span.storage else { return nil }
            var model = ManagedObjectModel(versionName: name, file: path, span: span)
            var texts: [String?] = []
            for _ in 0..<6 {
                guard let text = input.optionalString() else { return nil }
                texts.append(text)
            }
            (
                model.metadata.documentVersion, model.metadata.lastSavedToolsVersion, model.metadata.systemVersion,
                model.metadata.minimumToolsVersion, model.metadata.sourceLanguage, model.metadata.versionIdentifier
            ) = (texts[0], texts[1], texts[2], texts[3], texts[4], texts[5])
            guard let swiftData = input.flag(), let cloudKit = input.flag(),
                let entities = list({ $0.entity() }),
                let composites = list({ this -> Composite? in
                    guard let name = this.input.string(), let span = this.span(),
                        let attributes = this.list({ $0.attribute() })
                    else { return nil }
                    return Composite(name: name, attributes: attributes, span: span)
                }),
                let requests = list({ $0.fetchRequest() }),
                let configurations = list({ this -> Configuration? in
                    guard let name = this.input.string(), let span = this.span(), let cloudKit = this.input.flag(),
                        let members = this.list({ member -> Configuration.Member? in
                            guard let entity = member.input.string(), let at = member.location() else { return nil }
                            return Configuration.Member(entityName: entity, location: at)
                        })
                    else { return nil }
                    return Configuration(name: name, members: members, usedWithCloudKit: cloudKit, span: span)
                })
            else { return nil }
            model.metadata.usedWithSwiftData = swiftData
            model.metadata.usedWithCloudKit = cloudKit
            model.entities = entities
            model.composites = composites
            model.fetchRequests = requests
            model.configurations = configurations
            return model
        }

        /// A count, then that many elements.
        mutating func list<Element>(_ read: (inout Decoder) -> Element?) -> [Element]? {
            guard let count = input.count() else { return nil }
            var values: [Element] = []
            values.reserveCapacity(count)
            for _ in 0..<count {
                guard let value = read(&self) else { return nil }
                values.append(value)
            }
            return values
        }

        mutating func entity() -> Entity? {
            guard let name = input.string(), let span = span(), let className = input.optionalString(),
                let parentName = input.optionalString(), let isAbstract = input.flag(),
                let modifier = input.optionalString(), let identifier = renamingIdentifier(),
                let generation = input.string().flatMap(Entity.CodeGeneration.init(rawValue:)),
                let attributes = list({ $0.attribute() }),
                let relationships = list({ $0.relationship() }),
                let fetched = list({ $0.fetchedProperty() }),
                let fetchIndexes = list({ $0.fetchIndex() }),
                let compound = list({
                    $0.members().map { CompoundIndex(members: $0.members, location: $0.location) }
                }),
                let constraints = list({
                    $0.members().map { UniquenessConstraint(members: $0.members, location: $0.location) }
                }),
                let info = userInfo()
            else { return nil }
            var entity = Entity(name: name, span: span)
            entity.className = className
            entity.parentName = parentName
            entity.isAbstract = isAbstract
            entity.versionHashModifier = modifier
            entity.renamingIdentifier = identifier
            entity.codeGeneration = generation
            entity.attributes = attributes
            entity.relationships = relationships
            entity.fetchedProperties = fetched
            entity.fetchIndexes = fetchIndexes
            entity.compoundIndexes = compound
            entity.uniquenessConstraints = constraints
            entity.userInfo = info
            return entity
        }

        mutating func attribute() -> Attribute? {
            guard let name = input.string(), let span = span(), let code = input.unsigned(),
                code <= UInt64(Self.attributeTypes.count),
                let defaultValue = input.optionalString(), let scalar = input.optionalFlag()
            else { return nil }
            var attribute = Attribute(name: name, span: span)
            if code > 0 { attribute.type = Self.attributeTypes[Int(code) - 1] }
            attribute.defaultValue = defaultValue
            attribute.usesScalarValueType = scalar
            // Read straight into the attribute: a temporary list per attribute was most of the cost.
            guard let isOptional = input.flag(), let isTransient = input.flag(), let isIndexed = input.flag(),
                let isIndexedBySpotlight = input.flag(), let isStoredInTruthFile = input.flag(),
                let allowsExternalStorage = input.flag(), let preservesValue = input.flag(),
                let allowsCloudEncryption = input.flag(), let isDerived = input.flag()
            else { return nil }
            attribute.isOptional = isOptional
            attribute.isTransient = isTransient
            attribute.isIndexed = isIndexed
            attribute.isIndexedBySpotlight = isIndexedBySpotlight
            attribute.isStoredInTruthFile = isStoredInTruthFile
            attribute.allowsExternalBinaryDataStorage = allowsExternalStorage
            attribute.preservesValueInHistoryOnDeletion = preservesValue
            attribute.allowsCloudEncryption = allowsCloudEncryption
            attribute.isDerived = isDerived
            guard let hasRare = input.flag() else { return nil }
            guard hasRare else { return attribute }
            var rare: [String?] = []
            for _ in 0..<11 {
                guard let text = input.optionalString() else { return nil }
                rare.append(text)
            }
            guard let identifier = renamingIdentifier(), let info = userInfo() else { return nil }
            (
                attribute.defaultDateTimeInterval, attribute.minValue, attribute.maxValue,
                attribute.minDateTimeInterval,
                attribute.maxDateTimeInterval, attribute.valueTransformerName, attribute.customClassName
            ) = (rare[0], rare[1], rare[2], rare[3], rare[4], rare[5], rare[6])
            attribute.derivationExpression = rare[7].map { ExpressionText($0, parsedBy: ExpressionParser.parse) }
            attribute.compositeName = rare[8]
            attribute.versionHashModifier = rare[9]
            attribute.regularExpression = rare[10]
            attribute.renamingIdentifier = identifier
            attribute.userInfo = info
            return attribute
        }

        mutating func relationship() -> Relationship? {
            guard let name = input.string(), let span = span(), let destination = input.optionalString(),
                let inverse = input.optionalString(), let inverseEntity = input.optionalString()
            else { return nil }
            guard let isOptional = input.flag(), let isToMany = input.flag(), let isOrdered = input.flag(),
                let isTransient = input.flag(), let isIndexed = input.flag()
            else { return nil }
            guard let minCount = input.optionalInteger(), let maxCount = input.optionalInteger(),
                let rule = input.optionalString(), let identifier = renamingIdentifier(),
                let modifier = input.optionalString(), let info = userInfo()
            else { return nil }
            var relationship = Relationship(name: name, span: span)
            relationship.destinationEntityName = destination
            relationship.inverseName = inverse
            relationship.inverseEntityName = inverseEntity
            relationship.isOptional = isOptional
            relationship.isToMany = isToMany
            relationship.isOrdered = isOrdered
            relationship.isTransient = isTransient
            relationship.isIndexed = isIndexed
            relationship.minCountValue = minCount
            relationship.maxCountValue = maxCount
            if let rule {
                guard let deleteRule = Relationship.DeleteRule(rawValue: rule) else { return nil }
                relationship.deleteRuleValue = deleteRule
            }
            relationship.renamingIdentifier = identifier
            relationship.versionHashModifier = modifier
            relationship.userInfo = info
            return relationship
        }

        mutating func fetchedProperty() -> FetchedProperty? {
            guard let name = input.string(), let span = span(), let isOptional = input.flag(),
                let hasRequest = input.flag()
            else { return nil }
            var fetched = FetchedProperty(name: name, span: span)
            fetched.isOptional = isOptional
            if hasRequest {
                guard let request = fetchRequest() else { return nil }
                fetched.fetchRequest = request
            }
            guard let info = userInfo() else { return nil }
            fetched.userInfo = info
            return fetched
        }

        mutating func fetchRequest() -> FetchRequest? {
            guard let name = input.string(), let span = span(), let entity = input.optionalString(),
                let predicate = input.optionalString(), let resultType = input.optionalInteger()
            else { return nil }
            var flags: [Bool?] = []
            for _ in 0..<5 {
                guard let flag = input.optionalFlag() else { return nil }
                flags.append(flag)
            }
            guard let limit = input.optionalInteger(), let batchSize = input.optionalInteger() else { return nil }
            var request = FetchRequest(name: name, span: span)
            request.entityName = entity
            request.predicate = predicate.map { PredicateText($0, parsedBy: PredicateParser.parse) }
            request.resultType = resultType
            (
                request.includesSubentities, request.includesPropertyValues, request.includesPendingChanges,
                request.returnsObjectsAsFaults, request.returnsDistinctResults
            ) = (flags[0], flags[1], flags[2], flags[3], flags[4])
            request.fetchLimit = limit
            request.fetchBatchSize = batchSize
            return request
        }

        mutating func fetchIndex() -> FetchIndex? {
            guard let name = input.string(), let span = span(),
                let elements = list({ this -> FetchIndex.Element? in
                    guard let property = this.input.optionalString(), let expression = this.input.optionalString(),
                        let expressionType = this.input.optionalString(),
                        let kind = this.input.string().flatMap(FetchIndex.Element.Kind.init(rawValue:)),
                        let ascending = this.input.flag(), let span = this.span()
                    else { return nil }
                    return FetchIndex.Element(
                        property: property, expression: expression,
                        expressionType: expressionType, kind: kind, isAscending: ascending,
                        span: span)
                })
            else { return nil }
            return FetchIndex(name: name, elements: elements, span: span)
        }

        mutating func members() -> (members: [UniquenessConstraint.Member], location: SourceLocation)? {
            guard let at = location(),
                let members = list({ this -> UniquenessConstraint.Member? in
                    guard let value = this.input.string(), let at = this.location() else { return nil }
                    return UniquenessConstraint.Member(value: value, location: at)
                })
            else { return nil }
            return (members, at)
        }

        /// `.some(nil)` when there is none.
        mutating func renamingIdentifier() -> RenamingIdentifier?? {
            guard let present = input.flag() else { return nil }
            guard present else { return .some(nil) }
            guard let value = input.string(),
                let spelling = input.string().flatMap(RenamingIdentifier.Spelling.init(rawValue:)),
                let span = span()
            else { return nil }
            return .some(RenamingIdentifier(value: value, spelling: spelling, span: span))
        }

        mutating func userInfo() -> UserInfo? {
            list { this -> UserInfo.Entry? in
                guard let key = this.input.string(), let value = this.input.string(), let at = this.location() else {
                    return nil
                }
                return UserInfo.Entry(key: key, value: value, location: at)
            }.map(UserInfo.init(entries:))
        }

        mutating func span() -> SourceSpan? {
            guard let fixed = input.flag() else { return nil }
            guard fixed else {
                // A place outside the file (or an archive's label) is damage: typing XML makes neither.
                guard let offset = input.integer(), offset >= -1, offset < file.bytes.count,
                    let line = input.integer(), let column = input.integer()
                else { return nil }
                return SourceSpan(file: file, position: SourcePosition(offset: offset, line: line, column: column))
            }
            guard let element = location(), let count = input.count() else { return nil }
            var settings: [String: SourceLocation] = [:]
            for _ in 0..<count {
                guard let name = input.string(), let at = location() else { return nil }
                settings[name] = at
            }
            return SourceSpan(element: element, settings: settings)
        }

        mutating func location() -> SourceLocation? {
            guard let elsewhere = input.flag() else { return nil }
            let file = elsewhere ? input.string() : path
            guard let file, let line = input.integer(), let column = input.integer(),
                let element = input.optionalString()
            else { return nil }
            return SourceLocation(file: file, line: line, column: column, element: element)
        }
    }
}
