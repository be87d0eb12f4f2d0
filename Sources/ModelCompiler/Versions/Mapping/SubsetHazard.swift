/// The subset hazard (../shared/spec/mapping-model-format.md §5, pain point 2): Core Data takes the first mapping
/// model whose mapped entities' hashes are all in the store's and the destination model's hashes, so a mapping model
/// that leaves out an entity changed on its hop also matches other hops whose versions differ only there.
enum SubsetHazard {
    /// What else the hop matches besides `intended` -> `hop.destination`, and why; nil when every other match is a
    /// version Core Data cannot tell from the intended one (the same hashes throughout).
    static func describe(
        _ hop: MappingModelRule.Hop, intended: String, versions: [String: CompiledVersion],
        mapped: [CompiledMapping.Entity]
    ) -> String? {
        func hashes(_ name: String) -> [String: [UInt8]] { versions[name]?.entityHashes ?? [:] }
        let intendedSource = hashes(intended), intendedDestination = hashes(hop.destination)
        let otherSources = hop.sources.filter { $0 != intended && hashes($0) != intendedSource }
        let otherDestinations = hop.destinations.filter { $0 != hop.destination && hashes($0) != intendedDestination }
        guard !otherSources.isEmpty || !otherDestinations.isEmpty else { return nil }
        var telling = Set<String>()
        for (others, reference) in [(otherSources, intendedSource), (otherDestinations, intendedDestination)] {
            for other in others {
                let theirs = hashes(other)
                for name in Set(theirs.keys).union(reference.keys) where theirs[name] != reference[name] {
                    telling.insert(name)
                }
            }
        }
        var also: [String] = []
        if !otherSources.isEmpty { also.append("upgrades from " + MappingModelRule.quoted(otherSources)) }
        if !otherDestinations.isEmpty { also.append("upgrades to " + MappingModelRule.quoted(otherDestinations)) }
        let names = telling.sorted()
        let shown =
            MappingModelRule.quoted(Array(names.prefix(3))) + (names.count > 3 ? " and \(names.count - 3) more" : "")
        return "also matches " + also.joined(separator: " and ") + ", not only '\(intended)' -> '\(hop.destination)': "
            + "the \(mapped.count) entities it maps are the same in them, and the entities that tell them apart "
            + "(\(shown)) have no entity mapping. Core Data uses the first mapping model that matches, so an app "
            + "migrating along those upgrades gets this one; map those entities too if it must not"
    }
}
