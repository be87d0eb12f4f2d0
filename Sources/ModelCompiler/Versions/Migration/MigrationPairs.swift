/// Which upgrade paths `diff` reports: `from` -> `to` when `from` is given; otherwise every earlier version to
/// the target (users skip releases), then every consecutive pair (up to `to` when given, else across the bundle).
enum MigrationPairs {
    static func pairs(
        _ versions: [CompiledVersion], from: CompiledVersion?, to target: CompiledVersion,
        toGiven: Bool
    ) -> [(CompiledVersion, CompiledVersion)] {
        if let from { return [(from, target)] }
        let upTo = versions.prefix { $0.versionName != target.versionName }
        var pairs = upTo.map { ($0, target) }
        let sequence = toGiven ? Array(upTo) + [target] : versions
        for (earlier, later) in zip(sequence, sequence.dropFirst())
        where !pairs.contains(where: {
            $0.0.versionName == earlier.versionName && $0.1.versionName == later.versionName
        }) {
            pairs.append((earlier, later))
        }
        return pairs
    }
}
