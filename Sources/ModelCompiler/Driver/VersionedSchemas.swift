/// `generate --style swiftdata-versioned`: the versions a store can come from (the shipped record's, else every
/// version before the current one) and the current one, in the history's order, with the report of each hop from one
/// the plan lists to the next (`MigrationReport.hop`: a mapping model's custom migration where one covers it; the plan
/// lists each store schema once, `SwiftDataVersioned.listed`). Only a bundle that
/// checks without errors gets here, so an edited shipped version fails before any schema changes.
func versionedSchemas(
    _ pipeline: BundlePipeline, current: CompiledVersion, options: SwiftDataOptions
) -> [GeneratedFile] {
    let shipped = pipeline.history.record.shippedNames
    // The current version is one of the pipeline's: it came from there.
    guard let currentIndex = pipeline.versions.firstIndex(where: { $0.versionName == current.versionName }) else {
        return []
    }
    let places =
        pipeline.versions.indices.filter {
            $0 < currentIndex && (shipped?.contains(pipeline.versions[$0].versionName) ?? true)
        } + [currentIndex]
    let chosen = places.map { pipeline.versions[$0] }
    let history = pipeline.versions.map(\.model)
    let acknowledgements = pipeline.history.acknowledgements
    // Names and identifiers come from each version's place in the whole history: which versions are listed must not
    // change them.
    let identifiers = SwiftDataVersioned.versionIdentifiers(history)
    let versions = places.map { place in
        let version = pipeline.versions[place]
        return SwiftDataVersioned.Version(
            name: version.versionName, model: version.model, checksum: version.versionChecksum, number: place + 1,
            identifier: identifiers[place])
    }
    // The plan lists each store schema once: the hops go between the versions it lists.
    let listedPlaces = SwiftDataVersioned.listed(versions.map(\.checksum))
    let listed = listedPlaces.map { chosen[$0] }
    let report = { (source: CompiledVersion, target: CompiledVersion) in
        MigrationReport.hop(source, target, hops: pipeline.history.hops, history: history)
            .acknowledged(by: acknowledgements)
    }
    let hops = zip(listed, listed.dropFirst()).map(report)
    // A run of lightweight stages is inferred as one: no mapping model takes part, whichever pair it covers.
    let separated = StagedMigration.separated(versions: listed, hops: hops) { source, target in
        MigrationAnalyzer.analyze(from: source, to: target, history: history).acknowledged(by: acknowledgements)
    }
    return SwiftDataVersioned.files(
        modelName: pipeline.source.name, versions: versions, listed: listedPlaces, hops: hops, separated: separated,
        options: options)
}
