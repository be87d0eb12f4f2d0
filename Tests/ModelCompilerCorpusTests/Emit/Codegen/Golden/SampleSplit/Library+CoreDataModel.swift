//
//  Library+CoreDataModel.swift
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

/// The Library Core Data model: names, versions and the keys of its entities.
public enum LibraryModel {
    /// The compiled model's resource name: `Library.momd`.
    public static let modelName = "Library"
    /// The version apps build against (the bundle's current version).
    public static let currentVersionName = "Library 3"
    /// `versionChecksum` of every version, for `NSManagedObjectModelReference` and staged migration.
    public static let versionChecksums: [String: String] = [
        "Library": "GGkZc3Qm4i1mw+UkITrWW6h4RWIfnI1uTPsd7ouRrw0=",
        "Library 2": "ooNzrckQ4Zxosbo2eW8tUPgpF/8z22PSc22iO3CQ3ds=",
        "Library 3": "mygqfeyfRyDr4lGcMYmvH3TrSVzidGFAAFwEolp4eHs=",
    ]

    public enum Author {
        public static let entityName = "Author"
        public enum Attributes: String, CaseIterable {
            case bookCount
            case born
            case name
        }
        public enum Relationships: String, CaseIterable {
            case books
        }
    }

    public enum Book {
        public static let entityName = "Book"
        public enum Attributes: String, CaseIterable {
            case isbn
            case publishedAt
            case synopsis
            case tags
            case addedAt
            case title
        }
        public enum Relationships: String, CaseIterable {
            case author
            case shelf
        }
    }

    public enum Item {
        public static let entityName = "Item"
        public enum Attributes: String, CaseIterable {
            case addedAt
            case title
        }
        public enum Relationships: String, CaseIterable {
            case shelf
        }
    }

    public enum Magazine {
        public static let entityName = "Magazine"
        public enum Attributes: String, CaseIterable {
            case issue
            case addedAt
            case title
        }
        public enum Relationships: String, CaseIterable {
            case shelf
        }
    }

    public enum Shelf {
        public static let entityName = "Shelf"
        public enum Attributes: String, CaseIterable {
            case label
        }
        public enum Relationships: String, CaseIterable {
            case items
        }
    }
}

#if canImport(CoreData)
extension LibraryModel {
    /// The compiled model in `bundle`, or nil when the bundle does not hold `Library.momd`.
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
