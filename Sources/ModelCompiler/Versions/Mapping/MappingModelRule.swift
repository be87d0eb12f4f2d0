/// The mapping-model guard (../shared/spec/mapping-model-format.md §5): which hops each mapping model covers, as
/// Core Data decides at run time (the source and destination hashes its `.cdm` carries, those of the entities it
/// maps, each set a subset of a version's hashes), and what goes wrong: a stale mapping model (no version on a side
/// matches), drift in entities it does not map, the subset hazard, a Swift policy class without its module, and a
/// mapping model Xcode never compiles.
enum MappingModelRule {
    /// A mapping model of the bundle, compiled.
    struct Input: Sendable {
        var path: String
        var model: MappingModel
        var compiled: CompiledMapping
    }

    /// The versions whose store Core Data would migrate with a mapping model, and the versions it would migrate to.
    struct Hop: Sendable {
        var mappingModel: String
        var sources: [String]
        var destinations: [String]
        /// The destination a step-by-step migrator goes to: the one the mapping model was made for when it matches,
        /// else the first that does.
        var destination: String
        /// What the migration manager runs, to say what it drops; where the mapping model is.
        var entityMappings: [CompiledMapping.Entity] = []
        var location: SourceLocation

        func covers(_ source: String, _ target: String) -> Bool {
            sources.contains(source) && destinations.contains(target)
        }
    }

    /// A mapping model that covers no hop, with the versions its paths say it was made for.
    struct Stale: Sendable, Equatable {
        var mappingModel: String
        var source: String?
        var destination: String?
    }

    /// `swift`: the app is written in Swift (policy classes need their module); `module`: its module, if known;
    /// `declared`: the classes the app's sources declare, when they were looked for.
    /// `neighbours`: the bundles beside this one, which may explain a side that matches none of its versions
    /// (`elsewhere`); `named`: the mapping models named for this bundle rather than found beside it.
    static func check(
        _ inputs: [Input], versions: [CompiledVersion], bundle: String, swift: Bool,
        module: String? = nil, declared: DeclaredClasses? = nil, neighbours: [BundleLinks.Member] = [],
        named: Set<String> = []
    )
        -> (hops: [Hop], stale: [Stale], diagnostics: [Diagnostic])
    {
        let hashes = versions.map { ($0.versionName, $0.entityHashes) }
        let byName = Dictionary(versions.map { ($0.versionName, $0) }, uniquingKeysWith: { first, _ in first })
        var hops: [Hop] = [], staleOnes: [Stale] = [], diagnostics: [Diagnostic] = []
        for input in inputs {
            let fileName = input.path.lastPathComponent
            let here = SourceLocation(
                file: input.model.file, line: input.model.location.line,
                column: input.model.location.column)
            let (sources, destinations) = matches(input, hashes)
            let outside = elsewhere(
                input, here: (sources, destinations), neighbours: neighbours,
                named: named.contains(input.path), bundle: bundle, at: here)
            if case .some(.none) = outside { continue }  // another bundle's, checked with it
            diagnostics += PolicyClassLookup.findings(input, swift: swift, module: module, declared: declared)
            if input.path.contains(".xcdatamodeld/") {
                diagnostics.append(
                    .warning(
                        .mappingModelNotInResources,
                        "'\(fileName)' is inside a model bundle, where "
                            + "Xcode does not compile it and Core Data never looks (it searches the resources root for .cdm "
                            + "files); move it beside the .xcdatamodeld", at: here))
            }
            let mapped = input.compiled.entityMappings
            if case .some(.some(let finding)) = outside {
                diagnostics.append(finding)
                continue
            }
            let sides: [(String, [String], String?, ManagedObjectModel, [String?])] = [
                ("source", sources, input.model.sourceVersionName, input.model.source, mapped.map(\.sourceEntityName)),
                (
                    "destination", destinations, input.model.destinationVersionName, input.model.destination,
                    mapped.map(\.destinationEntityName)
                ),
            ]
            var stale = false
            var drifts: [String] = []
            for (side, matches, recorded, snapshot, names) in sides {
                let entityNames = Set(names.compactMap { $0 })
                if matches.isEmpty {
                    stale = true
                    diagnostics.append(
                        staleness(
                            fileName, side: side, snapshot: snapshot, mapped: entityNames,
                            recorded: recorded, versions: versions, bundle: bundle,
                            neighbours: neighbours, at: here))
                } else if let recorded, matches.contains(recorded), let version = byName[recorded] {
                    if let drift = drift(side, snapshot: snapshot, version: version.model, mapped: entityNames) {
                        drifts.append(drift)
                    }
                }
            }
            guard !stale else {
                // The side that matches may still have drifted; with no hops to say, that is a note of its own.
                diagnostics += drifts.map { .note(.mappingModelDrift, "'\(fileName)': \($0)", at: here) }
                staleOnes.append(
                    Stale(
                        mappingModel: fileName, source: input.model.sourceVersionName,
                        destination: input.model.destinationVersionName))
                continue
            }
            let destination =
                input.model.destinationVersionName.flatMap { destinations.contains($0) ? $0 : nil }
                ?? destinations[0]
            let hop = Hop(
                mappingModel: fileName, sources: sources, destinations: destinations, destination: destination,
                entityMappings: mapped, location: here)
            hops.append(hop)
            // One note per mapping model: what it maps, and any drift in entities it does not map.
            diagnostics.append(
                .note(
                    .mappingModelHops,
                    "'\(fileName)' maps " + quoted(sources) + " -> "
                        + quoted(destinations) + drifts.map { "; \($0)" }.joined(), at: here))
            let intended = input.model.sourceVersionName.flatMap { sources.contains($0) ? $0 : nil } ?? sources[0]
            if let hazard = SubsetHazard.describe(hop, intended: intended, versions: byName, mapped: mapped) {
                diagnostics.append(.warning(.mappingModelSubsetHazard, "'\(fileName)' \(hazard)", at: here))
            }
        }
        return (hops, staleOnes, diagnostics)
    }

    /// The versions (of `hashes`: name and entity hashes) whose hashes hold every hash the mapping model maps from,
    /// and those that hold every one it maps to: the upgrades Core Data would choose it for.
    static func matches(
        _ input: Input, _ hashes: [(String, [String: [UInt8]])]
    )
        -> (sources: [String], destinations: [String])
    {
        let mapped = input.compiled.entityMappings
        let sourceSet = Set(mapped.compactMap(\.sourceHash)), destinationSet = Set(mapped.compactMap(\.destinationHash))
        let sources = hashes.filter { !sourceSet.isEmpty && sourceSet.isSubset(of: Set($0.1.values)) }.map(\.0)
        let destinations = hashes.filter { !destinationSet.isEmpty && destinationSet.isSubset(of: Set($0.1.values)) }
            .map(\.0)
        return (sources, destinations)
    }

    static func quoted(_ names: [String]) -> String { names.map { "'\($0)'" }.joined(separator: ", ") }

    /// An error at the mapping model: no version matches one side; what differs from the version it was made for.
    private static func staleness(
        _ fileName: String, side: String, snapshot: ManagedObjectModel, mapped: Set<String>,
        recorded: String?, versions: [CompiledVersion], bundle: String,
        neighbours: [BundleLinks.Member], at location: SourceLocation
    ) -> Diagnostic {
        var message =
            "'\(fileName)' is stale: the \(side) entities it maps match no version of "
            + "'\(bundle.lastPathComponent)'" + (neighbours.isEmpty ? "" : " or of the bundles beside it")
        // The version it was made for, here or in a bundle beside it (a history kept one version per bundle).
        let recordedVersion = recorded.flatMap { name in
            (versions + neighbours.flatMap(\.versions)).first { $0.versionName == name }
        }
        if mapped.isEmpty {
            message = "'\(fileName)' maps no \(side) entity, so Core Data can never choose it"
        } else if let version = recordedVersion {
            let snapshotEntities = snapshot.entitiesByName, versionEntities = version.model.entitiesByName
            let differing = mapped.sorted().compactMap { name -> String? in
                guard let old = snapshotEntities[name] else { return nil }
                guard let new = versionEntities[name] else { return "'\(name)' is not in '\(version.versionName)'" }
                let found = EntityDifference.describe(old, new)
                return found.isEmpty
                    ? nil
                    : "'\(name)' in the \(side) snapshot differs from '\(version.versionName)': "
                        + found.joined(separator: ", ")
            }
            if !differing.isEmpty { message += ": " + differing.prefix(3).joined(separator: "; ") }
        } else if let recorded {
            message += " (it was made for '\(recorded)', which the bundle does not have)"
        }
        message +=
            ". At run time Core Data finds no mapping model for the upgrade (\"Can't find mapping model for "
            + "migration\") or infers one without its policies; refresh it in Xcode (select it, then Editor > Refresh "
            + "Data Models) or make it again"
        return .error(.mappingModelStale, message, at: location)
    }

    /// Entities the mapping model does not map whose snapshot differs from the version it was made for: harmless at
    /// run time (Core Data compares only the mapped ones), said once.
    private static func drift(
        _ side: String, snapshot: ManagedObjectModel, version: ManagedObjectModel,
        mapped: Set<String>
    ) -> String? {
        let snapshotEntities = snapshot.entitiesByName, versionEntities = version.entitiesByName
        let names = Set(snapshotEntities.keys).union(versionEntities.keys).subtracting(mapped).sorted()
        let differing = names.compactMap { name -> String? in
            guard let old = snapshotEntities[name] else { return "'\(name)' is only in '\(version.versionName)'" }
            guard let new = versionEntities[name] else { return "'\(name)' is not in '\(version.versionName)'" }
            let found = EntityDifference.describe(old, new, limit: 2)
            return found.isEmpty ? nil : "'\(name)' (\(found.joined(separator: ", ")))"
        }
        guard !differing.isEmpty else { return nil }
        return "the \(side) snapshot differs from '\(version.versionName)' in entities it does not map: "
            + differing.prefix(3).joined(separator: "; ")
            + (differing.count > 3 ? " and \(differing.count - 3) more" : "")
            + "; Core Data compares only the mapped entities, so this does not stop it from matching"
    }
}

/// The codes of what this file reports.
extension DiagnosticCode {
    static let mappingModelHops: DiagnosticCode = "mapping-model-hops"
    static let mappingModelStale: DiagnosticCode = "mapping-model-stale"
    static let mappingModelDrift: DiagnosticCode = "mapping-model-drift"
    static let mappingModelSubsetHazard: DiagnosticCode = "mapping-model-subset-hazard"
    static let mappingModelNotInResources: DiagnosticCode = "mapping-model-not-in-resources"
}
