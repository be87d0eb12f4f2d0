/// Predicts, change by change, what Core Data's inferred migration does between two versions
/// (../shared/spec/migration-rules.md). `history` is every version in order; it lets a removal tell a
/// prepared retirement (an interim version carried the replacement) from a one-step drop.
enum MigrationAnalyzer {
    static func analyze(
        from source: CompiledVersion, to destination: CompiledVersion,
        history: [ManagedObjectModel] = [], historyEntities: [[String: Entity]]? = nil,
        destinationIndex: StoredProperties? = nil,
        lowestVerdict: MigrationVerdict = .noMigrationNeeded
    ) -> MigrationReport {
        let sourceHashes = source.entityHashes, destinationHashes = destination.entityHashes
        guard sourceHashes != destinationHashes else {
            return MigrationReport(from: source.versionName, to: destination.versionName, changes: [])
        }
        // The source's entities by name, when worked out once for the history: each pair would copy every entity.
        let sourceEntities = historyEntities.flatMap { entities in
            history.firstIndex { $0.versionName == source.versionName }.map { entities[$0] }
        }
        let matcher = ModelMatcher(
            from: source.model, to: destination.model, sourceEntities: sourceEntities,
            destinationIndex: destinationIndex)
        var analysis = PairAnalysis(
            matcher: matcher, history: history, historyEntities: historyEntities,
            sourceHashes: sourceHashes, destinationHashes: destinationHashes,
            lowestVerdict: lowestVerdict)
        analysis.run()
        return MigrationReport(from: source.versionName, to: destination.versionName, changes: analysis.changes)
    }
}

struct PairAnalysis {
    let matcher: ModelMatcher
    let history: [ManagedObjectModel]
    /// Each history version's entities by name, when the caller worked them out once for many pairs.
    let historyEntities: [[String: Entity]]?
    /// Entity name -> version hash, on each side.
    let sourceHashes: [String: [UInt8]]
    let destinationHashes: [String: [UInt8]]
    /// Changes below it are not recorded, nor their texts made: `check` reports only those that drop data or fail
    /// (`diff` and the store doctor want them all).
    let lowestVerdict: MigrationVerdict
    var changes: [MigrationChange] = []
    /// Source entities that are removed, and where their finding is in `changes`.
    var entityRemovals: [String: Int] = [:]
    /// For each removed entity, the relationships of entities that stay which pointed at it: dropped with it.
    var linksToRemoved: [String: [String]] = [:]

    var pair: String { "\(matcher.source.versionName) -> \(matcher.destination.versionName)" }

    mutating func add(
        _ verdict: MigrationVerdict, _ code: DiagnosticCode, _ subject: @autoclosure () -> String,
        _ message: @autoclosure () -> String, at location: @autoclosure () -> SourceLocation,
        listing: @autoclosure () -> ChangeListing? = nil, advice: @autoclosure () -> String? = nil
    ) {
        guard verdict >= lowestVerdict || code == .migrationNumericConversion else { return }
        let advice = advice()
        changes.append(
            MigrationChange(
                verdict: verdict, code: code, subject: subject(),
                message: "\(pair): \(message())" + (advice.map { "; " + $0 } ?? ""),
                location: location(), listing: listing(), advice: advice))
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
            let index = changes.count
            add(.dataLoss, .migrationEntityDropped, entity.name, "", at: entity.location)
            // Only a removal that was kept (`lowestVerdict` may skip drops) is described later.
            if changes.count > index { entityRemovals[entity.name] = index }
        }
        for entity in addedEntities {
            add(.inferable, .migrationInferable, entity.name, "entity '\(entity.name)' is added", at: entity.location)
        }
        for destinationEntity in matcher.destination.entities {
            guard let sourceName = matcher.entityMapping[destinationEntity.name],
                let sourceEntity = matcher.sourceEntities[sourceName],
                sourceHashes[sourceName] != destinationHashes[destinationEntity.name]
                    || sourceName != destinationEntity.name
            else { continue }
            compare(sourceEntity, destinationEntity)
        }
        checkHierarchyMerges()
        let oldSignatures = addedEntities.isEmpty ? [] : removedEntities.map(RenameHints.signature)
        let newSignatures = removedEntities.isEmpty ? [] : addedEntities.map(RenameHints.signature)
        let hints = RenameHints.assign(old: oldSignatures.count, new: newSignatures.count) {
            RenameHints.entityScore(oldSignatures[$0], newSignatures[$1])
        }
        for (index, entity) in removedEntities.enumerated() {
            describeRemoval(of: entity, similar: hints[index].map { addedEntities[$0] })
        }
    }

    /// Written once every relationship into the removed entity is known: their links go with its rows.
    mutating func describeRemoval(of entity: Entity, similar: Entity?) {
        guard let index = entityRemovals[entity.name] else { return }
        let links = linksToRemoved[entity.name] ?? []
        let with = links.isEmpty ? "" : ", with the links to it from " + GroupedChanges.list(links)
        let hint = similar.map {
            "'\($0.name)' looks like its new name: set the renaming ID of '\($0.name)' to '\(entity.effectiveRenamingIdentifier)'"
        }
        changes[index].message =
            "\(pair): entity '\(entity.name)' is removed: every row of it in the store is dropped\(with)"
            + (hint.map { "; " + $0 } ?? "")
        changes[index].advice = hint
        // A suggested new name is advice of its own: such a removal is never listed with others.
        changes[index].listing = similar == nil ? ChangeListing(scope: "", name: "'\(entity.name)'", links: links) : nil
    }

    mutating func compare(_ source: Entity, _ destination: Entity) {
        let synced = cloudKitEntities.contains(destination.name)
        if source.name != destination.name {
            add(
                synced ? .notInferable : .inferable, synced ? .migrationCloudKitNotAdditive : .migrationInferable,
                destination.name,
                "entity '\(source.name)' is renamed to '\(destination.name)' (renaming ID '\(destination.effectiveRenamingIdentifier)')"
                    + (synced ? "; a CloudKit-mirrored schema is additive-only and cannot rename" : ""),
                at: destination.location)
        }
        if !source.isAbstract, destination.isAbstract {
            // Its rows would have to become objects of an abstract entity, which Core Data never creates.
            let hasSubentities = matcher.source.entities.contains { $0.parentName == source.name }
            add(
                .notInferable, .migrationEntityMadeAbstract, destination.name,
                "entity '\(destination.name)' becomes abstract: "
                    + (hasSubentities
                        ? "any row of '\(source.name)' itself in a store (not of its subentities)"
                        : "the rows of '\(source.name)' in a store")
                    + " cannot stay objects of an abstract entity, and the migration fails",
                at: destination.span[setting: "isAbstract"],
                advice: "keep it concrete, or move those rows to a concrete subentity with a mapping model")
        }
        if source.parentName != destination.parentName {
            add(
                .inferable, .migrationInferable, destination.name,
                "entity '\(destination.name)' moves from parent '\(source.parentName ?? "none")' to '\(destination.parentName ?? "none")'",
                at: destination.location)
        }
        let match = matcher.properties(from: source, to: destination)
        let ancestry = ancestry(of: source, destination)
        // Positions in `match.destination`, read in place: from an old version most of the entity is added.
        let added = match.added.filter {
            !addedToParent(declaredBy: match.destinationDeclarers[$0], of: destination, ancestry: ancestry)
        }
        let label = { (name: String) in "'\(destination.name).\(name)'" }
        // A relationship into a removed entity goes with that entity's rows: said with its removal, not again here.
        // One inherited from a parent the entity still has is one column: said once, where it is declared.
        let removed = match.removed.filter {
            !removedFromParent(declaredBy: match.sourceDeclarer($0), of: source, ancestry: ancestry)
        }.map(match.source).filter { property in
            guard case .relationship(let relationship) = property, let target = relationship.destinationEntityName,
                entityRemovals[target] != nil
            else { return true }
            linksToRemoved[target, default: []].append(label(property.name))
            return false
        }
        // A side whose to-one inverse survives drops nothing, so it stands for no rename either.
        var keepers: [String: String] = [:]
        if !synced {
            for property in removed {
                keepers[property.name] = survivingInverse(of: property, from: source, to: destination)
            }
        }
        // Each added property stands in for at most one removed one; a same-named one (a renaming ID lost) first.
        // (CloudKit-mirrored entities report removals as such, never as renames: nothing is claimed there.)
        var retirement: Retirement?? = nil
        var claimed =
            synced
            ? []
            : Set(
                removed.compactMap { property in
                    keepers[property.name] != nil
                        ? nil
                        : added.first { index in
                            match.destination[index].name == property.name
                                && RenameHints.sameKind(property, match.destination[index])
                                && !Self.isRenamed(match.destination[index])
                        }.map { match.destination[$0].name }
                })
        // Rename hints weigh every candidate; an added property stands for at most one removed one (`RenameHints`).
        let hintable =
            synced
            ? []
            : removed.indices.filter { index in
                keepers[removed[index].name] == nil && !claimed.contains(removed[index].name)
            }
        let available = added.filter {
            !claimed.contains(match.destination[$0].name) && !Self.isRenamed(match.destination[$0])
        }
        let hints = RenameHints.assign(old: hintable.count, new: available.count) { i, j in
            let old = removed[hintable[i]], new = match.destination[available[j]]
            guard let score = RenameHints.propertyScore(old, new),
                changedInOneStep(
                    removed: old.renamingIdentifier, of: source.name, added: new.renamingIdentifier,
                    of: destination.name)
            else { return nil }
            return score
        }
        var hinted: [Int: Int] = [:]
        for (i, j) in hints { hinted[hintable[i]] = available[j] }
        for (position, property) in removed.enumerated() {
            if let keeper = keepers[property.name] {
                add(
                    .inferable, .migrationInferable, "\(destination.name).\(property.name)",
                    "\(label(property.name)) is removed; no data is dropped: its links live in the column of "
                        + "'\(keeper)', which stays", at: property.location)
                continue
            }
            let sameName = added.first {
                match.destination[$0].name == property.name && claimed.contains(property.name)
            }
            let replacement = (sameName ?? hinted[position]).map { match.destination[$0] }
            if let replacement, sameName == nil, !synced { claimed.insert(replacement.name) }
            if synced {
                add(
                    .notInferable, .migrationCloudKitNotAdditive, "\(destination.name).\(property.name)",
                    "\(label(property.name)) is removed from a CloudKit-mirrored entity; its schema is additive-only",
                    at: property.location)
            } else if let replacement, replacement.name == property.name {
                add(
                    .dataLoss, .migrationProbableRename, "\(destination.name).\(property.name)",
                    "\(label(property.name)) lost its renaming ID '\(property.renamingIdentifier)': Core Data matches "
                        + "properties by renaming ID, so it drops the column's data and adds an empty one",
                    at: replacement.location,
                    advice: "set the renaming ID of \(replacement.name) back to \(property.renamingIdentifier)")
            } else if let replacement {
                // The subject is the property whose data is dropped, as for a plain removal: one change, one finding.
                add(
                    .dataLoss, .migrationProbableRename, "\(destination.name).\(property.name)",
                    "looks like a rename of \(property.name) to \(replacement.name): the column's data will be dropped",
                    at: replacement.location,
                    advice: "set the renaming ID of \(replacement.name) to \(property.renamingIdentifier)")
            } else if preparedRetirement(of: property, from: source, to: destination, retirement: &retirement) {
                add(
                    .inferable, .migrationInferable, "\(destination.name).\(property.name)",
                    "\(label(property.name)) is retired after an interim version carried its replacement",
                    at: property.location)
            } else {
                let rows = StoreTerms.rows(of: source, in: matcher.sourceEntities)
                add(
                    .dataLoss, .migrationDataDropped, "\(destination.name).\(property.name)",
                    "\(label(property.name)) is removed: \(StoreTerms.dropped(property, from: rows)) on this path",
                    at: property.location,
                    listing: ChangeListing(
                        scope: destination.name, name: label(property.name), loss: StoreTerms.item(property),
                        rows: rows),
                    advice:
                        "if it matters, ship an interim version that declares both the old and the new attribute and "
                        + "copies the data, then retire it")
            }
        }
        let sourceVersion = matcher.source.versionName
        var sourceNames: Set<String>?
        for index in added {
            let property = match.destination[index]
            // An identifier that names an old property it does not match: the chain of renames is broken.
            if Self.isRenamed(property) && sourceNames == nil { sourceNames = Set(source.propertyNames) }
            if Self.isRenamed(property),
                sourceNames?.contains(property.renamingIdentifier) == true
                    || earlierNames(of: source).contains(property.renamingIdentifier)
            {
                add(
                    .dataLoss, .migrationBrokenRenameChain, "\(destination.name).\(property.name)",
                    "the renaming ID '\(property.renamingIdentifier)' of \(label(property.name)) matches no property of "
                        + "'\(source.name)' in \(sourceVersion) (renaming IDs are canonical names: keep the first "
                        + "name in every later version), so its old data is not migrated", at: property.location)
            }
            if case .attribute(let attribute) = property, !attribute.isOptional, !attribute.hasCompiledDefault {
                add(
                    .notInferable, .migrationRequiredWithoutDefault, "\(destination.name).\(property.name)",
                    "\(label(property.name)) is added as non-optional without a default value: existing rows have no value "
                        + "(NSCocoaErrorDomain 134110)", at: property.location,
                    listing: ChangeListing(scope: destination.name, name: label(property.name)),
                    advice: "make it optional or give it a default")
            } else if case .relationship(let relationship) = property, !relationship.isOptional,
                relationship.minCount > 0 || !relationship.isToMany
            {
                // One verdict per link: when its inverse is the surviving side of a removed one-to-one (whose links
                // were just said to be kept), it is filled from those links (Docs/CompatibilityChoices.md).
                let inverse = relationship.destinationEntityName.flatMap { target in
                    relationship.inverseName.map { "\(target).\($0)" }
                }
                let replaced = inverse.flatMap { inverse in removed.first { keepers[$0.name] == inverse } }
                if let replaced, case .relationship(let old) = replaced, let inverse {
                    if old.isOptional || old.minCount == 0 && old.isToMany {
                        add(
                            .notInferable, .migrationRequiredWithoutDefault, "\(destination.name).\(property.name)",
                            "\(label(property.name)) is added as a required relationship: it is filled from '\(inverse)', "
                                + "which keeps the links of '\(source.name).\(replaced.name)', but rows that had no link have "
                                + "none (NSCocoaErrorDomain 134110)", at: property.location, advice: "make it optional")
                    } else {
                        add(
                            .inferable, .migrationInferable, "\(destination.name).\(property.name)",
                            "\(label(property.name)) is added, filled from '\(inverse)', which keeps the links of the "
                                + "required '\(source.name).\(replaced.name)'", at: property.location)
                    }
                } else {
                    add(
                        .notInferable, .migrationRequiredWithoutDefault, "\(destination.name).\(property.name)",
                        "\(label(property.name)) is added as a required relationship: existing rows have none "
                            + "(NSCocoaErrorDomain 134110)", at: property.location, advice: "make it optional")
                }
            } else if !claimed.contains(property.name) {
                // A replacement already has its finding (the probable rename or the lost renaming ID).
                add(
                    .inferable, .migrationInferable, "\(destination.name).\(property.name)",
                    "\(label(property.name)) is added",
                    at: property.location)
            }
        }
        for (old, new) in match.matched {
            compare(
                match.sourceStored[old], of: match.sourceVisible, new, of: match.destination, in: destination,
                from: source.name, synced: synced)
        }
    }
}
