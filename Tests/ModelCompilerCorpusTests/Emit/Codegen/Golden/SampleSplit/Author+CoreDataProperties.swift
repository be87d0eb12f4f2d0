//
//  Author+CoreDataProperties.swift
//  
//
//  Created by openmomc.
//
//  This file was automatically generated and should not be edited.
//

#if canImport(CoreData)
import Foundation
import CoreData


extension Author {

    @nonobjc public class func fetchRequest() -> NSFetchRequest<Author> {
        return NSFetchRequest<Author>(entityName: "Author")
    }

    @NSManaged public var bookCount: Int64
    @NSManaged public var born: Date?
    @NSManaged public var name: String?
    @NSManaged public var books: NSSet?

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
#endif
