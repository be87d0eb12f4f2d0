//
//  CartStorage+CoreDataModel.swift
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

/// The CartStorage Core Data model: names, versions and the keys of its entities.
public enum CartStorageModel {
    /// The compiled model's resource name: `CartStorage.momd`.
    public static let modelName = "CartStorage"
    /// The version apps build against (the bundle's current version).
    public static let currentVersionName = "CartStorage"
    /// `versionChecksum` of every version, for `NSManagedObjectModelReference` and staged migration.
    public static let versionChecksums: [String: String] = [
        "CartStorage": "RV83lyqrxa85p8T4dUf5Vhtv6Ypawk/doB6mVJlOAeY=",
    ]

    public enum CDCart {
        public static let entityName = "CDCart"
        public enum Attributes: String, CaseIterable {
            case context
            case createdAt
            case displayName
            case id
            case maxItemCount
            case metadataJSON
            case minSubtotalAmount
            case minSubtotalCurrencyCode
            case profileId
            case promotionKindsJSON
            case sessionId
            case status
            case storeId
            case storeImageURL
            case updatedAt
        }
        public enum Relationships: String, CaseIterable {
            case items
        }
    }

    public enum CDCartItem {
        public static let entityName = "CDCartItem"
        public enum Attributes: String, CaseIterable {
            case availableStock
            case id
            case imageURL
            case productId
            case quantity
            case totalPriceAmount
            case totalPriceCurrencyCode
            case unitPriceAmount
            case unitPriceCurrencyCode
        }
        public enum Relationships: String, CaseIterable {
            case cart
            case modifiers
        }
    }

    public enum CDCartItemModifier {
        public static let entityName = "CDCartItemModifier"
        public enum Attributes: String, CaseIterable {
            case id
            case name
            case priceDeltaAmount
            case priceDeltaCurrencyCode
        }
        public enum Relationships: String, CaseIterable {
            case item
        }
    }
}

#if canImport(CoreData)
extension CartStorageModel {
    /// The compiled model in `bundle`, or nil when the bundle does not hold `CartStorage.momd`.
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
