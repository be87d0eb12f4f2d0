/// What the analysis of one pair reads beyond the pair's two entities: the hierarchy (which entity declares a
/// property, and whether a relationship's inverse survives) and the bundle's history (the interim build of a
/// retirement, the names an entity had).
extension PairAnalysis {
    /// A to-many relationship stores nothing of its own: its links are the foreign-key column of its to-one inverse
    /// in the destination's table; a one-to-one stores the link on both sides (store-format.md §6). When a to-one
    /// inverse survives, still to-one and pointing back, removing the other side drops no data (a one-to-one turned
    /// one-to-many is read from it). Returns the surviving inverse as `Entity.relationship`.
    func survivingInverse(of property: Property, from source: Entity, to destination: Entity) -> String? {
        guard case .relationship(let removed) = property, let inverseName = removed.inverseName,
            let target = removed.destinationEntityName, let sourceTarget = matcher.sourceEntities[target],
            let inverse = ModelMatcher.visibleProperty(
                named: inverseName, of: sourceTarget, in: matcher.sourceEntities),
            case .relationship(let sourceInverse) = inverse, !sourceInverse.isToMany,
            let mappedTarget = matcher.destinationNames[target],
            let destinationTarget = matcher.destinationEntities[mappedTarget]
        else { return nil }
        let keptVisible = VisibleProperties(of: destinationTarget, in: matcher.destinationEntities)
        let kept = keptVisible.references.first { keptVisible.renamingIdentifier($0) == inverse.renamingIdentifier }
            .map(keptVisible.property)
        guard case .relationship(let survivor)? = kept, !survivor.isToMany, survivor.isStored,
            let pointsAt = survivor.destinationEntityName, let back = matcher.destinationEntities[pointsAt],
            ModelMatcher.root(of: back, in: matcher.destinationEntities)
                == ModelMatcher.root(of: destination, in: matcher.destinationEntities)
        else { return nil }
        return "\(mappedTarget).\(survivor.name)"
    }

    /// The ancestors of the two entities being compared (parent first), walked once for all their properties.
    struct Ancestry {
        let source: [String]
        let destination: [String]
    }

    func ancestry(of source: Entity, _ destination: Entity) -> Ancestry {
        Ancestry(
            source: Self.ancestors(of: source, in: matcher.sourceEntities),
            destination: Self.ancestors(of: destination, in: matcher.destinationEntities))
    }

    /// The removed property is declared by an ancestor of `source` (`declarer`, from the property's place in the
    /// source's visible properties) whose counterpart is still an ancestor of `destination`: that ancestor lost it
    /// too, and its own comparison reports the removal.
    func removedFromParent(declaredBy declarer: String, of source: Entity, ancestry: Ancestry) -> Bool {
        guard declarer != source.name, let counterpart = matcher.destinationNames[declarer] else { return false }
        return ancestry.destination.contains(counterpart)
    }

    /// The added property is declared by an ancestor of `destination` that was already an ancestor of `source`:
    /// the ancestor's own comparison reports the addition.
    func addedToParent(declaredBy declarer: String, of destination: Entity, ancestry: Ancestry) -> Bool {
        guard declarer != destination.name, let counterpart = matcher.entityMapping[declarer] else { return false }
        return ancestry.source.contains(counterpart)
    }

    /// Parent first, then its parent (`Entity.lineage` without the entity itself).
    static func ancestors(of entity: Entity, in entities: [String: Entity]) -> [String] {
        guard entity.parentName != nil else { return [] }
        return Array(entity.lineageNames(in: entities).dropFirst())
    }

    /// Two entities of the destination's mapped source are the same or in one hierarchy.
    func related(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b, let first = matcher.sourceEntities[a], let second = matcher.sourceEntities[b] else {
            return false
        }
        return ModelMatcher.root(of: first, in: matcher.sourceEntities)
            == ModelMatcher.root(of: second, in: matcher.sourceEntities)
    }

    /// The old destination's rows are still instances of the new destination: in the destination model, the old
    /// destination's counterpart is the new one or descends from it (a parent added above it, possibly new itself,
    /// which the source's hierarchies cannot show). A new child as destination is not: old rows are not its instances.
    func stillInstances(of oldDestination: String?, in newDestination: String?) -> Bool {
        guard let oldDestination, let newDestination, let counterpart = matcher.destinationNames[oldDestination],
            let entity = matcher.destinationEntities[counterpart]
        else { return false }
        return entity.lineageNames(in: matcher.destinationEntities).contains(newDestination)
    }

    /// Entities from separate source hierarchies given one common parent: never inferred.
    /// Only a destination hierarchy of two entities or more can hold several: the others are not looked at.
    mutating func checkHierarchyMerges() {
        let hierarchies =
            matcher.destinationProperties?.hierarchies
            ?? StoredProperties.hierarchies(of: matcher.destination, in: matcher.destinationEntities)
        for (root, members) in hierarchies {
            var sourceRoots: Set<String> = []
            for name in members {
                // The source entity's parent read in place: copying each entity out of the dictionary cost more.
                guard let sourceName = matcher.entityMapping[name],
                    let source = matcher.sourceEntities.index(forKey: sourceName)
                else { continue }
                let parent = matcher.sourceEntities[source].value.parentName
                sourceRoots.insert(ModelMatcher.root(of: sourceName, parent: parent, in: matcher.sourceEntities))
            }
            guard sourceRoots.count > 1 else { continue }
            let location = matcher.destinationEntities[root]?.location ?? matcher.destination.span.element
            add(
                .notInferable, .migrationHierarchyMerge, root,
                "the hierarchies of " + sourceRoots.sorted().map { "'\($0)'" }.joined(separator: " and ")
                    + " are merged under '\(root)': inferred migration cannot merge entity hierarchies", at: location)
        }
    }

    /// A removal is prepared when the source is the interim build of the two-build retirement: the last version
    /// with the removed attribute (the next one retires it), which kept it from the version before and introduced
    /// beside it a replacement that the destination keeps. Any other source skips the interim build's copy.
    /// `retirement`: what decides it for the entity pair, worked out at the first removal that asks (nil before),
    /// the version before only once a removal is not in the next one (most removals on a long path still are).
    func preparedRetirement(
        of property: Property, from source: Entity, to destination: Entity,
        retirement: inout Retirement??
    ) -> Bool {
        if retirement == nil { retirement = .some(self.retirement(from: source)) }
        guard let known = retirement, var context = known else { return false }
        // Inherited properties count: an attribute moved up to a parent is neither retired nor introduced.
        let identifier = property.renamingIdentifier
        guard context.next?.contains(identifier) != true else { return false }
        if context.before == nil {
            context.before = .some(self.before(context, from: source, to: destination))
            retirement = .some(context)
        }
        guard let asked = context.before, let before = asked else { return false }
        return before.identifiers.contains(identifier) && before.replacements.contains { Self.canHold($0, property) }
    }

    /// A replacement holds what it replaces when the data can have been copied into it (#49): of the same kind, and
    /// an attribute of the same type or one that holds every old value (wider, or Double for an integer); or,
    /// introduced for it by name (the retired property's name or canonical name), a numeric type or one the app's
    /// copy can convert the values to (text to and from scalars, as the rename-add-backfill recipe's `createdAt`
    /// Date for the old String; dates and intervals; binary and transformable); a relationship to the same
    /// destination, or named for it. A Date `createdAt` beside a retired UUID `identifier` is neither, and a Boolean
    /// named like a retired String cannot hold it: the values are dropped.
    static func canHold(_ replacement: Property, _ retired: Property) -> Bool {
        let named =
            NameLikeness.alike(retired.name, replacement.name)
            || NameLikeness.alike(retired.renamingIdentifier, replacement.name)
        switch (replacement, retired) {
        case let (.attribute(new), .attribute(old)):
            guard let from = old.type, let to = new.type else { return false }
            if from == to || to.conversion(from: from) == .converted { return true }
            return named && ((from.isNumeric && to.isNumeric) || convertible(from, to))
        case let (.relationship(new), .relationship(old)):
            return new.destinationEntityName == old.destinationEntityName || named
        default:
            return false
        }
    }

    /// Value conversions an app's own copy makes: scalars to text and back (not text to Boolean), a date to its
    /// interval and back, archived objects to bytes and back.
    static func convertible(_ from: AttributeType, _ to: AttributeType) -> Bool {
        let scalars: Set<AttributeType> = [
            .integer16, .integer32, .integer64, .decimal, .double, .float, .date, .uuid,
            .uri,
        ]
        switch (from, to) {
        case (.string, _): return scalars.contains(to)
        case (_, .string): return scalars.contains(from) || from == .boolean
        case (.date, .double), (.double, .date), (.binary, .transformable), (.transformable, .binary): return true
        default: return false
        }
    }

    /// The identifiers the entity has in the version after the source (nil when it has none there), and once asked,
    /// those it had in the version before and the properties the source introduced that the destination keeps (nil
    /// when it has no version before). The whole is nil when the source is the first or the last version.
    struct Retirement {
        let index: Int
        let next: Set<String>?
        var before: ((identifiers: Set<String>, replacements: [Property])?)?
    }

    func retirement(from source: Entity) -> Retirement? {
        guard let index = history.firstIndex(where: { $0.versionName == matcher.source.versionName }), index > 0,
            index + 1 < history.count
        else { return nil }
        return Retirement(index: index, next: visibleIdentifiers(of: source.name, version: index + 1), before: nil)
    }

    private func before(
        _ context: Retirement, from source: Entity,
        to destination: Entity
    ) -> (identifiers: Set<String>, replacements: [Property])? {
        guard let before = visibleIdentifiers(of: source.name, version: context.index - 1) else { return nil }
        let kept = Set(ModelMatcher.visibleIdentifiers(of: destination, in: matcher.destinationEntities))
        let visible = VisibleProperties(of: source, in: matcher.sourceEntities)
        let introduced = visible.references.filter { reference in
            let identifier = visible.renamingIdentifier(reference)
            return !before.contains(identifier) && kept.contains(identifier)
        }
        return (before, introduced.map(visible.property))
    }

    func entities(ofVersion index: Int) -> [String: Entity] {
        historyEntities?[index] ?? history[index].entitiesByName
    }

    func visibleIdentifiers(of entityName: String, version index: Int) -> Set<String>? {
        let entities = entities(ofVersion: index)
        guard let entity = entities[entityName] else { return nil }
        return Set(ModelMatcher.visibleIdentifiers(of: entity, in: entities))
    }

    /// Whether a removed property (by renaming ID, in the source entity) disappears in the same version step as an
    /// added one (in the destination entity) appears: a rename happens in one step, so a property removed two
    /// versions before another is added is not renamed to it (one version late is allowed for a name that extends the
    /// old one). Without the history between, any pair may be.
    func changedInOneStep(removed: String, of sourceEntity: String, added: String, of destinationEntity: String) -> Bool
    {
        guard let first = history.firstIndex(where: { $0.versionName == matcher.source.versionName }),
            let last = history.firstIndex(where: { $0.versionName == matcher.destination.versionName }),
            last > first + 1
        else { return true }
        var removedAt: Int?, addedAt: Int?
        for version in (first + 1)...last where removedAt == nil || addedAt == nil {
            if removedAt == nil, visibleIdentifiers(of: sourceEntity, version: version)?.contains(removed) != true {
                removedAt = version
            }
            if addedAt == nil, visibleIdentifiers(of: destinationEntity, version: version)?.contains(added) == true {
                addedAt = version
            }
        }
        guard let removedAt, let addedAt else { return removedAt == addedAt }
        // A rename whose new name arrives one version late (`votingStatus` removed, `votingStatusRaw` added in the
        // next version): still a hint when the new name is the old one extended, or the same but for case or a typo.
        // `date` then `startDate` is not (#37); neither is anything two versions apart.
        if addedAt == removedAt + 1 {
            return added.lowercased().hasPrefix(removed.lowercased()) || (NameLikeness.tier(removed, added) ?? 0) >= 2
        }
        return removedAt == addedAt
    }

    /// Every property name the entity had in the versions before the source.
    func earlierNames(of source: Entity) -> Set<String> {
        guard let index = history.firstIndex(where: { $0.versionName == matcher.source.versionName }) else { return [] }
        return Set((0..<index).compactMap { entities(ofVersion: $0)[source.name] }.flatMap(\.propertyNames))
    }
}
