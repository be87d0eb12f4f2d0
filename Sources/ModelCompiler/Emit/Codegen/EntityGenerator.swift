/// The class, its properties extension, to-many accessors, Identifiable conformance and key aliases of
/// one entity, laid out line for line as Xcode writes them (spec §5-8) in the xcode style.
struct EntityGenerator {
    let entity: Entity
    let context: CodegenContext

    var options: CodegenOptions { context.options }
    var access: String { options.accessPrefix }
    var className: String { SwiftNames.className(of: entity) }
    var generatesClass: Bool { entity.codeGeneration != .category }

    /// `@objc(Name)` then `public class Name: Super {`, empty body.
    func classLines() -> [String] {
        let superclass = entity.parentName.flatMap { context.entities[$0] }.map(context.runtimeClassName(of:)) ?? "NSManagedObject"
        return [
            SwiftNames.isCurrentModule(entity, module: options.moduleName) ? "" : "@objc(\(className))",
            "\(access)class \(className): \(superclass) {",
            "",
            "}",
        ]
    }

    func propertiesLines() -> [String] {
        var lines = ["extension \(className) {", ""]
        let fetchName = options.style == .xcode ? "fetchRequest" : "typedFetchRequest"
        lines += [
            "    @nonobjc \(access)class func \(fetchName)() -> NSFetchRequest<\(className)> {",
            "        return NSFetchRequest<\(className)>(entityName: \(SwiftLiteral.string(entity.name)))",
            "    }",
            "",
        ]
        for attribute in entity.attributes {
            let name = SwiftNames.identifier(attribute.name)
            switch PropertyTypes.attribute(attribute, style: options.style) {
            case .managed(let type): lines.append("    @NSManaged \(access)var \(name): \(type)")
            case .optionalScalar(let type):
                lines += [
                    "    \(access)var \(name): \(type)? {",
                    "        get { (value(forKey: \(SwiftLiteral.string(attribute.name))) as? NSNumber)?.\(Self.numberAccessor(type)) }",
                    "        set { setValue(newValue.map { NSNumber(value: $0) }, forKey: \(SwiftLiteral.string(attribute.name))) }",
                    "    }",
                ]
            case .none: continue
            }
        }
        for relationship in entity.relationships {
            let type = PropertyTypes.relationship(relationship, destinationClass: destinationClass(relationship), style: options.style)
            lines.append("    @NSManaged \(access)var \(SwiftNames.identifier(relationship.name)): \(type)")
        }
        lines += ["", "}"]
        for relationship in entity.relationships where relationship.isToMany {
            lines += [""] + accessorLines(relationship)
        }
        if entity.parentName == nil {
            lines += ["", "extension \(className) : Identifiable {", "", "}"]
        }
        return lines
    }

    /// Beyond Xcode: the entity's key constants on the class, from the portable model type.
    func keyAliasLines(modelType: String) -> [String] {
        let keys = "\(modelType).\(SwiftNames.typeName(entity.name))"
        return [
            "extension \(className) {",
            "    \(access)typealias Attributes = \(keys).Attributes",
            "    \(access)typealias Relationships = \(keys).Relationships",
            "}",
        ]
    }

    private func destinationClass(_ relationship: Relationship) -> String {
        guard let destination = relationship.destinationEntityName.flatMap({ context.entities[$0] }) else { return "NSManagedObject" }
        return context.runtimeClassName(of: destination)
    }

    private func accessorLines(_ relationship: Relationship) -> [String] {
        let r = SwiftNames.capitalizedFirst(relationship.name), d = destinationClass(relationship)
        let set = relationship.isOrdered ? "NSOrderedSet" : "NSSet"
        var members: [(String, String)] = []
        if relationship.isOrdered {
            members += [
                ("insertObject:in\(r)AtIndex:", "insertInto\(r)(_ value: \(d), at idx: Int)"),
                ("removeObjectFrom\(r)AtIndex:", "removeFrom\(r)(at idx: Int)"),
                ("insert\(r):atIndexes:", "insertInto\(r)(_ values: [\(d)], at indexes: NSIndexSet)"),
                ("remove\(r)AtIndexes:", "removeFrom\(r)(at indexes: NSIndexSet)"),
                ("replaceObjectIn\(r)AtIndex:withObject:", "replace\(r)(at idx: Int, with value: \(d))"),
                ("replace\(r)AtIndexes:with\(r):", "replace\(r)(at indexes: NSIndexSet, with values: [\(d)])"),
            ]
        }
        members += [
            ("add\(r)Object:", "addTo\(r)(_ value: \(d))"),
            ("remove\(r)Object:", "removeFrom\(r)(_ value: \(d))"),
            ("add\(r):", "addTo\(r)(_ values: \(set))"),
            ("remove\(r):", "removeFrom\(r)(_ values: \(set))"),
        ]
        var lines = ["// MARK: Generated accessors for \(relationship.name)", "extension \(className) {", ""]
        for (selector, declaration) in members {
            lines += ["    @objc(\(selector))", "    @NSManaged \(access)func \(declaration)", ""]
        }
        return lines + ["}"]
    }

    static func numberAccessor(_ type: String) -> String {
        switch type {
        case "Int16": "int16Value"
        case "Int32": "int32Value"
        case "Int64": "int64Value"
        case "Float": "floatValue"
        case "Double": "doubleValue"
        default: "boolValue"
        }
    }
}
