/// `$classes` chains of the Core Data and Foundation classes a `.mom` holds (../shared spec §4.1).
enum ClassChain {
    static let model = ["NSManagedObjectModel", "NSObject"]
    static let entity = ["NSEntityDescription", "NSObject"]
    static let attribute = ["NSAttributeDescription", "NSPropertyDescription", "NSObject"]
    static let derivedAttribute = [
        "NSDerivedAttributeDescription", "NSAttributeDescription", "NSPropertyDescription", "NSObject",
    ]
    static let compositeAttribute = [
        "NSCompositeAttributeDescription", "NSAttributeDescription", "NSPropertyDescription", "NSObject",
    ]
    static let relationship = ["NSRelationshipDescription", "NSPropertyDescription", "NSObject"]
    static let fetchedProperty = ["NSFetchedPropertyDescription", "NSPropertyDescription", "NSObject"]
    static let fetchRequest = ["NSFetchRequest", "NSPersistentStoreRequest", "NSObject"]
    static let fetchIndex = ["NSFetchIndexDescription", "NSObject"]
    static let fetchIndexElement = ["NSFetchIndexElementDescription", "NSObject"]
    static let decimalNumber = ["NSDecimalNumberPlaceholder", "NSDecimalNumber", "NSNumber", "NSValue", "NSObject"]
    static let date = ["NSDate", "NSObject"]
    static let uuid = ["NSUUID", "NSObject"]
    static let url = ["NSURL", "NSObject"]

    static func expression(_ name: String) -> [String] {
        name == "NSKeyPathExpression"
            ? ["NSKeyPathExpression", "NSFunctionExpression", "NSExpression", "NSObject"]
            : [name, "NSExpression", "NSObject"]
    }

    static func predicate(_ name: String) -> [String] { [name, "NSPredicate", "NSObject"] }
    static func predicateOperator(_ name: String) -> [String] { [name, "NSPredicateOperator", "NSObject"] }
}
