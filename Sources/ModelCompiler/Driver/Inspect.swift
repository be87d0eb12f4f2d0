/// The inspecting verbs: `hashes` and `dump` of a source model, a compiled one or a mapping model.

/// `hashes`: each version's entity version hashes and `versionChecksum`, computed from a source model or a lone
/// `.mom`, or read from a compiled `.momd`'s `VersionInfo.plist`.
public func hashes(path: String) -> HashesResult {
    let trimmed = path.withoutTrailingSlash
    if MappingModelRun.isMappingModel(trimmed) { return HashesResult(MappingModelRun.hashes(trimmed)) }
    if trimmed.hasSuffix(".momd") { return HashesResult(CompiledModelInspection.hashes(momd: trimmed)) }
    if trimmed.hasSuffix(".mom") { return HashesResult(CompiledModelInspection.hashes(mom: trimmed)) }
    if trimmed.hasSuffix(".cdm") {
        // A compiled mapping model keeps only the hashes of the entities it maps; its snapshots have them all.
        return HashesResult(
            (
                [],
                [
                    .error(
                        .notAModel,
                        "a compiled mapping model: `openmomc hashes` reads its source, the "
                            + ".xcmappingmodel, whose snapshots give every entity's hash (`openmomc dump` lists what the .cdm holds)",
                        at: SourceLocation(file: trimmed))
                ], true
            ))
    }
    let result = check(paths: [path])
    let reports = result.bundles.flatMap { bundle in
        bundle.compiled.map { version in
            VersionHashReport(
                bundle: bundle.source.path, version: version.versionName,
                isCurrent: bundle.current?.name == version.versionName,
                checksum: version.versionChecksum,
                entityHashes: version.entityHashes)
        }
    }
    return HashesResult((reports, result.diagnostics, result.inputFailed))
}

/// `dump`: a readable, canonical listing of a compiled model (`.mom`, `.momd`) or of what a source model
/// compiles to: every archived value as `path: value`, then each version's entity hashes and checksum.
public func dump(path: String) -> DumpResult {
    let trimmed = path.withoutTrailingSlash
    if MappingModelRun.isMappingModel(trimmed) || trimmed.hasSuffix(".cdm") {
        return DumpResult(MappingModelRun.dump(trimmed))
    }
    if trimmed.hasSuffix(".mom") || trimmed.hasSuffix(".momd") {
        return DumpResult(CompiledModelInspection.dump(trimmed))
    }
    let result = check(paths: [path])
    guard !result.diagnostics.hasErrors else { return DumpResult(([], result.diagnostics, result.inputFailed)) }
    var lines: [DumpLine] = []
    for bundle in result.bundles {
        for version in bundle.compiled {
            let prefix = bundle.source.layout == .versionedBundle ? version.versionName + ":" : ""
            lines += DumpLines.archive(VersionCompiler.mom(version), prefix: prefix)
            lines += DumpLines.hashes(
                entityHashes: version.entityHashes, checksum: version.versionChecksum,
                prefix: prefix)
        }
    }
    return DumpResult((lines, result.diagnostics, result.inputFailed))
}
