/// `check A.xcdatamodeld B.xcdatamodeld ...`: bundles that mapping models link (`BundleLinks`) are also checked as
/// one history, as if one bundle held all their versions in the order the links give, ending at the last bundle's
/// current version: the mapping models' hops and stale sides, and the migration analysis of every version.
///
///     Source ... Compile   each bundle's own pipeline (already run by `check`)
///     Source, Compile      MappingModelRun          the mapping models beside any of them, and those named
///     Versions             BundleLinks.groups        which bundles are one history, in which order
///                          MappingModelRule.check    over the group's versions
///                          MigrationHistoryRule.check
enum LinkedHistories {
    struct Found {
        var diagnostics: [Diagnostic] = []
        /// The mapping models a group checked: their findings from a single bundle's check are replaced.
        var mappingModels: Set<String> = []
    }

    static func check(
        _ pipelines: [BundlePipeline], named: [String], detail: FindingDetail,
        plan: UpgradePlan
    ) -> Found {
        let bundles = pipelines.filter { $0.isBundle && !$0.versions.isEmpty }
        guard bundles.count > 1 else { return Found() }
        var seen = Set<String>(), paths: [String] = []
        for bundle in bundles {
            for path in MappingModelDiscovery.mappingModels(beside: bundle.source.path, named: named).paths
            where seen.insert(FileSystem.canonicalPath(path)).inserted {
                paths.append(path)
            }
        }
        let runs = Parallel.map(paths.count) { [paths] in MappingModelRun(path: paths[$0]) }
        let inputs = zip(paths, runs).compactMap { path, run -> MappingModelRule.Input? in
            guard let model = run.model, let compiled = run.compiled else { return nil }
            return MappingModelRule.Input(path: path, model: model, compiled: compiled)
        }
        let members = bundles.map { BundleLinks.Member(path: $0.source.path, versions: $0.versions) }
        var found = Found()
        for group in BundleLinks.groups(members, inputs: inputs) {
            let chain = group.members.map { bundles[$0] }
            let versions = chain.flatMap(\.versions)
            let names = chain.map { "'\($0.source.path.lastPathComponent)'" }
            guard let last = chain.last, Set(versions.map(\.versionName)).count == versions.count else {
                found.diagnostics.append(
                    .note(
                        .bundlesCheckedTogether,
                        names.joined(separator: ", ") + " are linked by "
                            + "mapping models but cannot be checked as one history: two of them have a version of the same "
                            + "name", at: SourceLocation(file: chain.last?.source.path ?? "")))
                continue
            }
            // The group's mapping models: every one that matches a version of it on either side (a stale one too).
            let hashes = versions.map { ($0.versionName, $0.entityHashes) }
            let mine = inputs.filter { input in
                let matched = MappingModelRule.matches(input, hashes)
                return !matched.sources.isEmpty || !matched.destinations.isEmpty
            }
            var source = last.source
            source.versions = chain.flatMap(\.source.versions)
            (source.shippedRecord, source.currentVersion) = (nil, nil)
            let swift = last.currentVersion?.model.metadata.sourceLanguage == "Swift"
            let (hops, _, mapping) = MappingModelRule.check(
                mine, versions: versions, bundle: last.source.path,
                swift: swift)
            let migration = MigrationHistoryRule.check(
                source, current: last.current, versions: versions,
                shipped: nil, detail: detail, plan: plan, hops: hops)
            found.diagnostics.append(
                .note(
                    .bundlesCheckedTogether,
                    names.joined(separator: ", ") + " are one history, "
                        + "linked by " + group.mappingModels.map { "'\($0.lastPathComponent)'" }.joined(separator: ", ")
                        + ": their versions were checked as one bundle's, "
                        + versions.map { "'\($0.versionName)'" }.joined(separator: " -> ")
                        + " (none is taken to have shipped: each bundle's own record covers its versions)",
                    at: SourceLocation(file: last.source.path)))
            found.diagnostics += mapping + migration.diagnostics
            found.mappingModels.formUnion(mine.map(\.path))
        }
        return found
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    /// Bundles that mapping models link were checked as one history (#49).
    static let bundlesCheckedTogether: DiagnosticCode = "bundles-checked-together"
}
