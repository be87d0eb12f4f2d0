//
//  Author+CoreDataClass.swift
//  
//
//  Created by openmomc.
//
//  This file was automatically generated and should not be edited.
//

#if canImport(CoreData)
import Foundation
import CoreData

@objc(Author)
public class Author: NSManagedObject {

}
#endif
