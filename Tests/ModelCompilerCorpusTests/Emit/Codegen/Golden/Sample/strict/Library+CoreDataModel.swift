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

@objc(Author)
public class Author: NSManagedObject {

}

extension Author {

    @nonobjc public class func typedFetchRequest() -> NSFetchRequest<Author> {
        return NSFetchRequest<Author>(entityName: "Author")
    }

    public var bookCount: Int64? {
        get { (value(forKey: "bookCount") as? NSNumber)?.int64Value }
        set { setValue(newValue.map { NSNumber(value: $0) }, forKey: "bookCount") }
    }
    @NSManaged public var born: Date?
    @NSManaged public var name: String
    @NSManaged public var books: Set<Book>

}

// MARK: Generated accessors for books
extension Author {

    @objc(addBooksObject:)
    @NSManaged public func addToBooks(_ value: Book)

    @objc(removeBooksObject:)
    @NSManaged public func removeFromBooks(_ value: Book)

    @objc(addBooks:)
    @NSManaged public func addToBooks(_ values: NSSet)

    @objc(removeBooks:)
    @NSManaged public func removeFromBooks(_ values: NSSet)

}

extension Author : Identifiable {

}

extension Author {
    public typealias Attributes = LibraryModel.Author.Attributes
    public typealias Relationships = LibraryModel.Author.Relationships
}

@objc(Book)
public class Book: Item {

}

extension Book {

    @nonobjc public class func typedFetchRequest() -> NSFetchRequest<Book> {
        return NSFetchRequest<Book>(entityName: "Book")
    }

    @NSManaged public var isbn: String
    @NSManaged public var publishedAt: Date?
    @NSManaged public var synopsis: String?
    @NSManaged public var tags: [String]?
    @NSManaged public var author: Author?

}

extension Book {
    public typealias Attributes = LibraryModel.Book.Attributes
    public typealias Relationships = LibraryModel.Book.Relationships
}

@objc(Item)
public class Item: NSManagedObject {

}

extension Item {

    @nonobjc public class func typedFetchRequest() -> NSFetchRequest<Item> {
        return NSFetchRequest<Item>(entityName: "Item")
    }

    @NSManaged public var addedAt: Date
    @NSManaged public var title: String
    @NSManaged public var shelf: Shelf?

}

extension Item : Identifiable {

}

extension Item {
    public typealias Attributes = LibraryModel.Item.Attributes
    public typealias Relationships = LibraryModel.Item.Relationships
}

@objc(Magazine)
public class Magazine: Item {

}

extension Magazine {

    @nonobjc public class func typedFetchRequest() -> NSFetchRequest<Magazine> {
        return NSFetchRequest<Magazine>(entityName: "Magazine")
    }

    @NSManaged public var issue: Int32

}

extension Magazine {
    public typealias Attributes = LibraryModel.Magazine.Attributes
    public typealias Relationships = LibraryModel.Magazine.Relationships
}

@objc(Shelf)
public class Shelf: NSManagedObject {

}

extension Shelf {

    @nonobjc public class func typedFetchRequest() -> NSFetchRequest<Shelf> {
        return NSFetchRequest<Shelf>(entityName: "Shelf")
    }

    @NSManaged public var label: String
    @NSManaged public var items: NSOrderedSet

}

// MARK: Generated accessors for items
extension Shelf {

    @objc(insertObject:inItemsAtIndex:)
    @NSManaged public func insertIntoItems(_ value: Item, at idx: Int)

    @objc(removeObjectFromItemsAtIndex:)
    @NSManaged public func removeFromItems(at idx: Int)

    @objc(insertItems:atIndexes:)
    @NSManaged public func insertIntoItems(_ values: [Item], at indexes: NSIndexSet)

    @objc(removeItemsAtIndexes:)
    @NSManaged public func removeFromItems(at indexes: NSIndexSet)

    @objc(replaceObjectInItemsAtIndex:withObject:)
    @NSManaged public func replaceItems(at idx: Int, with value: Item)

    @objc(replaceItemsAtIndexes:withItems:)
    @NSManaged public func replaceItems(at indexes: NSIndexSet, with values: [Item])

    @objc(addItemsObject:)
    @NSManaged public func addToItems(_ value: Item)

    @objc(removeItemsObject:)
    @NSManaged public func removeFromItems(_ value: Item)

    @objc(addItems:)
    @NSManaged public func addToItems(_ values: NSOrderedSet)

    @objc(removeItems:)
    @NSManaged public func removeFromItems(_ values: NSOrderedSet)

}

extension Shelf : Identifiable {

}

extension Shelf {
    public typealias Attributes = LibraryModel.Shelf.Attributes
    public typealias Relationships = LibraryModel.Shelf.Relationships
}
#endif
