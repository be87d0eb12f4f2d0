//
//  Model+CoreDataModel.swift
//  
//
//  Created by openmomc.
//
//  This file was automatically generated and should not be edited.
//

import Foundation
#if canImport(CoreData)
import CoreData
#endif

/// The Model Core Data model: names, versions and the keys of its entities.
public enum ModelModel {
    /// The compiled model's resource name: `Model.momd`.
    public static let modelName = "Model"
    /// The version apps build against (the bundle's current version).
    public static let currentVersionName = "Model 2"
    /// `versionChecksum` of every version, for `NSManagedObjectModelReference` and staged migration.
    public static let versionChecksums: [String: String] = [
        "Model": "nU4Nk5f67bh3GpPMERQK1tvoWjsJ3HtQ9IVD4C/LN2s=",
        "Model 2": "uWu5TG9esmgBL+W5n8a0lTWjo6FBAj5QyDfzis1za9E=",
    ]

    public enum AbstractEntity {
        public static let entityName = "AbstractEntity"
        public enum Attributes: CaseIterable {}
        public enum Relationships: CaseIterable {}
    }

    public enum AutoClassGen {
        public static let entityName = "AutoClassGen"
        public enum Attributes: CaseIterable {}
        public enum Relationships: CaseIterable {}
    }

    public enum AutoExtensionGen {
        public static let entityName = "AutoExtensionGen"
        public enum Attributes: CaseIterable {}
        public enum Relationships: CaseIterable {}
    }

    public enum ChildEntity {
        public static let entityName = "ChildEntity"
        public enum Attributes: String, CaseIterable {
            case canonicalOptionalString
            case derivedCount
            case now
            case attributedString
            case binaryData
            case boolean
            case date
            case decimal
            case double
            case float
            case int16
            case int32
            case int64
            case integerEnum
            case integerOptionSet
            case optionalBoolean
            case optionalDouble
            case optionalFloat
            case optionalInt16
            case optionalInt32
            case optionalInt64
            case optionalString
            case string
            case stringEnum
            case transformable
            case transformableCustomArray
            case transformableCustomPolyline
            case transient
            case uri
            case uuid
        }
        public enum Relationships: String, CaseIterable {
            case manyToMany
            case oneToMany
            case oneToOne
        }
    }

    public enum ImpossibleType {
        public static let entityName = "ImpossibleType"
        public enum Attributes: CaseIterable {}
        public enum Relationships: CaseIterable {}
    }

    public enum MainEntity {
        public static let entityName = "MainEntity"
        public enum Attributes: String, CaseIterable {
            case attributedString
            case binaryData
            case boolean
            case date
            case decimal
            case double
            case float
            case int16
            case int32
            case int64
            case integerEnum
            case integerOptionSet
            case optionalBoolean
            case optionalDouble
            case optionalFloat
            case optionalInt16
            case optionalInt32
            case optionalInt64
            case optionalString
            case string
            case stringEnum
            case transformable
            case transformableCustomArray
            case transformableCustomPolyline
            case transient
            case uri
            case uuid
        }
        public enum Relationships: String, CaseIterable {
            case manyToMany
            case oneToMany
            case oneToOne
        }
    }

    public enum NewEntity {
        public static let entityName = "NewEntity"
        public enum Attributes: String, CaseIterable {
            case identifier
        }
        public enum Relationships: CaseIterable {}
    }

    public enum SecondaryEntity {
        public static let entityName = "SecondaryEntity"
        public enum Attributes: String, CaseIterable {
            case name
        }
        public enum Relationships: String, CaseIterable {
            case manyToMany
            case oneToMany
            case oneToOne
        }
    }
}

#if canImport(CoreData)
extension ModelModel {
    /// The compiled model in `bundle`, or nil when the bundle does not hold `Model.momd`.
    public static func load(from bundle: Bundle) -> NSManagedObjectModel? {
        guard let url = bundle.url(forResource: modelName, withExtension: "momd") else { return nil }
        return NSManagedObjectModel(contentsOf: url)
    }

    /// One version of the model by name, for migrating step by step.
    public static func load(version: String, from bundle: Bundle) -> NSManagedObjectModel? {
        guard let url = bundle.url(forResource: modelName, withExtension: "momd") else { return nil }
        return NSManagedObjectModel(contentsOf: url.appendingPathComponent(version + ".mom"))
    }
}

@objc(AutoClassGen)
public class AutoClassGen: NSManagedObject {

}

extension AutoClassGen {

    @nonobjc public class func fetchRequest() -> NSFetchRequest<AutoClassGen> {
        return NSFetchRequest<AutoClassGen>(entityName: "AutoClassGen")
    }


}

extension AutoClassGen : Identifiable {

}

extension AutoClassGen {
    public typealias Attributes = ModelModel.AutoClassGen.Attributes
    public typealias Relationships = ModelModel.AutoClassGen.Relationships
}

extension AutoExtensionGen {

    @nonobjc public class func fetchRequest() -> NSFetchRequest<AutoExtensionGen> {
        return NSFetchRequest<AutoExtensionGen>(entityName: "AutoExtensionGen")
    }


}

extension AutoExtensionGen : Identifiable {

}

extension AutoExtensionGen {
    public typealias Attributes = ModelModel.AutoExtensionGen.Attributes
    public typealias Relationships = ModelModel.AutoExtensionGen.Relationships
}
#endif
