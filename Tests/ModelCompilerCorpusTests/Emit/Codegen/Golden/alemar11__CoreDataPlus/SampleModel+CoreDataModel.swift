//
//  SampleModel+CoreDataModel.swift
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

/// The SampleModel Core Data model: names, versions and the keys of its entities.
public enum SampleModelModel {
    /// The compiled model's resource name: `SampleModel.momd`.
    public static let modelName = "SampleModel"
    /// The version apps build against (the bundle's current version).
    public static let currentVersionName = "SampleModel"
    /// `versionChecksum` of every version, for `NSManagedObjectModelReference` and staged migration.
    public static let versionChecksums: [String: String] = [
        "SampleModel": "q779bi2ZZEuRPJyJIsoxXB0eBitt0PkUDBrh5FdJi0o=",
        "SampleModel2": "gHA181DH6+RU8UMevMdiBEsewJ3zX6DPH/yJZ1fUEs0=",
        "SampleModel3": "GwrcMnVrcZNeqnYboMVDJ2lGbLjKbu1iux0ckQ1orB4=",
    ]

    public enum Car {
        public static let entityName = "Car"
        public enum Attributes: String, CaseIterable {
            case color
            case currentDrivingSpeed
            case maker
            case markedForDeletionAsOf
            case model
            case numberPlate
        }
        public enum Relationships: String, CaseIterable {
            case owner
        }
    }

    public enum ExpensiveSportCar {
        public static let entityName = "ExpensiveSportCar"
        public enum Attributes: String, CaseIterable {
            case isLimitedEdition
            case color
            case currentDrivingSpeed
            case maker
            case markedForDeletionAsOf
            case model
            case numberPlate
        }
        public enum Relationships: String, CaseIterable {
            case owner
        }
    }

    public enum Person {
        public static let entityName = "Person"
        public enum Attributes: String, CaseIterable {
            case firstName
            case id
            case isDriving
            case lastName
            case updatedAt
        }
        public enum Relationships: String, CaseIterable {
            case cars
        }
    }

    public enum SportCar {
        public static let entityName = "SportCar"
        public enum Attributes: String, CaseIterable {
            case color
            case currentDrivingSpeed
            case maker
            case markedForDeletionAsOf
            case model
            case numberPlate
        }
        public enum Relationships: String, CaseIterable {
            case owner
        }
    }
}

#if canImport(CoreData)
extension SampleModelModel {
    /// The compiled model in `bundle`, or nil when the bundle does not hold `SampleModel.momd`.
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
#endif
