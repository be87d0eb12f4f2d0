/// Where a model element and each of its settings are written, so that a rule can point at the
/// exact attribute it complains about (`destinationEntity="Boook"`), not just the element.
///
/// Spans read from a file hold the file and the element's position; a setting's location is found in
/// the file's bytes only when a diagnostic asks for it.
struct SourceSpan: Hashable, Sendable {
    /// Read by the compile cache's model coding.
    enum Storage: Sendable {
        case file(SourceFile, SourcePosition)
        case fixed(element: SourceLocation, settings: [String: SourceLocation])
    }

    let storage: Storage

    init(element: SourceLocation, settings: [String: SourceLocation] = [:]) {
        storage = .fixed(element: element, settings: settings)
    }

    init(file: SourceFile, position: SourcePosition) {
        storage = .file(file, position)
    }

    var element: SourceLocation {
        switch storage {
        case .file(let file, let position): file.location(of: position)
        case .fixed(let element, _): element
        }
    }

    /// The location of a setting, or of the element when the setting is not written.
    subscript(setting name: String) -> SourceLocation {
        switch storage {
        case .file(let file, let position): file.location(ofAttribute: name, inTagAt: position) ?? element
        case .fixed(let element, let settings): settings[name] ?? element
        }
    }

    static func == (lhs: SourceSpan, rhs: SourceSpan) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case let (.file(a, p), .file(b, q)): a === b && p == q
        case let (.fixed(a, s), .fixed(b, t)): a == b && s == t
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(element)
    }
}
