/// Where a model element and each of its settings are written, so that a rule can point at the
/// exact attribute it complains about (`destinationEntity="Boook"`), not just the element.
public struct SourceSpan: Hashable, Sendable {
    public var element: SourceLocation
    public var settings: [String: SourceLocation]

    public init(element: SourceLocation, settings: [String: SourceLocation] = [:]) {
        self.element = element
        self.settings = settings
    }

    /// The location of a setting, or of the element when the setting is not written.
    public subscript(setting name: String) -> SourceLocation { settings[name] ?? element }
}
