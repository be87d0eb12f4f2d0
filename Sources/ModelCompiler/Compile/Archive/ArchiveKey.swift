/// A key of an archived object's field, as the number of its string in the archive. Every `ArchiveGraph` numbers
/// the known keys first, in declaration order, so a known key costs nothing to set: hashing each key's text was
/// a large part of writing an archive.
struct ArchiveKey: Equatable {
    let number: Int

    init(_ known: KnownArchiveKey) { number = Int(known.rawValue) }

    /// A key numbered by a graph (`ArchiveGraph.key(_:)`).
    init(number: Int) { self.number = number }
}

/// The keys of the objects a `.mom` holds, named as the archive spells them: `NS_objects` is `NS.objects`
/// (a case named `NS_...` has its underscores read as dots).
enum KnownArchiveKey: UInt16, CaseIterable {
    case NSEntities, NSFetchRequestTemplates, NSVersionIdentifiers, NSConfigurations
    case NSEntityName, NSClassNameForEntity, NSIsAbstract, NSManagedObjectModel, NSSuperentity, NSSubentities
    case NSProperties, NSUserInfo, NSVersionHashModifier, NSRenamingIdentifier, NSUniqueTuples
    case NSFetchIndexDescriptions, NSCompoundIndexes
    case NSIndexName, NSIndexElements, NSEntity, NSPartialIndexPredicate
    case NSPropertyName, NSFetchIndexElementType, NSAscending, NSFetchIndexDescription
    case NSIsOptional, NSIsReadOnly, NSIsTransient, NSIndexedBySpotlight, NSIsStoredInTruth
    case NSAllowsCloudEncryption, NSIsOrdered, _P
    case NSAttributeType, NSAttributeValueClassName, NSDefaultValue, NSValueTransformerName, NSFlagsKey
    case NSIsIndexed, NSValidationPredicates, NSValidationWarnings, NSDerivationExpression, NSFilteringPredicate
    case NSCompositeElements
    case NSDestinationEntity, _NSDestinationEntityName, NSInverseRelationship, _NSInverseRelationshipName
    case NSMinCount, NSMaxCount, NSDeleteRule
    case NSFetchRequest, _NSFetchRequestEntityName
    case NSPredicate, NSSortDescriptors, NSFetchLimit, NSFetchOffset, NSBatchSize, NSAllocationType
    case NSRelationshipKeyPathsForPrefetching, NSResultType, NSValuesToFetch, NSValuesToGroupBy
    case NSHavingPredicate, NSHasFetchRequestFlags, NSFetchRequestFlags
    case NSExpressionType, NSOperand, NSSelectorName, NSKeyPath, NSVariable, NSConstantValue
    case NSConstantValueClassName, NSArguments, NSCollection, NSVariableExpression, NSSubpredicate
    case NSLeftExpression, NSRightExpression, NSPredicateOperator, NSCompoundPredicateType, NSSubpredicates
    case NSOperatorType, NSModifier, NSOptions, NSNegate, NSVariant, NSFlags, NSPosition
    case NS_objects, NS_keys, NS_time, NS_uuidbytes, NS_base, NS_relative
    case NS_exponent, NS_length, NS_negative, NS_compact, NS_mantissa_bo, NS_mantissa

    /// Each key's text, by raw value.
    static let texts: [String] = allCases.map { key in
        let name = String(describing: key)
        return name.hasPrefix("NS_") ? name.replacingEvery("_", with: ".") : name
    }

    var text: String { Self.texts[Int(rawValue)] }
}
