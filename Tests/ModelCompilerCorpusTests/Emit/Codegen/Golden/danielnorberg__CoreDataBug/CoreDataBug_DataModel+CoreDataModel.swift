//
//  CoreDataBug_DataModel+CoreDataModel.swift
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

/// The CoreDataBug_DataModel Core Data model: names, versions and the keys of its entities.
public enum CoreDataBug_DataModelModel {
    /// The compiled model's resource name: `CoreDataBug_DataModel.mom`.
    public static let modelName = "CoreDataBug_DataModel"
    /// The version apps build against (the bundle's current version).
    public static let currentVersionName = "CoreDataBug_DataModel"
    /// `versionChecksum` of every version, for `NSManagedObjectModelReference` and staged migration.
    public static let versionChecksums: [String: String] = [
        "CoreDataBug_DataModel": "QSQuZkop3uGBmSX1kWvJjMuNKXMilTZgDH9c3SxSWeE=",
    ]

    public enum Bar {
        public static let entityName = "Bar"
        public enum Attributes: String, CaseIterable {
            case baz
        }
        public enum Relationships: String, CaseIterable {
            case foo
        }
    }

    public enum Foo {
        public static let entityName = "Foo"
        public enum Attributes: CaseIterable {}
        public enum Relationships: String, CaseIterable {
            case bars
        }
    }
}

#if canImport(CoreData)
extension CoreDataBug_DataModelModel {
    /// The compiled model in `bundle`, or nil when the bundle does not hold `CoreDataBug_DataModel.mom`.
    public static func load(from bundle: Bundle) -> NSManagedObjectModel? {
        guard let url = bundle.url(forResource: modelName, withExtension: "mom") else { return nil }
        return NSManagedObjectModel(contentsOf: url)
    }
}
#endif
