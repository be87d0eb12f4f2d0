/// One pair of matched properties compared: what inferred migration does with each (the attribute rules are in
/// `PairAnalysis+Attributes.swift`), and how a property is named in findings.
extension PairAnalysis {
    /// Both sides are read where they are (`old` where its entity declares it, `new` in the destination's list):
    /// copying each matched property whole cost more than comparing.
    mutating func compare(
        _ old: VisibleProperties.Reference, of visible: VisibleProperties, _ position: Int,
        of properties: [Property], in entity: Entity, from sourceEntity: String, synced: Bool
    ) {
        switch properties[position] {
        case .attribute(let b) where old.kind == .attribute:
            let a = visible.lineage[old.depth].attributes[old.index]
            // Nothing a check reports, and the same name: the common case, decided without the rest.
            if lowestVerdict > .inferable, a.name == b.name, a.type == b.type, !(a.isOptional && !b.isOptional) {
                return
            }
        case .relationship(let b) where old.kind == .relationship:
            let a = visible.lineage[old.depth].relationships[old.index]
            if lowestVerdict > .inferable, a.name == b.name, a.destinationEntityName == b.destinationEntityName,
                b.destinationEntityName.map({ matcher.entityMapping[$0] == $0 }) ?? true
            {
                return
            }
        default:
            break
        }
        compare(old, of: visible, properties[position], in: entity, from: sourceEntity, synced: synced)
    }

    mutating func compare(
        _ old: VisibleProperties.Reference, of visible: VisibleProperties, _ new: Property,
        in entity: Entity, from sourceEntity: String, synced: Bool
    ) {
        // Most matched pairs have nothing to say: the texts are made only for a finding.
        var label: String { "'\(entity.name).\(new.name)'" }
        var subject: String { "\(entity.name).\(new.name)" }
        if old.name != new.name {
            add(
                synced ? .notInferable : .inferable, synced ? .migrationCloudKitNotAdditive : .migrationInferable,
                subject,
                "'\(sourceEntity).\(old.name)' is renamed to \(label) (renaming ID '\(new.renamingIdentifier)')"
                    + (synced ? "; a CloudKit-mirrored schema is additive-only and cannot rename" : ""),
                at: new.location)
        }
        switch new {
        case .attribute(let b):
            switch old.kind {
            case .attribute:
                compareAttributes(
                    visible.lineage[old.depth].attributes[old.index], b, label: label, subject: subject,
                    at: new.location)
            case .relationship:
                addKindChange(
                    label: label, subject: subject, in: entity, at: new.location,
                    was: Self.kind(visible.lineage[old.depth].relationships[old.index]), is: Self.kind(b))
            case .fetchedProperty: break
            }
        case .relationship(let b):
            switch old.kind {
            case .relationship:
                compareRelationships(
                    visible.lineage[old.depth].relationships[old.index], b, label: label,
                    subject: subject, at: new.location)
            case .attribute:
                addKindChange(
                    label: label, subject: subject, in: entity, at: new.location,
                    was: Self.kind(visible.lineage[old.depth].attributes[old.index]), is: Self.kind(b))
            case .fetchedProperty: break
            }
        case .fetchedProperty:
            break
        }
    }

    mutating func compareRelationships(
        _ a: Relationship, _ b: Relationship, label: @autoclosure () -> String,
        subject: @autoclosure () -> String, at location: @autoclosure () -> SourceLocation
    ) {
        let mappedDestination = b.destinationEntityName.flatMap { matcher.entityMapping[$0] }
        if a.destinationEntityName != mappedDestination, !related(a.destinationEntityName, mappedDestination),
            !stillInstances(of: a.destinationEntityName, in: b.destinationEntityName)
        {
            add(
                .notInferable, .migrationDestinationChange, subject(),
                "\(label()) now points at '\(b.destinationEntityName ?? "?")', unrelated to its old destination "
                    + "'\(a.destinationEntityName ?? "?")': inferred migration cannot move the links", at: location())
        }
        if a.isToMany != b.isToMany || a.isOrdered != b.isOrdered || a.minCount != b.minCount
            || a.maxCount != b.maxCount
        {
            add(
                .inferable, .migrationInferable, subject(), "\(label()) changes cardinality or ordering", at: location()
            )
        }
        if a.isOptional && !b.isOptional {
            add(
                .inferable, .migrationInferable, subject(),
                "\(label()) becomes required: rows without a link fail validation on their next save", at: location())
        }
    }

    /// Which way and where: "'Status.mentions' is a to-many relationship in 'V2' and a Binary attribute in 'V9'".
    mutating func addKindChange(
        label: String, subject: String, in entity: Entity, at location: SourceLocation,
        was old: String, is new: String
    ) {
        let (from, to) = (matcher.source.versionName, matcher.destination.versionName)
        add(
            .notInferable, .migrationKindChange, subject,
            "\(label) is \(old) in '\(from)' and \(new) in '\(to)': "
                + "inferred migration cannot turn one into the other",
            at: location, listing: ChangeListing(scope: entity.name, name: label))
    }

    static func kind(_ attribute: Attribute) -> String { "a \(attribute.type?.rawValue ?? "Undefined") attribute" }

    static func kind(_ relationship: Relationship) -> String {
        relationship.isToMany ? "a to-many relationship" : "a to-one relationship"
    }

    static func isRenamed(_ property: Property) -> Bool { property.renamingIdentifier != property.name }
}
