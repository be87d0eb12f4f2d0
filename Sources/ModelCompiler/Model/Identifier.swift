/// What Xcode's model editor accepts as an entity or property name: letters, digits and `_`, not starting with a
/// digit (it also wants entities capitalised, which only matters to style).
enum Identifier {
    static func isValid(_ name: some StringProtocol) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType == .decimal }
    }
}
