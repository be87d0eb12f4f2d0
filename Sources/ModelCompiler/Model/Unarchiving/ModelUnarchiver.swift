/// Reads a compiled `.mom` back into the semantic model, as far as the archive keeps it: what only
/// the source has (code generation, scalar types, diagram layout, source positions) is absent.
enum ModelUnarchiver {
    static func model(from archive: KeyedArchive, versionName: String, file: String) -> ManagedObjectModel? {
        guard archive.className(of: archive.rootUID) == "NSManagedObjectModel" else { return nil }
        return Reader(archive: archive, file: file).model(versionName: versionName)
    }
}

private struct Reader {
    let archive: KeyedArchive
    let file: String
    var span: SourceSpan { SourceSpan(element: SourceLocation(file: file)) }
    var expressions: ExpressionUnarchiver { ExpressionUnarchiver(archive: archive) }

    func bool(_ key: String, _ uid: Int) -> Bool { archive.field(key, of: uid) == .boolean(true) }

    func int(_ key: String, _ uid: Int) -> Int {
        if case .integer(let value)? = archive.field(key, of: uid) { return Int(value) }
        return 0
    }

    /// A dictionary object's entries with string keys. A store's model cache archives dictionaries as
    /// `NSKnownKeysDictionary1`: keys in its `searchMapping`'s `keys` array, values in its `values` array.
    func entries(_ key: String, _ uid: Int) -> [(String, Int)] {
        guard let dictionary = archive.referenced(key, of: uid) else { return [] }
        var keys = archive.references("NS.keys", of: dictionary),
            values = archive.references("NS.objects", of: dictionary)
        if archive.className(of: dictionary) == "NSKnownKeysDictionary1" {
            keys =
                archive.referenced("searchMapping", of: dictionary).flatMap { archive.referenced("keys", of: $0) }
                .map { archive.references("NS.objects", of: $0) } ?? []
            values = archive.referenced("values", of: dictionary).map { archive.references("NS.objects", of: $0) } ?? []
        }
        return zip(keys, values).compactMap { key, value in archive.objects[key].stringValue.map { ($0, value) } }
    }

    func elements(_ key: String, _ uid: Int) -> [Int] {
        archive.referenced(key, of: uid).map { archive.references("NS.objects", of: $0) } ?? []
    }

    func userInfo(_ uid: Int) -> UserInfo {
        UserInfo(
            entries: entries("NSUserInfo", uid).compactMap { key, value in
                archive.objects[value].stringValue.map {
                    .init(key: key, value: $0, location: SourceLocation(file: file))
                }
            })
    }

    func renaming(_ uid: Int, name: String) -> RenamingIdentifier? {
        guard let value = archive.string("NSRenamingIdentifier", of: uid), value != name else { return nil }
        return RenamingIdentifier(value: value, spelling: .elementID, location: SourceLocation(file: file))
    }

    func model(versionName: String) -> ManagedObjectModel {
        let root = archive.rootUID
        var model = ManagedObjectModel(versionName: versionName, file: file, span: span)
        if let set = archive.referenced("NSVersionIdentifiers", of: root) {
            model.metadata.versionIdentifier = archive.references("NS.objects", of: set).first.flatMap {
                archive.objects[$0].stringValue
            }
        }
        model.entities = entries("NSEntities", root).map { entity($0.1) }
        model.fetchRequests = entries("NSFetchRequestTemplates", root).map { name, uid in fetchRequest(uid, name: name)
        }
        model.configurations = entries("NSConfigurations", root).map { name, set in
            Configuration(
                name: name,
                members: archive.references("NS.objects", of: set).compactMap { member in
                    archive.string("NSEntityName", of: member).map {
                        .init(entityName: $0, location: SourceLocation(file: file))
                    }
                }, span: span)
        }
        return model
    }

    func entity(_ uid: Int) -> Entity {
        let name = archive.string("NSEntityName", of: uid) ?? ""
        var entity = Entity(name: name, span: span)
        entity.className = archive.string("NSClassNameForEntity", of: uid)
        entity.parentName = archive.referenced("NSSuperentity", of: uid).flatMap {
            archive.string("NSEntityName", of: $0)
        }
        entity.isAbstract = bool("NSIsAbstract", uid)
        entity.versionHashModifier = archive.string("NSVersionHashModifier", of: uid)
        entity.renamingIdentifier = renaming(uid, name: name)
        entity.userInfo = userInfo(uid)
        let oldStyleIndexes = Set(
            elements("NSFetchIndexDescriptions", uid)
                .filter { archive.referenced("NSEntity", of: $0) == nil }
                .compactMap { archive.string("NSIndexName", of: $0) })
        for (propertyName, property) in entries("NSProperties", uid) {
            switch archive.className(of: property) {
            case "NSRelationshipDescription":
                entity.relationships.append(relationship(property, name: propertyName))
            case "NSFetchedPropertyDescription":
                var fetched = FetchedProperty(name: propertyName, span: span)
                fetched.isOptional = bool("NSIsOptional", property)
                fetched.userInfo = userInfo(property)
                fetched.fetchRequest = archive.referenced("NSFetchRequest", of: property).map {
                    fetchRequest($0, name: "")
                }
                entity.fetchedProperties.append(fetched)
            default:
                var read = attribute(property, name: propertyName)
                read.isIndexed = oldStyleIndexes.contains(propertyName)
                entity.attributes.append(read)
            }
        }
        entity.uniquenessConstraints = elements("NSUniqueTuples", uid).map { tuple in
            UniquenessConstraint(
                members: archive.references("NS.objects", of: tuple).compactMap { member in
                    archive.objects[member].stringValue.map { .init(value: $0, location: SourceLocation(file: file)) }
                }, location: SourceLocation(file: file))
        }
        for index in elements("NSFetchIndexDescriptions", uid) where archive.referenced("NSEntity", of: index) != nil {
            entity.fetchIndexes.append(
                FetchIndex(
                    name: archive.string("NSIndexName", of: index) ?? "",
                    elements: elements("NSIndexElements", index).map { element in
                        FetchIndex.Element(
                            property: archive.string("NSPropertyName", of: element), expression: nil,
                            expressionType: nil,
                            kind: int("NSFetchIndexElementType", element) == 1 ? .rTree : .binary,
                            isAscending: bool("NSAscending", element), span: span)
                    }, span: span))
        }
        let fetchIndexMembers = entity.fetchIndexes.filter { $0.elements.count > 1 }.map {
            $0.elements.map { $0.property ?? "" }
        }
        var unmatched = fetchIndexMembers
        for compound in elements("NSCompoundIndexes", uid) {
            let members = archive.references("NS.objects", of: compound).compactMap { archive.objects[$0].stringValue }
            if let match = unmatched.firstIndex(of: members) { unmatched.remove(at: match); continue }
            entity.compoundIndexes.append(
                CompoundIndex(
                    members: members.map { .init(value: $0, location: SourceLocation(file: file)) },
                    location: SourceLocation(file: file)))
        }
        return entity
    }

    func attribute(_ uid: Int, name: String) -> Attribute {
        var attribute = Attribute(name: name, span: span)
        let code = int("NSAttributeType", uid)
        attribute.type = AttributeType.allCases.first { $0.attributeTypeCode == code }
        attribute.isOptional = bool("NSIsOptional", uid)
        attribute.isTransient = bool("NSIsTransient", uid)
        attribute.isIndexedBySpotlight = bool("NSIndexedBySpotlight", uid)
        attribute.isStoredInTruthFile = bool("NSIsStoredInTruth", uid)
        attribute.allowsCloudEncryption = bool("NSAllowsCloudEncryption", uid)
        let flags = int("NSFlagsKey", uid)
        attribute.allowsExternalBinaryDataStorage = flags & 0x04 != 0
        attribute.preservesValueInHistoryOnDeletion = flags & 0x10 != 0
        attribute.valueTransformerName = archive.string("NSValueTransformerName", of: uid)
        if attribute.type == .transformable {
            attribute.customClassName = archive.string("NSAttributeValueClassName", of: uid)
        }
        attribute.renamingIdentifier = renaming(uid, name: name)
        attribute.versionHashModifier = archive.string("NSVersionHashModifier", of: uid)
        attribute.userInfo = userInfo(uid)
        for predicate in elements("NSValidationPredicates", uid).compactMap(expressions.predicate) {
            if case .comparison(let comparison) = predicate, comparison.operatorType == .matches,
                case .constant(.string(let pattern)) = comparison.right
            {
                attribute.regularExpression = pattern
                continue
            }
            guard case .comparison(let comparison) = predicate, case .constant(.number(let bound)) = comparison.right
            else { continue }
            let isMinimum = comparison.operatorType == .greaterThanOrEqualTo
            if attribute.type == .date {
                if isMinimum { attribute.minDateTimeInterval = bound } else { attribute.maxDateTimeInterval = bound }
            } else {
                if isMinimum { attribute.minValue = bound } else { attribute.maxValue = bound }
            }
        }
        if archive.className(of: uid) == "NSDerivedAttributeDescription" {
            attribute.isDerived = true
            attribute.derivationExpression = archive.referenced("NSDerivationExpression", of: uid)
                .flatMap(expressions.expression).map {
                    ExpressionText(text: PredicateFormat.string(for: $0), value: $0)
                }
        }
        if let value = archive.referenced("NSDefaultValue", of: uid) {
            switch (archive.objects[value], archive.className(of: value)) {
            case (.integer(let number), _): attribute.defaultValue = String(number)
            case (.real(let number), _): attribute.defaultValue = String(number)
            case (.float(let number), _): attribute.defaultValue = String(number)
            case (.boolean(let flag), _): attribute.defaultValue = flag ? "YES" : "NO"
            case (.string(let text), _): attribute.defaultValue = text
            case (_, "NSDate"?):
                if case .real(let seconds)? = archive.field("NS.time", of: value) {
                    attribute.defaultDateTimeInterval = String(seconds)
                }
            case (_, "NSDecimalNumberPlaceholder"?): attribute.defaultValue = decimalText(value)
            case (_, "NSURL"?): attribute.defaultValue = archive.string("NS.relative", of: value)
            case (_, "NSUUID"?):
                if case .data(let bytes)? = archive.field("NS.uuidbytes", of: value), bytes.count == 16 {
                    attribute.defaultValue = UUIDText.string(bytes)
                }
            default: break
            }
        }
        return attribute
    }

    /// The decimal's digits with its exponent applied, e.g. mantissa 125, exponent -1 -> "12.5".
    private func decimalText(_ uid: Int) -> String? {
        guard case .data(let bytes)? = archive.field("NS.mantissa", of: uid), bytes.count == 16 else { return nil }
        var words = stride(from: 0, to: 16, by: 2).map { UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 }
        var digits = ""
        while words.contains(where: { $0 != 0 }) {
            var remainder: UInt32 = 0
            for index in words.indices.reversed() {
                let value = (remainder << 16) | UInt32(words[index])
                words[index] = UInt16(value / 10)
                remainder = value % 10
            }
            digits = String(remainder) + digits
        }
        if digits.isEmpty { digits = "0" }
        // NSDecimal's exponent is a signed byte; anything else is a damaged archive, not a number to expand.
        let exponent = int("NS.exponent", uid)
        guard (-128...127).contains(exponent) else { return nil }
        var text = digits
        if exponent > 0 {
            text += String(repeating: "0", count: exponent)
        } else if exponent < 0 {
            let padded = String(repeating: "0", count: max(0, -exponent - digits.count + 1)) + digits
            text = String(padded.dropLast(-exponent)) + "." + String(padded.suffix(-exponent))
        }
        return (bool("NS.negative", uid) ? "-" : "") + text
    }

    func relationship(_ uid: Int, name: String) -> Relationship {
        var relationship = Relationship(name: name, span: span)
        relationship.destinationEntityName = archive.string("_NSDestinationEntityName", of: uid)
        relationship.inverseName = archive.string("_NSInverseRelationshipName", of: uid)
        relationship.inverseEntityName = relationship.inverseName == nil ? nil : relationship.destinationEntityName
        relationship.isOptional = bool("NSIsOptional", uid)
        relationship.isTransient = bool("NSIsTransient", uid)
        relationship.isOrdered = bool("NSIsOrdered", uid)
        relationship.minCountValue = int("NSMinCount", uid)
        relationship.maxCountValue = int("NSMaxCount", uid)
        relationship.isToMany = relationship.maxCountValue != 1
        relationship.deleteRuleValue = Relationship.DeleteRule.allCases.first {
            $0.deleteRuleCode == int("NSDeleteRule", uid)
        }
        relationship.renamingIdentifier = renaming(uid, name: name)
        relationship.versionHashModifier = archive.string("NSVersionHashModifier", of: uid)
        relationship.userInfo = userInfo(uid)
        return relationship
    }

    func fetchRequest(_ uid: Int, name: String) -> FetchRequest {
        var request = FetchRequest(name: name, span: span)
        request.entityName = archive.referenced("NSEntity", of: uid).flatMap { archive.string("NSEntityName", of: $0) }
        request.predicate = archive.referenced("NSPredicate", of: uid).flatMap(expressions.predicate)
            .map { PredicateText(text: PredicateFormat.string(for: $0), value: $0) }
        request.resultType = int("NSResultType", uid)
        let flags = int("NSFetchRequestFlags", uid)
        request.returnsDistinctResults = flags & 0x01 != 0
        request.includesSubentities = flags & 0x02 != 0
        request.includesPropertyValues = flags & 0x04 != 0
        request.returnsObjectsAsFaults = flags & 0x08 != 0
        request.includesPendingChanges = flags & 0x10 != 0
        request.fetchLimit = int("NSFetchLimit", uid)
        request.fetchBatchSize = int("NSBatchSize", uid)
        return request
    }
}

enum UUIDText {
    static func string(_ bytes: [UInt8]) -> String {
        let hex = bytes.map { byte in
            String(byte, radix: 16, uppercase: true).count == 1
                ? "0" + String(byte, radix: 16, uppercase: true) : String(byte, radix: 16, uppercase: true)
        }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(
            separator: "-")
    }
}
