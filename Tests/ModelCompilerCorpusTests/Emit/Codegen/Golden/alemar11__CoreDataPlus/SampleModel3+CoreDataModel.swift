//
//  SampleModel3+CoreDataModel.swift
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

/// The SampleModel3 Core Data model: names, versions and the keys of its entities.
public enum SampleModel3Model {
    /// The compiled model's resource name: `SampleModel3.momd`.
    public static let modelName = "SampleModel3"
    /// The version apps build against (the bundle's current version).
    public static let currentVersionName = "SampleModel3"
    /// `versionChecksum` of every version, for `NSManagedObjectModelReference` and staged migration.
    public static let versionChecksums: [String: String] = [
        "SampleModel3": "u970QgYhRHEJGIt0zQr1UhuZL2ZJ1KxBS+B7rkAx0ik=",
        "SampleModel3_v2": "rzn6eNBLyn8k3AoC3kH3yymPT0vSUPaVcgi0v2SuHS8=",
        "SampleModel3_v3": "HFFd7j8Z9/s0tJ1vqPzVSPX/pNYEbNAlXayypitIFow=",
    ]

    public enum User {
        public static let entityName = "User"
        public enum Attributes: String, CaseIterable {
            case name
            case petName
        }
        public enum Relationships: CaseIterable {}
    }
}

#if canImport(CoreData)
extension SampleModel3Model {
    /// The compiled model in `bundle`, or nil when the bundle does not hold `SampleModel3.momd`.
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
