/// One entity's `@Model` file (spec sections 2 to 6): header, imports, macros, one line per attribute then per
/// relationship in model order, the init, then the `#warning`s for what SwiftData cannot hold.
struct SwiftDataEntityWriter {
    let entity: Entity
    let model: ManagedObjectModel
    let shape: SwiftDataShape
    let inverses: Set<String>
    let options: SwiftDataOptions
    /// A shipped version's schema: what SwiftData cannot hold is said in comments, not build warnings. That version
    /// is not edited any more, and the current version's schema warns about whatever of it is still true.
    var warningsAsComments = false

    var text: String {
        SwiftDataGenerator.header(
            entity.name + ".swift", options: options,
            publicImports: shape.isXcode && shape.generation >= .xcode26) + "\n\n" + classText
    }

    /// The class alone, from its `@available` or `@Model` line to its closing brace (a versioned schema nests it).
    var classText: String {
        var text = ""
        let macros = [indexLine, uniqueLine].compactMap { $0 }
        if !macros.isEmpty, let availability { text += availability + "\n" }
        text += "@Model public class \(entity.name) {\n"
        for line in macros + attributes.map(attributeLine) + positionLines + relationships.map(relationshipLine)
            + accessorLines
        {
            text += "    " + line + "\n"
        }
        text += initializer
        let warnings = indexWarnings + propertyWarnings
        return text
            + (warnings.isEmpty
                ? "}\n"
                : "\n"
                    + warnings.map {
                        warningsAsComments
                            ? "    // \(SwiftDataVersioned.comment($0))\n" : "#warning(\(SwiftLiteral.string($0)))\n"
                    }.joined() + "\n}\n")
    }

    /// Xcode writes a subentity's own properties (its parent's are OPEN); corrected, the inherited ones come first,
    /// so that no value is lost (SwiftData models inheritance only from iOS 26).
    var ancestors: [Entity] {
        // Asked for each property list: an entity without a parent makes no table of the model's entities.
        shape.isXcode || entity.parentName == nil
            ? [] : Array(entity.lineage(in: model.entitiesByName).dropFirst().reversed())
    }
    var attributes: [Attribute] { Self.nearest(ancestors.map(\.attributes) + [entity.attributes], name: \.name) }
    var relationships: [Relationship] {
        Self.nearest(ancestors.map(\.relationships) + [entity.relationships], name: \.name)
    }

    /// The properties of a lineage, root first, each name once: a subentity's own declaration of a name wins.
    static func nearest<P>(_ levels: [[P]], name: (P) -> String) -> [P] {
        var result: [P] = [], positions: [String: Int] = [:]
        for property in levels.joined() {
            if let position = positions[name(property)] {
                result[position] = property
            } else {
                positions[name(property)] = result.count
                result.append(property)
            }
        }
        return result
    }

    /// Names `@Model` declares itself, which a property cannot take: corrected, such a property is `<name>_`, its
    /// stored name kept with `originalName:` (Xcode writes them as they are).
    static let modelMembers: Set<String> = [
        "persistentBackingData", "schemaMetadata", "persistentModelID",
        "modelContext", "hasChanges", "isDeleted",
    ]

    /// A property's Swift name: backticked when a keyword, `<name>_` (corrected) when `@Model` declares it.
    func name(_ property: String) -> String {
        !shape.isXcode && Self.modelMembers.contains(property) ? property + "_" : SwiftNames.identifier(property)
    }

    /// `originalName:` for a property: the name it had (its renaming identifier), or, renamed here, its own.
    func originalName(_ property: String, renamedFrom old: String?) -> String? {
        if name(property) == property + "_" { return property }
        return old.flatMap { $0 != property ? $0 : nil }
    }

    // MARK: Macros

    /// Xcode 16.4 names the platform it built for (macOS 15 in every pair); corrected, every platform `#Index` and
    /// `#Unique` need.
    var availability: String? {
        if !shape.isXcode { return "@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)" }
        return shape.generation >= .xcode16_4 ? "@available(macOS 15, *)" : nil
    }

    /// Each fetch index's properties, then each `indexed="YES"` attribute's (expression elements left out).
    var indexes: [[(name: String, ascending: Bool)]] {
        entity.fetchIndexes.map { index in
            index.elements.compactMap { element in element.property.map { ($0, element.isAscending) } }
        }.filter { !$0.isEmpty } + attributes.filter(\.isIndexed).map { [($0.name, true)] }
    }

    var indexLine: String? {
        guard !indexes.isEmpty, shape.indexMacro || shape.generation == .xcode16_0Beta else { return nil }
        // The 16.0 betas wrote the macro with no key paths (the index was dropped).
        let lists =
            shape.generation == .xcode16_0Beta && shape.isXcode
            ? ["[]"]
            : indexes.map { "[" + $0.map { "\\." + name($0.name) }.joined(separator: ", ") + "]" }
        return "#Index<\(entity.name)>(" + lists.joined(separator: ", ") + ")"
    }

    /// Single-attribute constraints are `@Attribute(.unique)`; `#Unique` holds the compound ones (and, in the 16.0
    /// betas, every one).
    var uniqueLine: String? {
        let lists = entity.uniquenessConstraints.map { $0.members.map(\.value) }
            .filter { shape.isXcode && shape.generation == .xcode16_0Beta ? true : $0.count > 1 }
        guard !lists.isEmpty, !shape.isXcode || shape.generation >= .xcode16_0Beta else { return nil }
        return "#Unique<\(entity.name)>("
            + lists.map {
                "["
                    + $0.map { "\\." + name($0) }
                    .joined(separator: ", ") + "]"
            }.joined(separator: ", ") + ")"
    }

    func isUnique(_ attribute: Attribute) -> Bool {
        guard uniqueLine == nil || !(shape.isXcode && shape.generation == .xcode16_0Beta) else { return false }
        return entity.uniquenessConstraints.contains { $0.members.map(\.value) == [attribute.name] }
    }

    // MARK: Properties

    func attributeLine(_ attribute: Attribute) -> String {
        let types = SwiftDataTypes(shape: shape)
        var options: [String] = []
        if isUnique(attribute) { options.append(".unique") }
        if attribute.allowsExternalBinaryDataStorage { options.append(".externalStorage") }
        if attribute.isTransient { options.append(".ephemeral") }
        let type = types.type(of: attribute, model: model)
        if let transformer = type.transformer {
            options.append(".transformable(by: \(SwiftLiteral.string(transformer)))")
        }
        if !shape.isXcode {
            if let old = originalName(attribute.name, renamedFrom: attribute.renamingIdentifier?.value) {
                options.append("originalName: \(SwiftLiteral.string(old))")
            }
            if let modifier = attribute.versionHashModifier {
                options.append("hashModifier: \(SwiftLiteral.string(modifier))")
            }
        }
        let access = !shape.isXcode || isPublicID(attribute) ? "public " : ""
        var line =
            (options.isEmpty ? "" : "@Attribute(" + options.joined(separator: ", ") + ") ")
            + access + "var " + name(attribute.name) + ": " + type.name + (attribute.isOptional ? "?" : "")
        if let literal = types.defaultLiteral(of: attribute) {
            line +=
                " = " + (type.name == "Foundation.Date" && literal.hasPrefix("Date(") ? "Foundation." : "") + literal
        }
        return line
    }

    /// Xcode 15.1 and later make `id` public on an entity without codegen, unless it is unique (spec 2.3).
    func isPublicID(_ attribute: Attribute) -> Bool {
        attribute.name == "id" && entity.codeGeneration == .manual && !isUnique(attribute)
            && shape.generation >= .xcode15_1
    }

    func relationshipLine(_ relationship: Relationship) -> String {
        let destination = relationship.destinationEntityName ?? "NSObject"
        var arguments: [String] = []
        switch relationship.deleteRule {
        case .cascade: arguments.append("deleteRule: .cascade")
        case .noAction: arguments.append("deleteRule: .noAction")
        case .deny: arguments.append("deleteRule: .deny")
        case .nullify: break
        }
        if !relationship.isToMany, !relationship.isOptional { arguments.append("minimumModelCount: 1") }
        if !shape.isXcode,
            let old = originalName(relationship.name, renamedFrom: relationship.renamingIdentifier?.value)
        {
            arguments.append("originalName: \(SwiftLiteral.string(old))")
        }
        if inverses.contains(entity.name + "." + relationship.name), let inverse = relationship.inverseName {
            arguments.append("inverse: \\\(destination).\(name(inverse))")
        }
        if !shape.isXcode, let modifier = relationship.versionHashModifier {
            arguments.append("hashModifier: \(SwiftLiteral.string(modifier))")
        }
        let type = (relationship.isToMany ? "[\(destination)]" : destination) + (relationship.isOptional ? "?" : "")
        let access = shape.isXcode ? "" : "public "
        return (arguments.isEmpty ? "" : "@Relationship(" + arguments.joined(separator: ", ") + ") ")
            + access + "var " + name(relationship.name) + ": " + type
    }

    /// Corrected: the positions that keep ordered relationships' order into this entity (`SwiftDataOrder`).
    var positionLines: [String] {
        shape.isXcode ? [] : SwiftDataOrder.positions(of: entity, in: model).flatMap(SwiftDataOrder.positionLines)
    }

    /// Corrected: each ordered relationship's `<name>InOrder`.
    var accessorLines: [String] {
        guard !shape.isXcode else { return [] }
        return relationships.filter { $0.isToMany && $0.isOrdered }.flatMap { relationship in
            SwiftDataOrder.ordered(relationship.name, of: entity, in: model).map {
                SwiftDataOrder.accessorLines($0, property: name(relationship.name), optional: relationship.isOptional)
            } ?? []
        }
    }

    // MARK: The init

    /// Shape A (Xcode 15.0), else B (no parameter) or C: the required attributes without a default, then the
    /// required relationships.
    var initializer: String {
        if shape.initWithoutParameters { return "    \n\n    public init() { }\n    \n" }
        let types = SwiftDataTypes(shape: shape)
        var parameters: [(name: String, declaration: String)] = []
        for attribute in attributes
        where !attribute.isOptional && !attribute.isTransient
            && types.defaultLiteral(of: attribute) == nil
        {
            let label = name(attribute.name)
            parameters.append((label, label + ": " + types.type(of: attribute, model: model).name))
        }
        for relationship in relationships where !relationship.isOptional {
            let label = name(relationship.name), destination = relationship.destinationEntityName ?? "NSObject"
            parameters.append((label, label + (relationship.isToMany ? ": [\(destination)] = []" : ": " + destination)))
        }
        var text = "    public init(" + parameters.map(\.declaration).joined(separator: ", ") + ") {\n"
        for parameter in parameters { text += "        self.\(parameter.name) = \(parameter.name)\n" }
        return text + "\n    }\n    \n"
    }

    // MARK: Warnings

    /// Xcode 15.x: one per indexed property; the 16.0 betas: one per ascending one.
    var indexWarnings: [String] {
        guard shape.isXcode, shape.generation <= .xcode16_0Beta else { return [] }
        var names: [String] = []
        for element in indexes.joined() where shape.generation < .xcode16_0Beta || element.ascending {
            if !names.contains(element.name) { names.append(element.name) }
        }
        return names.map { "Index on \(entity.name):\($0) is unsupported in SwiftData." }
    }

    var propertyWarnings: [String] {
        shape.isXcode
            ? SwiftDataWarnings.xcode(entity) : SwiftDataWarnings.corrected(entity, model: model, shape: shape)
    }
}
