/// The bundles beside a bundle (in its folder, and in the folders of the mapping models named for it), read and
/// compiled, for the mapping models whose sides match none of its versions (`MappingModelRule.elsewhere`). Only
/// worked out when such a mapping model exists: most bundles never pay for their neighbours.
extension MappingModelSearch {
    func neighbours(
        of bundle: String, inputs: [MappingModelRule.Input],
        versions: [CompiledVersion]
    ) -> [BundleLinks.Member] {
        let hashes = versions.map { ($0.versionName, $0.entityHashes) }
        guard
            inputs.contains(where: { input in
                let matched = MappingModelRule.matches(input, hashes)
                return matched.sources.isEmpty || matched.destinations.isEmpty
            })
        else { return [] }
        let paths = ModelBundleReader.bundles(
            inFoldersOf: [bundle.withoutTrailingSlash] + named, excluding: bundle)
        return paths.compactMap { path in
            var (read, _) = ModelBundleReader.read(path)
            guard var source = read.take() else { return nil }
            let compiled = BundlePipeline.compileVersions(&source, cache: nil).versions
            return compiled.isEmpty ? nil : BundleLinks.Member(path: path, versions: compiled)
        }
    }

    /// The mapping models named for this bundle by its user (not the build plugin's list of its target's).
    var namedForBundle: Set<String> { namedByUser ? Set(named.map(\.withoutTrailingSlash)) : [] }
}
