/// The shipped-record entry of a model version, from its compiled form: what the compiled `.mom` holds
/// is exactly what must not change, and layout, whitespace, order and tool versions never reach it.
public enum VersionFingerprint {
    /// Archive keys whose values are worth naming in a message, by the words Xcode's inspector uses.
    static let entityFacts = ["NSClassNameForEntity": "class name", "NSRenamingIdentifier": "renaming ID",
                              "NSVersionHashModifier": "version hash modifier", "NSIsAbstract": "abstract flag"]
    static let propertyFacts = ["NSDefaultValue": "default value", "NSRenamingIdentifier": "renaming ID",
                                "NSValueTransformerName": "value transformer", "NSAttributeValueClassName": "value class",
                                "NSDeleteRule": "delete rule", "NSVersionHashModifier": "version hash modifier"]

    public static func record(for model: ManagedObjectModel) -> ShippedVersion {
        let hashes = VersionHasher.hashes(for: model)
        let lines = (try? KeyedArchive(bytes: ModelArchiver.momData(for: model))).map { ArchiveDump.lines($0) } ?? []
        var groups = Groups()
        for line in lines { groups.add(line) }
        var entities: [String: ShippedEntity] = [:]
        for entity in model.entities where entities[entity.name] == nil {
            var properties: [String: ShippedProperty] = [:]
            for property in entity.properties where properties[property.name] == nil {
                let propertyLines = groups.properties[entity.name]?[property.name] ?? []
                properties[property.name] = ShippedProperty(
                    versionHash: hashes.propertyHashes[entity.name]?[property.name].map(Base64.encode),
                    digest: digest(propertyLines), facts: facts(propertyLines, propertyFacts, name: property.name))
            }
            let entityLines = groups.entities[entity.name] ?? []
            entities[entity.name] = ShippedEntity(versionHash: Base64.encode(hashes.entityHashes[entity.name] ?? []),
                                                  digest: digest(entityLines), facts: facts(entityLines, entityFacts, name: entity.name),
                                                  properties: properties)
        }
        return ShippedVersion(versionChecksum: hashes.versionChecksum, modelDigest: digest(groups.model), entities: entities)
    }

    /// Dump lines split by what they describe, with paths made relative to it.
    private struct Groups {
        var model: [String] = []
        var entities: [String: [String]] = [:]
        var properties: [String: [String: [String]]] = [:]

        mutating func add(_ line: ArchiveDump.Line) {
            let prefix = "root.NSEntities["
            guard line.path.hasPrefix(prefix), let close = line.path.firstIndex(of: "]") else {
                model.append(line.description)
                return
            }
            let entity = String(line.path[line.path.index(line.path.startIndex, offsetBy: prefix.count)..<close])
            let rest = String(line.path[line.path.index(after: close)...])
            let propertyPrefix = ".NSProperties["
            if rest.hasPrefix(propertyPrefix), let end = rest.firstIndex(of: "]") {
                let property = String(rest[rest.index(rest.startIndex, offsetBy: propertyPrefix.count)..<end])
                properties[entity, default: [:]][property, default: []].append(String(rest[rest.index(after: end)...]) + ": " + line.value)
            } else if rest != ".NSProperties" {
                entities[entity, default: []].append(rest + ": " + line.value)
            }
        }
    }

    private static func digest(_ lines: [String]) -> String {
        Base64.encode(Array(SHA256.hash(Array(lines.joined(separator: "\n").utf8)).prefix(16)))
    }

    /// Values that go without saying, left out to keep the record short.
    static let plainValueClasses: Set<String> = ["NSNumber", "NSString", "NSDate", "NSData", "NSUUID", "NSURL", "NSDecimalNumber"]
        .reduce(into: []) { $0.insert("string \"\($1)\"") }

    /// Readable name -> value for the named keys present, a key's nested lines joined into one value;
    /// defaults (a renaming ID equal to the name, a standard value class) are left out.
    private static func facts(_ lines: [String], _ keys: [String: String], name: String) -> [String: String]? {
        var result: [String: String] = [:]
        for (key, readable) in keys {
            let own = lines.filter { $0.hasPrefix("." + key + ":") || $0.hasPrefix("." + key + ".") || $0.hasPrefix("." + key + "[") }
            let values = own.map { line -> String in
                let rest = line.dropFirst(key.count + 1)
                return String(rest.hasPrefix(": ") ? rest.dropFirst(2) : rest)
            }
            let value = values.joined(separator: "; ")
            guard !values.isEmpty, value != "nil", !(key == "NSRenamingIdentifier" && value == "string \"\(name)\""),
                  !(key == "NSAttributeValueClassName" && plainValueClasses.contains(value)) else { continue }
            result[readable] = value
        }
        return result.isEmpty ? nil : result
    }
}
