/// Predicts, change by change, what Core Data's inferred migration does between two versions
/// (../shared/spec/migration-rules.md). `history` is every version in order; it lets a removal tell a
/// prepared retirement (an interim version carried the replacement) from a one-step drop.
enum MigrationAnalyzer {
    static func analyze(from source: CompiledVersion, to destination: CompiledVersion,
                        history: [ManagedObjectModel] = [], destinationIndex: StoredProperties? = nil) -> MigrationReport {
        guard source.hashes.entityHashes != destination.hashes.entityHashes else {
            return MigrationReport(from: source.versionName, to: destination.versionName, changes: [])
        }
        let matcher = ModelMatcher(from: source.model, to: destination.model, destinationIndex: destinationIndex)
        var analysis = PairAnalysis(matcher: matcher, history: history,
                                    sourceHashes: source.hashes, destinationHashes: destination.hashes)
        analysis.run()
        return MigrationReport(from: source.versionName, to: destination.versionName, changes: analysis.changes)
    }
}

private struct PairAnalysis {
    let matcher: ModelMatcher
    let history: [ManagedObjectModel]
    let sourceHashes: VersionHashes
    let destinationHashes: VersionHashes
    var changes: [MigrationChange] = []

    var pair: String { "\(matcher.source.versionName) -> \(matcher.destination.versionName)" }

    mutating func add(_ verdict: MigrationVerdict, _ code: DiagnosticCode, _ subject: String, _ message: String,
                      at location: SourceLocation) {
        changes.append(MigrationChange(verdict: verdict, code: code, subject: subject, message: "\(pair): \(message)",
                                       location: location))
    }

    /// Entities synced with CloudKit in the destination: their schema may only grow.
    var cloudKitEntities: Set<String> {
        let model = matcher.destination
        if model.metadata.usedWithCloudKit { return Set(model.entities.map(\.name)) }
        return Set(model.configurations.filter(\.usedWithCloudKit).flatMap { $0.members.map(\.entityName) })
    }

    mutating func run() {
        let mappedSources = Set(matcher.entityMapping.values)
        let removedEntities = matcher.source.entities.filter { !mappedSources.contains($0.name) }
        let addedEntities = matcher.destination.entities.filter { matcher.entityMapping[$0.name] == nil }
        for entity in removedEntities {
            let similar = addedEntities.first { Self.similarity(entity, $0, matcher) >= 0.5 }
            let hint = similar.map { "; '\($0.name)' looks like its new name: set the renaming ID of '\($0.name)' to '\(entity.effectiveRenamingIdentifier)'" } ?? ""
            add(.dataLoss, .migrationEntityDropped, entity.name,
                "entity '\(entity.name)' is removed: every row of it in the store is dropped\(hint)", at: entity.location)
        }
        for entity in addedEntities {
            add(.inferable, .migrationInferable, entity.name, "entity '\(entity.name)' is added", at: entity.location)
        }
        for destinationEntity in matcher.destination.entities {
            guard let sourceName = matcher.entityMapping[destinationEntity.name], let sourceEntity = matcher.sourceEntities[sourceName],
                  sourceHashes.entityHashes[sourceName] != destinationHashes.entityHashes[destinationEntity.name]
                    || sourceName != destinationEntity.name else { continue }
            compare(sourceEntity, destinationEntity)
        }
        checkHierarchyMerges()
    }

    mutating func compare(_ source: Entity, _ destination: Entity) {
        let synced = cloudKitEntities.contains(destination.name)
        if source.name != destination.name {
            add(synced ? .notInferable : .inferable, synced ? .migrationCloudKitNotAdditive : .migrationInferable, destination.name,
                "entity '\(source.name)' is renamed to '\(destination.name)' (renaming ID '\(destination.effectiveRenamingIdentifier)')"
                + (synced ? "; a CloudKit-mirrored schema is additive-only and cannot rename" : ""), at: destination.location)
        }
        if source.parentName != destination.parentName {
            add(.inferable, .migrationInferable, destination.name,
                "entity '\(destination.name)' moves from parent '\(source.parentName ?? "none")' to '\(destination.parentName ?? "none")'",
                at: destination.location)
        }
        let (matched, removed, added) = matcher.properties(from: source, to: destination)
        let label = { (name: String) in "'\(destination.name).\(name)'" }
        // A to-many side whose to-one inverse survives drops nothing, so it stands for no rename either.
        var keepers: [String: String] = [:]
        if !synced {
            for property in removed {
                keepers[property.name] = survivingInverse(of: property, from: source, to: destination)
            }
        }
        // Each added property stands in for at most one removed one; a same-named one (a renaming ID lost) first.
        // (CloudKit-mirrored entities report removals as such, never as renames: nothing is claimed there.)
        var claimed = synced ? [] : Set(removed.compactMap { property in
            keepers[property.name] != nil ? nil
                : added.first { $0.name == property.name && Self.sameKind(property, $0) && !Self.isRenamed($0) }?.name
        })
        for property in removed {
            if let keeper = keepers[property.name] {
                add(.inferable, .migrationInferable, "\(destination.name).\(property.name)",
                    "\(label(property.name)) is removed; no data is dropped: its links live in the column of "
                    + "'\(keeper)', which stays", at: property.location)
                continue
            }
            let sameName = added.first { $0.name == property.name && claimed.contains($0.name) }
            let replacement = sameName ?? added.first {
                Self.sameKind(property, $0) && !Self.isRenamed($0) && !claimed.contains($0.name)
            }
            if let replacement, sameName == nil, !synced { claimed.insert(replacement.name) }
            if synced {
                add(.notInferable, .migrationCloudKitNotAdditive, "\(destination.name).\(property.name)",
                    "\(label(property.name)) is removed from a CloudKit-mirrored entity; its schema is additive-only",
                    at: property.location)
            } else if let replacement, replacement.name == property.name {
                add(.dataLoss, .migrationProbableRename, "\(destination.name).\(property.name)",
                    "\(label(property.name)) lost its renaming ID '\(property.renamingIdentifier)': Core Data matches "
                    + "properties by renaming ID, so it drops the column's data and adds an empty one; set the renaming ID "
                    + "of \(replacement.name) back to \(property.renamingIdentifier)", at: replacement.location)
            } else if let replacement {
                // The subject is the property whose data is dropped, as for a plain removal: one change, one finding.
                add(.dataLoss, .migrationProbableRename, "\(destination.name).\(property.name)",
                    "looks like a rename of \(property.name) to \(replacement.name): the column's data will be dropped; set the "
                    + "renaming ID of \(replacement.name) to \(property.renamingIdentifier)", at: replacement.location)
            } else if preparedRetirement(of: property, from: source, to: destination) {
                add(.inferable, .migrationInferable, "\(destination.name).\(property.name)",
                    "\(label(property.name)) is retired after an interim version carried its replacement", at: property.location)
            } else {
                add(.dataLoss, .migrationDataDropped, "\(destination.name).\(property.name)",
                    "\(label(property.name)) is removed: \(StoreTerms.dropped(property, of: source, in: matcher.sourceEntities)) "
                    + "on this path; if it matters, ship an interim version that declares both the old and the new "
                    + "attribute and copies the data, then retire it", at: property.location)
            }
        }
        let sourceNames = Set(source.properties.map(\.name))
        for property in added {
            // An identifier that names an old property it does not match: the chain of renames is broken.
            if Self.isRenamed(property), sourceNames.contains(property.renamingIdentifier) || earlierNames(of: source).contains(property.renamingIdentifier) {
                add(.dataLoss, .migrationBrokenRenameChain, "\(destination.name).\(property.name)",
                    "the renaming ID '\(property.renamingIdentifier)' of \(label(property.name)) matches no property of "
                    + "'\(source.name)' in \(matcher.source.versionName) (renaming IDs are canonical names: keep the first "
                    + "name in every later version), so its old data is not migrated", at: property.location)
            }
            if case .attribute(let attribute) = property, !attribute.isOptional,
               attribute.defaultValue == nil && attribute.defaultDateTimeInterval == nil {
                add(.notInferable, .migrationRequiredWithoutDefault, "\(destination.name).\(property.name)",
                    "\(label(property.name)) is added as non-optional without a default value: existing rows have no value "
                    + "(NSCocoaErrorDomain 134110); make it optional or give it a default", at: property.location)
            } else if case .relationship(let relationship) = property, !relationship.isOptional, relationship.minCount > 0 || !relationship.isToMany {
                add(.notInferable, .migrationRequiredWithoutDefault, "\(destination.name).\(property.name)",
                    "\(label(property.name)) is added as a required relationship: existing rows have none "
                    + "(NSCocoaErrorDomain 134110); make it optional", at: property.location)
            } else if !claimed.contains(property.name) {
                // A replacement already has its finding (the probable rename or the lost renaming ID).
                add(.inferable, .migrationInferable, "\(destination.name).\(property.name)", "\(label(property.name)) is added",
                    at: property.location)
            }
        }
        for (old, new) in matched { compare(old, new, in: destination, from: source.name, synced: synced) }
    }

    mutating func compare(_ old: Property, _ new: Property, in entity: Entity, from sourceEntity: String, synced: Bool) {
        let label = "'\(entity.name).\(new.name)'", subject = "\(entity.name).\(new.name)"
        if old.name != new.name {
            add(synced ? .notInferable : .inferable, synced ? .migrationCloudKitNotAdditive : .migrationInferable, subject,
                "'\(sourceEntity).\(old.name)' is renamed to \(label) (renaming ID '\(new.renamingIdentifier)')"
                + (synced ? "; a CloudKit-mirrored schema is additive-only and cannot rename" : ""), at: new.location)
        }
        switch (old, new) {
        case let (.attribute(a), .attribute(b)):
            if a.type != b.type {
                add(.notInferable, .migrationTypeChange, subject,
                    "\(label) changes type from \(a.type?.rawValue ?? "?") to \(b.type?.rawValue ?? "?"): inferred migration never "
                    + "converts values and the store fails to open (NSCocoaErrorDomain 134140); rename the old attribute, add a new "
                    + "one of the new type and backfill it in code", at: new.location)
            }
            if a.isOptional && !b.isOptional && b.defaultValue == nil && b.defaultDateTimeInterval == nil {
                add(.notInferable, .migrationRequiredWithoutDefault, subject,
                    "\(label) becomes non-optional without a default value: rows without a value fail migration "
                    + "(NSCocoaErrorDomain 134110); give it a default", at: new.location)
            } else if a.isOptional != b.isOptional {
                add(.inferable, .migrationInferable, subject, "\(label) becomes \(b.isOptional ? "optional" : "non-optional with a default")",
                    at: new.location)
            }
            if a.allowsExternalBinaryDataStorage != b.allowsExternalBinaryDataStorage {
                add(.inferable, .migrationInferable, subject, "\(label) toggles external binary storage", at: new.location)
            }
        case let (.relationship(a), .relationship(b)):
            let mappedDestination = b.destinationEntityName.flatMap { matcher.entityMapping[$0] }
            if a.destinationEntityName != mappedDestination, !related(a.destinationEntityName, mappedDestination) {
                add(.notInferable, .migrationDestinationChange, subject,
                    "\(label) now points at '\(b.destinationEntityName ?? "?")', unrelated to its old destination "
                    + "'\(a.destinationEntityName ?? "?")': inferred migration cannot move the links", at: new.location)
            }
            if a.isToMany != b.isToMany || a.isOrdered != b.isOrdered || a.minCount != b.minCount || a.maxCount != b.maxCount {
                add(.inferable, .migrationInferable, subject, "\(label) changes cardinality or ordering", at: new.location)
            }
            if a.isOptional && !b.isOptional {
                add(.inferable, .migrationInferable, subject, "\(label) becomes required: rows without a link fail validation on their next save",
                    at: new.location)
            }
        case (.attribute, .relationship), (.relationship, .attribute):
            add(.notInferable, .migrationKindChange, subject, "\(label) changes from an attribute to a relationship or back", at: new.location)
        default:
            break
        }
    }

    /// A to-many relationship stores nothing of its own: its links are the foreign-key column of its to-one inverse
    /// in the destination's table (store-format.md §6). When that inverse survives, still to-one and pointing back,
    /// removing the to-many side drops no data. Returns the surviving inverse as `Entity.relationship`.
    private func survivingInverse(of property: Property, from source: Entity, to destination: Entity) -> String? {
        guard case .relationship(let removed) = property, removed.isToMany, let inverseName = removed.inverseName,
              let target = removed.destinationEntityName, let sourceTarget = matcher.sourceEntities[target],
              let inverse = ModelMatcher.visibleProperties(of: sourceTarget, in: matcher.sourceEntities)
                .first(where: { $0.name == inverseName }),
              case .relationship(let sourceInverse) = inverse, !sourceInverse.isToMany,
              let mappedTarget = matcher.entityMapping.first(where: { $0.value == target })?.key,
              let destinationTarget = matcher.destinationEntities[mappedTarget] else { return nil }
        let kept = ModelMatcher.visibleProperties(of: destinationTarget, in: matcher.destinationEntities).first {
            $0.renamingIdentifier == inverse.renamingIdentifier
        }
        guard case .relationship(let survivor)? = kept, !survivor.isToMany, survivor.isStored,
              let pointsAt = survivor.destinationEntityName, let back = matcher.destinationEntities[pointsAt],
              ModelMatcher.root(of: back, in: matcher.destinationEntities)
                == ModelMatcher.root(of: destination, in: matcher.destinationEntities) else { return nil }
        return "\(mappedTarget).\(survivor.name)"
    }

    /// Two entities of the destination's mapped source are the same or in one hierarchy.
    private func related(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b, let first = matcher.sourceEntities[a], let second = matcher.sourceEntities[b] else { return false }
        return ModelMatcher.root(of: first, in: matcher.sourceEntities) == ModelMatcher.root(of: second, in: matcher.sourceEntities)
    }

    /// Entities from separate source hierarchies given one common parent: never inferred.
    mutating func checkHierarchyMerges() {
        var sourceRootsByDestinationRoot: [String: Set<String>] = [:]
        for entity in matcher.destination.entities {
            guard let sourceName = matcher.entityMapping[entity.name], let source = matcher.sourceEntities[sourceName] else { continue }
            let destinationRoot = ModelMatcher.root(of: entity, in: matcher.destinationEntities)
            sourceRootsByDestinationRoot[destinationRoot, default: []].insert(ModelMatcher.root(of: source, in: matcher.sourceEntities))
        }
        for (root, sourceRoots) in sourceRootsByDestinationRoot.sorted(by: { $0.key < $1.key }) where sourceRoots.count > 1 {
            let location = matcher.destinationEntities[root]?.location ?? matcher.destination.span.element
            add(.notInferable, .migrationHierarchyMerge, root,
                "the hierarchies of " + sourceRoots.sorted().map { "'\($0)'" }.joined(separator: " and ")
                + " are merged under '\(root)': inferred migration cannot merge entity hierarchies", at: location)
        }
    }

    /// A removal is prepared when the source version itself introduced, next to the removed attribute, a
    /// replacement that the destination keeps: the interim build of the two-build retirement.
    private func preparedRetirement(of property: Property, from source: Entity, to destination: Entity) -> Bool {
        guard let index = history.firstIndex(where: { $0.versionName == matcher.source.versionName }), index > 0,
              let before = history[index - 1].entitiesByName[source.name] else { return false }
        let earlier = Set(before.properties.map(\.renamingIdentifier))
        let introduced = source.properties.filter { !earlier.contains($0.renamingIdentifier) }
        let kept = Set(ModelMatcher.visibleProperties(of: destination, in: matcher.destinationEntities).map(\.renamingIdentifier))
        return introduced.contains { kept.contains($0.renamingIdentifier) }
    }

    /// Every property name the entity had in the versions before the source.
    private func earlierNames(of source: Entity) -> Set<String> {
        guard let index = history.firstIndex(where: { $0.versionName == matcher.source.versionName }) else { return [] }
        return Set(history[..<index].compactMap { $0.entitiesByName[source.name] }.flatMap { $0.properties.map(\.name) })
    }

    static func sameKind(_ a: Property, _ b: Property) -> Bool {
        switch (a, b) {
        case let (.attribute(x), .attribute(y)): x.type == y.type
        case let (.relationship(x), .relationship(y)): x.destinationEntityName == y.destinationEntityName
        default: false
        }
    }

    static func isRenamed(_ property: Property) -> Bool { property.renamingIdentifier != property.name }

    /// Share of stored property names two entities have in common.
    static func similarity(_ a: Entity, _ b: Entity, _ matcher: ModelMatcher) -> Double {
        let left = Set(a.properties.map(\.name)), right = Set(b.properties.map(\.name))
        guard !left.isEmpty || !right.isEmpty else { return 0 }
        return Double(left.intersection(right).count) / Double(max(left.count, right.count))
    }
}
