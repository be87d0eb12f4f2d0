/// Which upgrade paths a team's app has (`openmomc.json`: `"oldestSupportedVersion"`, `"migration"`). By default
/// a store of any shipped version (any earlier one without a record) is opened by the current version directly;
/// an app can say that stores older than some version are no longer supported, or that it migrates step by step
/// (each version to the next, as progressive migrators and staged migration do).
public struct UpgradePlan: Sendable, Equatable {
    /// How stores of older versions reach the current one.
    public enum Style: String, Sendable, CaseIterable {
        /// Each older store is opened by the current version directly (Core Data's default).
        case direct
        /// Each version migrates to the next, one step at a time (progressive or staged migration).
        case stepByStep = "step-by-step"
    }

    /// The oldest version whose stores the app still opens; nil for every shipped version.
    public var oldestSupportedVersion: String?
    /// How stores reach the current version.
    public var style: Style
    /// The `openmomc.json` the plan was read from, named in the upgrade-paths note (not part of what a plan is).
    var file: String? = nil
    /// Whether `style` was set (`"migration"` in `openmomc.json`); when not, the bundle's mapping models may choose it.
    var isStyleChosen = false
    /// Why the style was chosen for the team, said in the upgrade-paths note.
    var reason: String? = nil

    /// Two plans are equal when they take the same upgrade paths, wherever they were read from.
    public static func == (a: UpgradePlan, b: UpgradePlan) -> Bool {
        a.oldestSupportedVersion == b.oldestSupportedVersion && a.style == b.style
    }

    /// A plan; by default every shipped version upgrades directly.
    public init(oldestSupportedVersion: String? = nil, style: Style = .direct) {
        self.oldestSupportedVersion = oldestSupportedVersion
        self.style = style
    }

    /// The (source, destination) pairs to analyse, in version order. `sources`: the versions a store can come from
    /// (shipped ones, or all earlier ones). Step by step, only the steps into a version still being edited: the
    /// steps between shipped versions already ran on users' devices.
    func pairs(
        _ order: [String], versions: [CompiledVersion], current: String, sources: Set<String>,
        editable: Set<String>
    ) -> [(CompiledVersion, CompiledVersion)] {
        guard let currentIndex = order.firstIndex(of: current) else { return [] }
        let oldest = oldestSupportedVersion.flatMap { order.firstIndex(of: $0) } ?? 0
        let byName = Dictionary(versions.map { ($0.versionName, $0) }, uniquingKeysWith: { first, _ in first })
        guard let target = byName[current] else { return [] }
        switch style {
        case .direct:
            return order[..<currentIndex].enumerated().compactMap { index, name in
                guard index >= oldest, sources.contains(name), let source = byName[name] else { return nil }
                return (source, target)
            }
        case .stepByStep:
            let chain = order[max(oldest, 0)...currentIndex].compactMap { byName[$0] }
            return zip(chain, chain.dropFirst()).filter { editable.contains($0.1.versionName) }
        }
    }

    /// How the analysed paths are described in the note that accompanies migration findings.
    var description: String {
        let from = oldestSupportedVersion.map { "from '\($0)' on" } ?? "from every earlier version"
        switch style {
        case .direct: return "directly \(from) to the current version"
        case .stepByStep: return "step by step \(from), each version to the next" + (reason.map { " (\($0))" } ?? "")
        }
    }
}
