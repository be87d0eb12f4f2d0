//
//  Magazine+CoreDataProperties.swift
//  
//
//  Created by openmomc.
//
//  This file was automatically generated and should not be edited.
//

#if canImport(CoreData)
import Foundation
import CoreData


extension Magazine {

    @nonobjc public class func fetchRequest() -> NSFetchRequest<Magazine> {
        return NSFetchRequest<Magazine>(entityName: "Magazine")
    }

    @NSManaged public var issue: Int32

}

extension Magazine {
    public typealias Attributes = LibraryModel.Magazine.Attributes
    public typealias Relationships = LibraryModel.Magazine.Relationships
}
#endif
