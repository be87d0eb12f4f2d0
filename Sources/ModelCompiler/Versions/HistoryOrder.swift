/// The order in which a bundle's versions were made, for every check that asks "before the current version": names
/// sort naturally, and most histories are one series (`Model`, `Model 2`, ...). A version whose name is outside the
/// current version's series can sort after it (an app's first version named after its folder, `Shared`, beside
/// `0.5` ... `0.9`; an app renamed mid-history, `OldName 5` beside `NewName v1.4`), and was left out of every upgrade
/// path. Such versions are placed by their contents instead: as one run, in their natural order, where the history
/// changes least from version to version (a version beside the one it differs least from), the current version last.
/// A later version of the current one's own series (a pointer left behind) keeps its place after it.
enum HistoryOrder {
    struct Arranged {
        var source: ModelBundleSource
        var versions: [CompiledVersion]
        /// Says which order was assumed, when names did not give it.
        var note: Diagnostic?
    }

    static func arrange(_ source: ModelBundleSource, current: CurrentVersion?, versions: [CompiledVersion]) -> Arranged
    {
        let unchanged = Arranged(source: source, versions: versions, note: nil)
        let names = source.versions.map(\.name)
        guard source.layout == .versionedBundle, let current, let index = names.firstIndex(of: current.name),
            index + 1 < names.count
        else { return unchanged }
        let after = names[(index + 1)...]
        let misplaced = after.filter { VersionNaming.laterInSeries(than: current.name, among: [$0]) == nil }
        guard !misplaced.isEmpty else { return unchanged }
        let models = Dictionary(versions.map { ($0.versionName, $0) }, uniquingKeysWith: { first, _ in first })
        let before = Array(names[..<index])
        var best: (order: [String], cost: Int)?
        for position in 0...before.count {
            let order = Array(before[..<position]) + misplaced + before[position...] + [current.name]
            let cost = zip(order, order.dropFirst()).reduce(0) { total, pair in
                total + distance(models[pair.0], models[pair.1])
            }
            if cost < best?.cost ?? .max { best = (order, cost) }
        }
        guard let order = best?.order else { return unchanged }
        let arranged = order + after.filter { !misplaced.contains($0) }
        let place = Dictionary(uniqueKeysWithValues: arranged.enumerated().map { ($1, $0) })
        var source = source
        source.versions.sort { place[$0.name, default: .max] < place[$1.name, default: .max] }
        let sorted = versions.sorted { place[$0.versionName, default: .max] < place[$1.versionName, default: .max] }
        let quoted = { (names: [String]) in names.map { "'\($0)'" }.joined(separator: ", ") }
        let note = Diagnostic.note(
            .historyOrderAssumed,
            "\(quoted(misplaced)) \(misplaced.count == 1 ? "sorts" : "sort") "
                + "after the current version '\(current.name)' by name but \(misplaced.count == 1 ? "is" : "are") not a "
                + "later version of it: the history is taken to be \(quoted(order)) from the versions' contents (each "
                + "beside the one it differs least from), and every version before '\(current.name)' is checked as the "
                + "source of an upgrade", at: SourceLocation(file: source.path))
        return Arranged(source: source, versions: sorted, note: note)
    }

    /// How far apart two versions are: entities and properties one has and the other lacks, and entities both have
    /// whose version hashes differ. A version that did not compile is far from everything.
    static func distance(_ a: CompiledVersion?, _ b: CompiledVersion?) -> Int {
        guard let a, let b else { return 1_000_000 }
        let (left, right) = (names(a.model), names(b.model))
        let hashes = (a.entityHashes, b.entityHashes)
        let changed = hashes.0.filter { name, hash in hashes.1[name].map { $0 != hash } ?? false }.count
        return left.symmetricDifference(right).count + changed
    }

    private static func names(_ model: ManagedObjectModel) -> Set<String> {
        var names: Set<String> = []
        for entity in model.entities {
            names.insert(entity.name)
            for name in entity.propertyNames { names.insert(entity.name + "." + name) }
        }
        return names
    }
}

extension DiagnosticCode {
    /// A version outside the current version's name series was placed in the history by its contents.
    static let historyOrderAssumed: DiagnosticCode = "history-order-assumed"
}
