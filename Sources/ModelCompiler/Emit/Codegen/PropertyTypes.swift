/// The Swift type of each property in each style (../shared/spec/xcode-codegen.md §7).
enum PropertyTypes {
    /// How a property is declared.
    enum Declaration: Equatable {
        /// `@NSManaged var name: Type`
        case managed(String)
        /// A computed property over KVC, for optional scalars (Objective-C cannot hold `Int16?`).
        case optionalScalar(String)
        /// Not generated (Undefined and ObjectID attributes).
        case none
    }

    static func attribute(_ attribute: Attribute, style: CodegenOptions.Style) -> Declaration {
        guard let type = attribute.type else { return .none }
        let scalar = attribute.usesScalarValueType == true
        switch style {
        case .xcode:
            switch type {
            case .integer16: return .managed(scalar ? "Int16" : "NSNumber?")
            case .integer32: return .managed(scalar ? "Int32" : "NSNumber?")
            case .integer64: return .managed(scalar ? "Int64" : "NSNumber?")
            case .float: return .managed(scalar ? "Float" : "NSNumber?")
            case .double: return .managed(scalar ? "Double" : "NSNumber?")
            case .boolean: return .managed(scalar ? "Bool" : "NSNumber?")
            case .decimal: return .managed("NSDecimalNumber?")
            case .string: return .managed("String?")
            case .date: return .managed(scalar ? "TimeInterval" : "Date?")
            case .binary: return .managed("Data?")
            case .uuid: return .managed("UUID?")
            case .uri: return .managed("URL?")
            case .transformable: return .managed(SwiftNames.customClassType(attribute.customClassName) + "?")
            case .composite: return .managed("[String: Any]?")
            case .undefined, .objectID: return .none
            }
        case .strict:
            let optional = attribute.isOptional ? "?" : ""
            let scalarName: String?
            switch type {
            case .integer16: scalarName = "Int16"
            case .integer32: scalarName = "Int32"
            case .integer64: scalarName = "Int64"
            case .float: scalarName = "Float"
            case .double: scalarName = "Double"
            case .boolean: scalarName = "Bool"
            default: scalarName = nil
            }
            if let scalarName { return attribute.isOptional ? .optionalScalar(scalarName) : .managed(scalarName) }
            switch type {
            case .decimal: return .managed("NSDecimalNumber" + optional)
            case .string: return .managed("String" + optional)
            case .date: return .managed("Date" + optional)
            case .binary: return .managed("Data" + optional)
            case .uuid: return .managed("UUID" + optional)
            case .uri: return .managed("URL" + optional)
            case .transformable:
                return .managed(SwiftNames.customClassType(attribute.customClassName) + optional)
            case .composite: return .managed("[String: Any]" + optional)
            default: return .none
            }
        }
    }

    static func relationship(
        _ relationship: Relationship, destinationClass: String, style: CodegenOptions.Style
    ) -> String {
        switch (style, relationship.isToMany, relationship.isOrdered) {
        case (.xcode, false, _): return destinationClass + "?"
        case (.xcode, true, false): return "NSSet?"
        case (.xcode, true, true): return "NSOrderedSet?"
        case (.strict, false, _): return destinationClass + (relationship.isOptional ? "?" : "")
        case (.strict, true, false): return "Set<\(destinationClass)>"
        case (.strict, true, true): return "NSOrderedSet"
        }
    }
}
