//
//  Book+CoreDataProperties.swift
//  
//
//  Created by openmomc.
//
//  This file was automatically generated and should not be edited.
//

#if canImport(CoreData)
import Foundation
import CoreData


extension Book {

    @nonobjc public class func fetchRequest() -> NSFetchRequest<Book> {
        return NSFetchRequest<Book>(entityName: "Book")
    }

    @NSManaged public var isbn: String?
    @NSManaged public var publishedAt: Date?
    @NSManaged public var synopsis: String?
    @NSManaged public var tags: [String]?
    @NSManaged public var author: Author?

}

extension Book {
    public typealias Attributes = LibraryModel.Book.Attributes
    public typealias Relationships = LibraryModel.Book.Relationships
}
#endif
