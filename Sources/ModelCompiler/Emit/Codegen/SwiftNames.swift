/// Swift spellings of model names.
enum SwiftNames {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]
    /// Names that cannot be a member type name even with backticks meaningfully (`X.Type` is the metatype).
    static let reservedTypeNames: Set<String> = ["Type", "Protocol", "Self"]

    /// A property or case name, backticked when it is a keyword.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// A nested type name for an entity: reserved member names get a trailing underscore.
    static func typeName(_ name: String) -> String {
        if reservedTypeNames.contains(name) { return name + "_" }
        return identifier(name)
    }

    /// The class name Swift sees: `representedClassName` without its module prefix (`.Foo`, `App.Foo` -> `Foo`).
    static func className(of entity: Entity) -> String {
        guard let written = entity.className, !written.isEmpty else { return entity.name }
        return String(written.split(separator: ".").last ?? Substring(entity.name))
    }

    /// A Transformable's Swift type from `customClassName`: verbatim (`[String]`, `NSArray`), except Xcode's module
    /// spellings: a leading dot is the current module (`.UIColor` -> `UIColor`, as `.Foo` classes are written), and
    /// a module with no class after its dot (`App.`) names no class, so the type is `NSObject` as with none.
    static func customClassType(_ written: String?) -> String {
        guard var name = written?.trimmingSpaces, !name.isEmpty, !name.hasSuffix(".") else { return "NSObject" }
        while name.hasPrefix(".") { name.removeFirst() }
        return name.isEmpty ? "NSObject" : name
    }

    /// True when the class lives in the current module by Xcode's rule: no `@objc(Name)` line then.
    static func isCurrentModule(_ entity: Entity, module: String?) -> Bool {
        guard let written = entity.className else { return false }
        if written.hasPrefix(".") { return true }
        if let module, written.hasPrefix(module + ".") { return true }
        return false
    }

    /// A type name for the whole model: `Photo_Club_Hub` -> `Photo_Club_HubModel`, `My Model-2` -> `MyModel2Model`.
    static func modelTypeName(_ modelName: String) -> String { typeIdentifier(modelName, ifEmpty: "Core") + "Model" }

    /// A type name made of a name's ASCII letters, digits and underscores (`My Model-2` -> `MyModel2`), `ifEmpty`
    /// when none is left, an underscore first when it would start with a digit.
    static func typeIdentifier(_ text: String, ifEmpty: String) -> String {
        var name = String(
            text.unicodeScalars.filter {
                $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
            }
            .map(Character.init))
        if name.isEmpty { name = ifEmpty }
        if name.first!.isNumber { name = "_" + name }
        return name
    }

    /// `beds` -> `Beds`, as Xcode builds accessor names.
    static func capitalizedFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// `Shelf` -> `shelf`: an entity's name at the start of a property's.
    static func loweredFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.lowercased() + name.dropFirst()
    }

    /// Enum case names that would collide with a String enum's own members.
    static let enumMemberNames: Set<String> = [
        "rawValue", "allCases", "hashValue", "init", "hash", "AllCases", "RawValue",
    ]
}
