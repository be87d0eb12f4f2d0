//
//  Item+CoreDataProperties.swift
//  
//
//  Created by openmomc.
//
//  This file was automatically generated and should not be edited.
//

#if canImport(CoreData)
import Foundation
import CoreData


extension Item {

    @nonobjc public class func fetchRequest() -> NSFetchRequest<Item> {
        return NSFetchRequest<Item>(entityName: "Item")
    }

    @NSManaged public var addedAt: Date?
    @NSManaged public var title: String?
    @NSManaged public var shelf: Shelf?

}

extension Item : Identifiable {

}

extension Item {
    public typealias Attributes = LibraryModel.Item.Attributes
    public typealias Relationships = LibraryModel.Item.Relationships
}
#endif
