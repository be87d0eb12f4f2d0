/// The class, its properties extension, to-many accessors, Identifiable conformance and key aliases of
/// one entity, laid out line for line as Xcode writes them (spec §5-8) in the xcode style.
struct EntityGenerator {
    let entity: Entity
    let context: CodegenContext
    /// Worked out once: every part of the entity's code names its class.
    let className: String

    init(entity: Entity, context: CodegenContext) {
        self.entity = entity
        self.context = context
        className = SwiftNames.className(of: entity)
    }

    var options: CodegenOptions { context.options }
    var access: String { options.accessPrefix }
    var generatesClass: Bool { entity.codeGeneration != .category }

    /// `@objc(Name)` then `public class Name: Super {`, empty body.
    func printClass(_ p: inout CodePrinter) {
        let superclass = entity.parentName.flatMap(context.runtimeClassName(ofEntityNamed:)) ?? "NSManagedObject"
        p.line(SwiftNames.isCurrentModule(entity, module: options.moduleName) ? "" : "@objc(\(className))")
        p.block("\(access)class \(className): \(superclass) {") { $0.line() }
    }

    func printProperties(_ p: inout CodePrinter) {
        p.block("extension \(className) {") { p in
            p.line()
            let fetchName = options.style == .xcode ? "fetchRequest" : "typedFetchRequest"
            p.block("@nonobjc \(access)class func \(fetchName)() -> NSFetchRequest<\(className)> {") { p in
                p.line("return NSFetchRequest<\(className)>(entityName: \(p.literal(entity.name)))")
            }
            p.line()
            for attribute in entity.attributes { printAttribute(attribute, &p) }
            for relationship in entity.relationships {
                let type = PropertyTypes.relationship(
                    relationship, destinationClass: destinationClass(relationship), style: options.style)
                p.line("@NSManaged ", access, "var ", SwiftNames.identifier(relationship.name), ": ", type)
            }
            p.line()
        }
        for relationship in entity.relationships where relationship.isToMany {
            p.line()
            printAccessors(relationship, &p)
        }
        if entity.parentName == nil && options.identifiable {
            p.line()
            p.block("extension \(className) : Identifiable {") { $0.line() }
        }
    }

    private func printAttribute(_ attribute: Attribute, _ p: inout CodePrinter) {
        let name = SwiftNames.identifier(attribute.name)
        switch PropertyTypes.attribute(attribute, style: options.style) {
        case .managed(let type): p.line("@NSManaged ", access, "var ", name, ": ", type)
        case .optionalScalar(let type):
            let key = p.literal(attribute.name)
            p.block("\(access)var \(name): \(type)? {") { p in
                p.line("get { (value(forKey: \(key)) as? NSNumber)?.\(Self.numberAccessor(type)) }")
                p.line("set { setValue(newValue.map { NSNumber(value: $0) }, forKey: \(key)) }")
            }
        case .none: break
        }
    }

    /// Beyond Xcode: the entity's key constants on the class, from the portable model type.
    func printKeyAliases(modelType: String, _ p: inout CodePrinter) {
        let keys = "\(modelType).\(SwiftNames.typeName(entity.name))"
        guard !context.keyAliasNames.isEmpty else { return }
        p.block("extension \(className) {") { p in
            for alias in context.keyAliasNames { p.line(access, "typealias ", alias, " = ", keys, ".", alias) }
        }
    }

    private func destinationClass(_ relationship: Relationship) -> String {
        relationship.destinationEntityName.flatMap(context.runtimeClassName(ofEntityNamed:)) ?? "NSManagedObject"
    }

    private func printAccessors(_ relationship: Relationship, _ p: inout CodePrinter) {
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
        p.line("// MARK: Generated accessors for \(relationship.name)")
        p.block("extension \(className) {") { p in
            p.line()
            for (selector, declaration) in members {
                p.line("@objc(", selector, ")")
                p.line("@NSManaged ", access, "func ", declaration)
                p.line()
            }
        }
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
