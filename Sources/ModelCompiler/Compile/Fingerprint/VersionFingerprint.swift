/// What the shipped record holds for one version (Docs/ShippedRecordFormat.md): its `versionChecksum`; per
/// entity and per property the version hash (what a store's metadata records) and a digest of the version's
/// other compiled facts; a digest of the model-level facts; and a few facts spelled out, so that a change the
/// hashes cannot see can be named. Computed from the typed model by a canonical encoding, never from dump text
/// or archive bytes, so that a record verifies unchanged with every later openmomc.
struct VersionFingerprint: Codable, Equatable, Sendable {
    var versionChecksum: String
    /// Digest of the facts outside the entities: fetch request templates, configurations, composites, version identifier.
    var modelDigest: String
    var entities: [String: EntityFingerprint]

    /// Whether both say the same about the model; the readable facts only explain a difference.
    func matches(_ other: VersionFingerprint) -> Bool {
        versionChecksum == other.versionChecksum && modelDigest == other.modelDigest
            && entities.count == other.entities.count
            && entities.allSatisfy { name, entity in other.entities[name].map(entity.matches) ?? false }
    }
}

struct EntityFingerprint: Codable, Equatable, Sendable {
    var versionHash: String
    /// Digest of the entity's facts other than its properties.
    var digest: String
    var facts: [String: String]?
    var properties: [String: PropertyFingerprint]

    func matches(_ other: EntityFingerprint) -> Bool {
        versionHash == other.versionHash && digest == other.digest && properties.count == other.properties.count
            && properties.allSatisfy { name, property in other.properties[name].map(property.matches) ?? false }
    }
}

struct PropertyFingerprint: Codable, Equatable, Sendable {
    /// Absent for fetched properties, which have no version hash.
    var versionHash: String?
    var digest: String
    var facts: [String: String]?

    func matches(_ other: PropertyFingerprint) -> Bool { versionHash == other.versionHash && digest == other.digest }
}

/// Computes fingerprints in a given record format.
struct Fingerprinter {
    /// The format `mark-shipped` writes.
    static let currentFormat = 3
    /// Formats this release verifies: every one since the canonical encoding replaced dump-text digests.
    static let readableFormats = 2...currentFormat

    let writer: FactWriter

    init(format: Int = Fingerprinter.currentFormat) { writer = FactWriter(format: format) }

    func fingerprint(_ model: ManagedObjectModel, hashes: VersionHashes) -> VersionFingerprint {
        var entities: [String: EntityFingerprint] = [:]
        for entity in model.entities where entities[entity.name] == nil {
            entities[entity.name] = fingerprint(
                entity, hashes: hashes.propertyHashes[entity.name] ?? [:],
                versionHash: hashes.entityHashes[entity.name] ?? [])
        }
        return VersionFingerprint(
            versionChecksum: hashes.versionChecksum, modelDigest: Self.digest(modelFacts(model)),
            entities: entities)
    }

    private func fingerprint(_ entity: Entity, hashes: [String: [UInt8]], versionHash: [UInt8]) -> EntityFingerprint {
        var properties: [String: PropertyFingerprint] = [:]
        for attribute in entity.attributes where properties[attribute.name] == nil {
            properties[attribute.name] = property(attribute, FingerprintFacts.attribute, hash: hashes[attribute.name])
        }
        for relationship in entity.relationships where properties[relationship.name] == nil {
            properties[relationship.name] = property(
                relationship, FingerprintFacts.relationship, hash: hashes[relationship.name])
        }
        for fetched in entity.fetchedProperties where properties[fetched.name] == nil {
            let request =
                fetched.fetchRequest.map { writer.lines($0, FingerprintFacts.fetchRequest, prefix: "fetchRequest.") }
                ?? ""
            properties[fetched.name] = property(fetched, FingerprintFacts.fetchedProperty, hash: nil, then: request)
        }
        return EntityFingerprint(
            versionHash: Base64.encode(versionHash), digest: Self.digest(writer.lines(entity, FingerprintFacts.entity)),
            facts: writer.readable(entity, FingerprintFacts.entity), properties: properties)
    }

    /// `then`: nested facts written after the property's own.
    private func property<Subject>(
        _ subject: Subject, _ facts: [Fact<Subject>], hash: [UInt8]?, then nested: String = ""
    )
        -> PropertyFingerprint
    {
        PropertyFingerprint(
            versionHash: hash.map(Base64.encode), digest: Self.digest(writer.lines(subject, facts) + nested),
            facts: writer.readable(subject, facts))
    }

    /// Model-level facts, each group in name order (the first of duplicate names counts, as in the archive).
    func modelFacts(_ model: ManagedObjectModel) -> String {
        var output = ""
        if let identifier = model.metadata.versionIdentifier, !identifier.isEmpty {
            output += "versionIdentifier=" + CanonicalValue.string(identifier).text + "\n"
        }
        for request in Self.firstByName(model.fetchRequests, \.name) {
            output += writer.lines(request, FingerprintFacts.fetchRequest, prefix: "fetchRequest[\(request.name)].")
        }
        for configuration in Self.firstByName(model.configurations, \.name) {
            let members = Set(configuration.members.map(\.entityName)).sorted(by: CanonicalValue.byteOrder)
            output +=
                "configuration[\(configuration.name)]=" + CanonicalValue.list(members.map(CanonicalValue.string)).text
                + "\n"
        }
        for composite in Self.firstByName(model.composites, \.name) {
            for attribute in Self.firstByName(composite.attributes, \.name) {
                output += writer.lines(
                    attribute, FingerprintFacts.attribute,
                    prefix: "composite[\(composite.name)].attribute[\(attribute.name)].")
            }
        }
        return output
    }

    private static func firstByName<T>(_ items: [T], _ name: KeyPath<T, String>) -> [T] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0[keyPath: name]).inserted }
            .sorted { CanonicalValue.byteOrder($0[keyPath: name], $1[keyPath: name]) }
    }

    /// Base64 of the first 16 bytes of the SHA-256 of the encoding's UTF-8.
    static func digest(_ encoding: String) -> String {
        Base64.encode(Array(SHA256.hash(Array(encoding.utf8)).prefix(16)))
    }
}
