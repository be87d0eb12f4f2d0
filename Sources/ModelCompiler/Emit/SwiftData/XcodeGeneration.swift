/// The generations of Xcode's SwiftData template (spec section 1.3): what changes from one to the next.
enum XcodeGeneration: Int, Comparable, CaseIterable, Sendable {
    /// Xcode 15.0.x (tools 22222, 22225): `public init() { }` (shape A), index warnings, internal `id`.
    case xcode15_0
    /// Xcode 15.1 to 15.4 (tools 22522 to 22758): the init with parameters (shapes B and C), `@Attribute(.unique)`,
    /// a public `id` on an entity without codegen.
    case xcode15_1
    /// Xcode 16.0 betas (tools 23211.1, 23222.3): `#Index<E>([])` and the index warning for ascending indexes.
    case xcode16_0Beta
    /// Xcode 16.0 to 16.4 (tools 23231 to 23788): `@available(macOS 15, *)` and `#Index<E>([\.a])`.
    case xcode16_4
    /// Xcode 26 (tools 24233 and later): `public import`.
    case xcode26

    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// The generation of the Xcode that saved a model last (`lastSavedToolsVersion`); nil when it predates SwiftData
    /// or is unreadable.
    init?(toolsVersion: String) {
        let parts = toolsVersion.split(separator: ".")
        guard let major = parts.first.flatMap({ Int($0) }) else { return nil }
        let minor = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        switch major {
        case ..<22222: return nil
        case ..<22522: self = .xcode15_0
        case ..<23211: self = .xcode15_1
        case ..<23231: self = .xcode16_0Beta
        case 23231 where minor > 0: self = .xcode16_0Beta
        case ..<24233: self = .xcode16_4
        default: self = .xcode26
        }
    }

    /// `15.0`, `15.0.1`, `15.2`, `16.0-beta`, `16.4`, `26.1` ...; nil for one it does not know.
    init?(xcodeVersion: String) {
        if xcodeVersion.hasPrefix("16.0-beta") || xcodeVersion.hasPrefix("16.0 beta") {
            self = .xcode16_0Beta
            return
        }
        let parts = xcodeVersion.split(separator: ".").map { Int($0) }
        guard let major = parts.first ?? nil, parts.allSatisfy({ $0 != nil }) else { return nil }
        let minor = parts.count > 1 ? parts[1] ?? 0 : 0
        switch (major, minor) {
        case (15, 0): self = .xcode15_0
        case (15, _): self = .xcode15_1
        case (16, _): self = .xcode16_4
        case (17..., _): self = .xcode26
        default: return nil
        }
    }
}
